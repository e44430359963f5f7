import { defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';

export default defineConfig({
  plugins: [svelte()],
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' },
  // the analysis worker (src/workers/engine.worker.ts) is a module worker: ES output, like the page
  worker: { format: 'es' },
  server: { proxy: { '/socket.io': { target: 'http://localhost:3000', ws: true } } },
});
