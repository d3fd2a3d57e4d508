// Vite builds the renderer (the React station) into out/renderer; main and preload are bundled for Electron alongside.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { initialSizePlugin } from './scripts/vite-initial-size.ts';

export default defineConfig({
  root: 'renderer',
  base: './',
  // initialSizePlugin prints the initial JavaScript (gzip) the first screen loads.
  plugins: [react(), initialSizePlugin()],
  build: {
    outDir: '../out/renderer',
    emptyOutDir: true,
    sourcemap: true,
  },
  server: { host: '127.0.0.1', strictPort: false },
});
