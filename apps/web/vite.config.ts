import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// The API the dev and preview servers forward /api to (the Fastify server by default).
const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:3000';
const proxy = { '/api': { target: apiTarget, changeOrigin: true } };

// The 'source' condition makes @scrutineer/contracts resolve to its TypeScript sources.
export default defineConfig({
  plugins: [
    react(),
    // The service worker (sw/sw.ts) precaches the built app for offline use; the page registers
    // it and offers a reload when a new build is waiting (src/app/service-worker-toast.tsx).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,woff2}'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
  resolve: { conditions: ['source', 'module', 'browser', 'development|production'] },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy,
  },
  preview: {
    host: '127.0.0.1',
    port: 4173,
    proxy,
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 800,
    // Libraries change less often than the app: separate chunks stay cached across releases.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Higher priorities claim their modules (and what those import) first.
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
              priority: 4,
            },
            { name: 'mui', test: /node_modules[\\/](@mui[\\/](?!x-)|@emotion)/, priority: 3 },
            // The data grid is needed by the list screens only, not by sign-in.
            { name: 'mui-x', test: /node_modules[\\/]@mui[\\/]x-/, priority: 2 },
            { name: 'vendor', test: /node_modules/, priority: 1 },
          ],
        },
      },
    },
  },
});
