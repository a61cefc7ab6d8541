import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress.ts';

// `vite dev` talks to a running shop (npm start) for everything the BFF answers.
const shop = 'http://localhost:3000';

export default defineConfig({
  root: 'client',
  publicDir: 'public',
  plugins: [react({ jsxImportSource: '@emotion/react' }), precompress()],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    // Route-level lazy imports already split the admin area, d3, the wallet SDK and the chat client.
    chunkSizeWarningLimit: 300,
  },
  server: {
    proxy: {
      '/api': { target: shop, changeOrigin: false },
      '/images': { target: shop, changeOrigin: false },
      '/socket.io': { target: shop, ws: true, changeOrigin: false },
    },
  },
});
