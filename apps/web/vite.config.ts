import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// `npm start` runs the dev chain on LATCH_CHAIN_PORT; the app's dev network must point there.
const chainRpcUrl =
  process.env.VITE_LATCH_CHAIN_RPC_URL ??
  (process.env.LATCH_CHAIN_PORT ? `http://127.0.0.1:${process.env.LATCH_CHAIN_PORT}` : '')

export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['latch-source'] },
  define: { 'import.meta.env.VITE_LATCH_CHAIN_RPC_URL': JSON.stringify(chainRpcUrl) },
  server: { host: 'localhost', strictPort: true },
  preview: { host: 'localhost', strictPort: true },
  build: { target: 'es2022', sourcemap: true },
})
