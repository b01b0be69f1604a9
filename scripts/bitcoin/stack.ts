import type { DevChain } from '../families.js'

/**
 * Bitcoin in `npm start`: bcoin in regtest (a validating node in JS) behind an Esplora-compatible
 * REST, seeded with sixteen months of history (docs/bitcoin-node.md); never part of a deployment.
 */
export const bitcoinDevChain: DevChain = {
  step: 'dev Bitcoin node (bcoin regtest, Esplora REST, seeded history)',
  // e2e/support/bitcoinNode.ts reads the node at this port.
  ports: { LATCH_BITCOIN_PORT: 18002 },
  serverVariables: ['LATCH_BITCOIN_ESPLORA'],
  async start() {
    const { bitcoinPort, startDevBitcoin } = await import('./index.js')
    const bitcoin = await startDevBitcoin({ port: bitcoinPort(), mineEveryMs: 5_000 })
    return {
      ready: Promise.resolve(
        `${bitcoin.url}, node up and seeded in ${(bitcoin.startMs / 1000).toFixed(2)} s`,
      ),
      stop: () => bitcoin.stop(),
      serverEnv: {
        // History, balances and the Esplora pass-through of the node's regtest chain
        // (docs/bitcoin-server.md); its CAIP-2 id is regtest's genesis hash prefix.
        LATCH_BITCOIN_ESPLORA: `bip122:0f9188f13cb7b2c71f2a335e3a4fc328=${bitcoin.url}`,
      },
      // The web app offers the regtest chain, through the server's Esplora pass-through, unless
      // the developer named another network.
      webEnv: { VITE_LATCH_BITCOIN_NETWORK: process.env.VITE_LATCH_BITCOIN_NETWORK ?? 'regtest' },
      summary: () =>
        `  bitcoin       ${bitcoin.url}   (Esplora REST on bcoin regtest, node started in ${(bitcoin.startMs / 1000).toFixed(2)} s; ${bitcoin.seed.blocks} blocks, a block every 5 s while the mempool holds transactions; payment ${bitcoin.addresses.payment} (${bitcoin.seed.paymentTransactions} seeded transactions), ordinal ${bitcoin.addresses.ordinal}; development only)`,
    }
  },
}
