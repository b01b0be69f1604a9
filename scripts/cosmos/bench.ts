/**
 * Measures the dev Cosmos node (docs/benchmarks.md#dev-cosmos-node-issue-34): start-up, a cosmjs
 * send's round trip (simulate, sign, broadcast, block, poll), and the wallet's history through
 * `searchTx`. Run: npx tsx --conditions=latch-source scripts/cosmos/bench.ts [--runs 3]
 */
import { loadavg } from 'node:os'
import { GasPrice, SigningStargateClient, StargateClient } from '@cosmjs/stargate'
import { startDevCosmos } from './index.js'

const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 3
const ms = (n: number) => `${n.toFixed(0)} ms`
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number

for (let run = 1; run <= runs; run++) {
  const load = loadavg()[0]?.toFixed(1)
  const node = await startDevCosmos({ rpcPort: 0, restPort: 0 })
  const client = await StargateClient.connect(node.rpcUrl)
  const signing = await SigningStargateClient.connectWithSigner(
    node.rpcUrl,
    node.accounts.wallet.direct,
    { gasPrice: GasPrice.fromString('0.025ustake'), broadcastPollIntervalMs: 20 },
  )
  const sends: number[] = []
  for (let i = 0; i < 5; i++) {
    const began = performance.now()
    const result = await signing.sendTokens(
      node.accounts.wallet.address,
      node.accounts.friend.address,
      [{ denom: 'ustake', amount: '1000' }],
      'auto',
    )
    if (result.code !== 0) throw new Error(result.rawLog)
    sends.push(performance.now() - began)
  }
  const began = performance.now()
  const history = await client.searchTx(`message.sender='${node.accounts.wallet.address}'`)
  const search = performance.now() - began
  console.log(
    `run ${run} (load ${load}): start ${ms(node.startMs)}; send round trip median ${ms(median(sends))} (5); searchTx ${history.length} txs in ${ms(search)}`,
  )
  signing.disconnect()
  client.disconnect()
  await node.stop()
}
