import type { DevChain } from '../families.js'

/**
 * Cosmos in `npm start`: no SDK node installs here, so a model of one (auth + bank, real signature
 * checks) speaks CometBFT RPC and the REST, seeded with sixteen months of history
 * (docs/cosmos-node.md); never part of a deployment.
 */
export const cosmosDevChain: DevChain = {
  step: 'dev Cosmos node (CometBFT RPC + REST model, seeded history)',
  // e2e's cosmos specs reach the REST at this port.
  ports: { LATCH_COSMOS_RPC_PORT: 18004, LATCH_COSMOS_REST_PORT: 18005 },
  serverVariables: ['LATCH_COSMOS_NODES'],
  async start() {
    const { cosmosPorts, startDevCosmos } = await import('./index.js')
    const cosmos = await startDevCosmos({ ...cosmosPorts(), blocks: { delayMs: 2_000 } })
    return {
      ready: Promise.resolve(
        `${cosmos.rpcUrl} and ${cosmos.restUrl}, node up and seeded in ${(cosmos.startMs / 1000).toFixed(2)} s`,
      ),
      stop: () => cosmos.stop(),
      // History, balances and sign-in of the node's chain (docs/cosmos-server.md).
      serverEnv: {
        LATCH_COSMOS_NODES: `cosmos:${cosmos.chainId}=${cosmos.rpcUrl}|${cosmos.restUrl}`,
      },
      // Read by the page and the wallet directly on loopback (docs/cosmos.md).
      webEnv: {
        VITE_LATCH_COSMOS_RPC_URL: cosmos.rpcUrl,
        VITE_LATCH_COSMOS_REST_URL: cosmos.restUrl,
      },
      summary: () =>
        `  cosmos        ${cosmos.rpcUrl}   (CometBFT RPC; REST ${cosmos.restUrl}; a model of an SDK 0.50 chain, chain id ${cosmos.chainId}, node started in ${(cosmos.startMs / 1000).toFixed(2)} s; ${cosmos.seed.blocks} blocks, a block 2 s after a transaction arrives; wallet ${cosmos.accounts.wallet.address} (${cosmos.seed.walletTransactions} seeded transactions); development only)`,
    }
  },
}
