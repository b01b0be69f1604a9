import react from '@vitejs/plugin-react'
import { defaultClientConditions, defineConfig } from 'vite'

// `npm start` runs the dev chain on LATCH_CHAIN_PORT; the app's dev network must point there.
const chainRpcUrl =
  process.env.VITE_LATCH_CHAIN_RPC_URL ??
  (process.env.LATCH_CHAIN_PORT ? `http://127.0.0.1:${process.env.LATCH_CHAIN_PORT}` : '')

export default defineConfig({
  plugins: [react()],
  // Workspace packages resolve to their TypeScript sources; the browser conditions stay, or
  // dependencies with a Node build (ws, via viem) would be bundled in their Node form.
  resolve: { conditions: ['latch-source', ...defaultClientConditions] },
  define: { 'import.meta.env.VITE_LATCH_CHAIN_RPC_URL': JSON.stringify(chainRpcUrl) },
  server: { host: 'localhost', strictPort: true },
  preview: { host: 'localhost', strictPort: true },
  build: { target: 'es2022', sourcemap: true },
})
