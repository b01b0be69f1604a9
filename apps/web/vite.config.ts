import react from '@vitejs/plugin-react'
import { defaultClientConditions, defineConfig } from 'vite'

// `npm start` runs the dev chain on LATCH_CHAIN_PORT; the app's dev network must point there.
const chainRpcUrl =
  process.env.VITE_LATCH_CHAIN_RPC_URL ??
  (process.env.LATCH_CHAIN_PORT ? `http://127.0.0.1:${process.env.LATCH_CHAIN_PORT}` : '')

// `npm start` runs the local Solana cluster on LATCH_SOLANA_PORT (docs/solana.md).
const solanaRpcUrl =
  process.env.VITE_LATCH_SOLANA_RPC_URL ??
  (process.env.LATCH_SOLANA_PORT ? `http://127.0.0.1:${process.env.LATCH_SOLANA_PORT}` : '')

// Bitcoin (docs/bitcoin.md): `npm start` runs the dev node (regtest) on LATCH_BITCOIN_PORT; the
// app reads it through the server's Esplora pass-through, so only the network is named here.
const bitcoinNetwork =
  process.env.VITE_LATCH_BITCOIN_NETWORK ?? (process.env.LATCH_BITCOIN_PORT ? 'regtest' : '')

// Cosmos (docs/cosmos.md): `npm start` runs the dev node's RPC and REST on these ports; the page
// reads the node directly (the server has no Cosmos pass-through yet).
const cosmosRpcUrl =
  process.env.VITE_LATCH_COSMOS_RPC_URL ??
  (process.env.LATCH_COSMOS_RPC_PORT ? `http://127.0.0.1:${process.env.LATCH_COSMOS_RPC_PORT}` : '')
const cosmosRestUrl =
  process.env.VITE_LATCH_COSMOS_REST_URL ??
  (process.env.LATCH_COSMOS_REST_PORT
    ? `http://127.0.0.1:${process.env.LATCH_COSMOS_REST_PORT}`
    : '')

// A build reads WalletConnect's settings under their LATCH_ names too (docs/walletconnect.md).
const walletConnectProjectId =
  process.env.VITE_LATCH_WALLETCONNECT_PROJECT_ID ??
  process.env.LATCH_WALLETCONNECT_PROJECT_ID ??
  ''
const walletConnectRelayUrl =
  process.env.VITE_LATCH_WALLETCONNECT_RELAY_URL ?? process.env.LATCH_WALLETCONNECT_RELAY_URL ?? ''

// Polkadot (docs/polkadot.md): `npm start` runs the dev chain on LATCH_POLKADOT_PORT; the page
// reads it over its WebSocket.
const polkadotRpcUrl =
  process.env.VITE_LATCH_POLKADOT_RPC_URL ??
  (process.env.LATCH_POLKADOT_PORT ? `ws://127.0.0.1:${process.env.LATCH_POLKADOT_PORT}` : '')

const modalChunk = /react[\\/]src[\\/](modal[\\/]Modal\.tsx|views[\\/](networkImage|email)\.ts)$/

export default defineConfig({
  plugins: [react()],
  // Workspace packages resolve to their TypeScript sources; the browser conditions stay, or
  // dependencies with a Node build (ws, via viem) would be bundled in their Node form.
  resolve: { conditions: ['latch-source', ...defaultClientConditions] },
  define: {
    'import.meta.env.VITE_LATCH_CHAIN_RPC_URL': JSON.stringify(chainRpcUrl),
    'import.meta.env.VITE_LATCH_SOLANA_RPC_URL': JSON.stringify(solanaRpcUrl),
    'import.meta.env.VITE_LATCH_BITCOIN_NETWORK': JSON.stringify(bitcoinNetwork),
    'import.meta.env.VITE_LATCH_COSMOS_RPC_URL': JSON.stringify(cosmosRpcUrl),
    'import.meta.env.VITE_LATCH_COSMOS_REST_URL': JSON.stringify(cosmosRestUrl),
    'import.meta.env.VITE_LATCH_POLKADOT_RPC_URL': JSON.stringify(polkadotRpcUrl),
    'import.meta.env.VITE_LATCH_WALLETCONNECT_PROJECT_ID': JSON.stringify(walletConnectProjectId),
    'import.meta.env.VITE_LATCH_WALLETCONNECT_RELAY_URL': JSON.stringify(walletConnectRelayUrl),
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
