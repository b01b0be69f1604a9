import type { DevChain } from '../families.js'

/**
 * Solana in `npm start`: no validator installs here, so a local cluster on litesvm stands in,
 * seeded with sixteen months of history (docs/solana.md#the-local-cluster); never part of a
 * deployment. Loaded on start, so the stack's other parts do not wait for its modules.
 */
export const solanaDevChain: DevChain = {
  step: 'local Solana cluster (litesvm, seeded history)',
  // Its port is the stack's own LATCH_SOLANA_PORT (stack/env.ts), not one of `ports`.
  serverVariables: ['LATCH_SOLANA_CLUSTERS', 'LATCH_SOLANA_TOKENS'],
  async start({ env }) {
    const { startDevSolana, devTokenList, LOCAL_CLUSTER_CAIP2 } = await import('./index.js')
    const solana = await startDevSolana({ port: env.solanaPort })
    return {
      ready: Promise.resolve(solana.rpcUrl),
      stop: () => solana.stop(),
      serverEnv: {
        // History for the local cluster, its dev tokens named as a token list would.
        LATCH_SOLANA_CLUSTERS: `${LOCAL_CLUSTER_CAIP2}=${solana.rpcUrl}`,
        LATCH_SOLANA_TOKENS: await devTokenList(),
      },
      webEnv: { VITE_LATCH_SOLANA_RPC_URL: solana.rpcUrl },
      summary: () =>
        `  solana        ${solana.rpcUrl}   (local cluster on litesvm, websocket on the same port; ${solana.seed.transactions} seeded transactions; dev wallet ${solana.seed.keys.accounts.wallet.address}; development only)`,
    }
  },
}
