import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The SPA: built into dist/web and served by the Fastify server; `npm run dev` proxies the API to it.
const apiTarget = process.env.API_URL ?? 'http://localhost:3001';

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    modulePreload: { polyfill: false },
  },
  server: {
    port: 3000,
    proxy: Object.fromEntries(['/api', '/storefront', '/media', '/healthz'].map((path) => [path, apiTarget])),
  },
});
