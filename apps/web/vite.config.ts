import { defineConfig } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';

export default defineConfig({
  plugins: [svelte()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // each language's messages are a chunk of their own (src/lib/i18n/messages.ts), named for what they are
        chunkFileNames: (chunk) => (/\/src\/lib\/i18n\/\w+\.json$/.test(chunk.facadeModuleId ?? '') ? 'assets/messages-[name]-[hash].js' : 'assets/[name]-[hash].js'),
      },
    },
  },
  // the analysis worker (src/workers/engine.worker.ts) is a module worker: ES output, like the page
  worker: { format: 'es' },
  server: { proxy: { '/socket.io': { target: 'http://localhost:3000', ws: true } } },
});
