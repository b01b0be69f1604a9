export { DEV_TOKENS, devSigner, devSolanaKeys, devTokenList, tokenAccountOf } from './accounts.js'
export {
  LOCAL_CLUSTER_CAIP2,
  LOCAL_GENESIS_HASH,
  SolanaLedger,
  TransactionRejectedError,
} from './ledger.js'
export { seedSolanaCluster, submitInstructions } from './seed.js'
export { type SolanaCluster, startSolanaCluster } from './server.js'

import { SolanaLedger } from './ledger.js'
import { seedSolanaCluster } from './seed.js'
import { startSolanaCluster } from './server.js'

/** A seeded local cluster: what `npm start` and the tests run. */
export async function startDevSolana(options: { host?: string; port?: number; now?: Date } = {}) {
  const ledger = new SolanaLedger()
  const seed = await seedSolanaCluster(ledger, options.now)
  const cluster = await startSolanaCluster({ ...options, ledger })
  return { ...cluster, seed }
}
