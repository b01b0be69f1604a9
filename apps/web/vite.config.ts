import react from '@vitejs/plugin-react'
import { defaultClientConditions, defineConfig } from 'vite'
import { familyBuildVariables } from './src/families/buildVariables'

// `npm start` runs the dev chain on LATCH_CHAIN_PORT; the app's dev network must point there.
const chainRpcUrl =
  process.env.VITE_LATCH_CHAIN_RPC_URL ??
  (process.env.LATCH_CHAIN_PORT ? `http://127.0.0.1:${process.env.LATCH_CHAIN_PORT}` : '')

// A build reads WalletConnect's settings under their LATCH_ names too (docs/walletconnect.md).
const walletConnectProjectId =
  process.env.VITE_LATCH_WALLETCONNECT_PROJECT_ID ??
  process.env.LATCH_WALLETCONNECT_PROJECT_ID ??
  ''
const walletConnectRelayUrl =
  process.env.VITE_LATCH_WALLETCONNECT_RELAY_URL ?? process.env.LATCH_WALLETCONNECT_RELAY_URL ?? ''

const modalChunk = /react[\\/]src[\\/](modal[\\/]Modal\.tsx|views[\\/](networkImage|email)\.ts)$/

export default defineConfig({
  plugins: [react()],
  // Workspace packages resolve to their TypeScript sources; the browser conditions stay, or
  // dependencies with a Node build (ws, via viem) would be bundled in their Node form.
  resolve: { conditions: ['latch-source', ...defaultClientConditions] },
  define: {
    'import.meta.env.VITE_LATCH_CHAIN_RPC_URL': JSON.stringify(chainRpcUrl),
    'import.meta.env.VITE_LATCH_WALLETCONNECT_PROJECT_ID': JSON.stringify(walletConnectProjectId),
    'import.meta.env.VITE_LATCH_WALLETCONNECT_RELAY_URL': JSON.stringify(walletConnectRelayUrl),
    // The chain families' own (src/families/): a family without them folds away with its code.
    ...familyBuildVariables(process.env),
  },
  server: { host: 'localhost', strictPort: true },
  preview: { host: 'localhost', strictPort: true },
  build: {
    target: 'es2022',
    // No source maps in what gets deployed: they would publish the sources next to the app.
    // scripts/bench/bundle-breakdown.ts turns them on for its own analysis build.
    sourcemap: false,
    // Everything the page imports statically goes in one chunk. Left alone, the bundler splits it
    // into five (the code the lazy chunks share with the page): the same bytes, but gzipped
    // separately and tied together by import/export lists, ≈ 1.7 KiB more before the first click.
    // The modal (prefetched at idle) likewise takes in the two small helpers it shares with the
    // lazy history and email views instead of fetching them as chunks of their own.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'] },
            { name: 'Modal', test: modalChunk },
          ],
        },
      },
    },
  },
})
