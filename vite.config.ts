// Vite builds the renderer (the React station) into out/renderer; main and preload are bundled for Electron alongside.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react()],
  build: {
    outDir: '../out/renderer',
    emptyOutDir: true,
    sourcemap: true,
  },
  server: { host: '127.0.0.1', strictPort: false },
});
