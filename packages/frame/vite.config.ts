import { defineConfig } from 'vite'

// The secure frame is its own site: served from 127.0.0.1 while the app is on localhost,
// so the browser isolates its storage exactly as a separate production domain would.
export default defineConfig({
  resolve: { conditions: ['latch-source'] },
  server: { host: '127.0.0.1', strictPort: true },
  preview: { host: '127.0.0.1', strictPort: true },
  build: { target: 'es2022', outDir: 'dist/app', emptyOutDir: true },
})
