import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The server-render bundle (decision 006): client/entry-server.tsx built for Node into
 * dist/server, which the BFF imports by path at run time. Packages stay external (node_modules
 * resolves them); the client's own code, lazy route chunks included, is bundled.
 */
export default defineConfig({
  root: 'client',
  // The icons and sounds are the browser's (dist/client); the server needs none.
  publicDir: false,
  plugins: [react({ jsxImportSource: '@emotion/react' })],
  build: {
    ssr: 'entry-server.tsx',
    outDir: '../dist/server',
    emptyOutDir: true,
    target: 'node20',
    rollupOptions: { output: { entryFileNames: 'entry-server.js' } },
  },
});
