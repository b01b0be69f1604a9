import { fileURLToPath } from 'node:url'
import { devFarcasterAccounts } from '../devchain/farcaster.js'
import { answerFarcasterLink } from './client.js'

/**
 * `npm run farcaster -- '<link>' [fid]`: signs the modal's Farcaster link (its "Copy link"
 * button) as a dev Farcaster account, as a phone's Farcaster app would. Development only.
 */
async function main() {
  const [link, fidText] = process.argv.slice(2)
  if (!link) {
    console.error("usage: npm run farcaster -- '<link from the modal>' [fid: 1 or 2]")
    process.exit(2)
  }
  const account = devFarcasterAccounts.find((a) => a.fid === Number(fidText ?? 1))
  if (!account) {
    console.error(`no dev Farcaster account with fid ${fidText}; there are fids 1 and 2`)
    process.exit(2)
  }
  const server =
    process.env.LATCH_SERVER_URL || `http://localhost:${process.env.LATCH_SERVER_PORT || 8787}`
  const rpcUrl =
    process.env.LATCH_CHAIN_RPC_URL || `http://127.0.0.1:${process.env.LATCH_CHAIN_PORT || 8545}`
  await answerFarcasterLink(link, { relay: `${server}/farcaster`, rpcUrl, account })
  console.log(`signed in as @${account.username} (fid ${account.fid})`)
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error) => {
    console.error(error instanceof Error ? `${error.name}: ${error.message}` : error)
    process.exit(1)
  })
}
