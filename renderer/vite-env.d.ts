// Vite's module types for the renderer: imported stylesheets and assets.
/// <reference types="vite/client" />
