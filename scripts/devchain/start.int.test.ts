import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createPublicClient, createWalletClient, http } from 'viem'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { demoAccounts, deployer, devContracts } from './accounts.js'
import { type AnvilInstance, startAnvil } from './anvil.js'
import { deployerFinalNonce } from './plan.js'
import { onFreePort } from './ports.js'
import { genesisTimestampFor, seedSchedule } from './schedule.js'
import { type DevChain, startDevChain } from './start.js'

const NOW = new Date('2026-08-20T09:00:00Z')
const dirs: string[] = []
const running: Array<DevChain | AnvilInstance> = []

afterEach(async () => {
  await Promise.all(running.splice(0).map((c) => c.stop()))
})
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

function stateDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'latch-devchain-'))
  dirs.push(dir)
  return { dir, statePath: path.join(dir, 'chain', 'state.json') }
}

async function start(options: Parameters<typeof startDevChain>[0]) {
  // Without a port, a free one, and a fresh one if another process takes it before anvil binds it.
  const chain = options?.port
    ? await startDevChain(options)
    : await onFreePort((port) => startDevChain({ ...options, port }))
  running.push(chain)
  return chain
}

/** A complete seed shows on the chain as the deployer's final nonce and every scheduled block. */
async function expectCompleteHistory(rpcUrl: string, now: Date) {
  const client = createPublicClient({ transport: http(rpcUrl) })
  const [nonce, code, blockNumber] = await Promise.all([
    client.getTransactionCount({ address: deployer.address }),
    client.getCode({ address: devContracts.lusd }),
    client.getBlockNumber(),
  ])
  expect(nonce).toBe(deployerFinalNonce)
  expect(code?.length ?? 0).toBeGreaterThan(2)
  expect(Number(blockNumber)).toBeGreaterThanOrEqual(seedSchedule(now).length)
}

const brokenFiles = (dir: string) =>
  readdirSync(path.join(dir, 'chain')).filter((f) => f.includes('.broken-'))

describe('startDevChain', () => {
  it('starts and seeds anvil, then restores the seeded chain from its state file', async () => {
    const { statePath } = stateDir()
    const first = await start({ statePath, now: NOW })
    expect(first).toMatchObject({ started: true, seed: { status: 'seeded' } })
    expect(first.pid).toBeGreaterThan(0)
    const client = createPublicClient({ transport: http(first.rpcUrl) })
    const blocks = await client.getBlockNumber()
    const lastHash = (await client.getBlock({ blockNumber: blocks })).transactions[0]!
    await first.stop()

    const second = await start({ statePath, now: NOW })
    expect(second).toMatchObject({ started: true, seed: { status: 'already-seeded' } })
    expect(second.seedSummary).toBe('history already seeded')
    const again = createPublicClient({ transport: http(second.rpcUrl) })
    expect(await again.getBlockNumber()).toBe(blocks)
    expect((await again.getTransactionReceipt({ hash: lastHash })).status).toBe('success')

    // The restored chain runs on today's clock, not on the seeded history's.
    const wallet = createWalletClient({ account: demoAccounts[1], transport: http(second.rpcUrl) })
    const hash = await wallet.sendTransaction({ to: demoAccounts[0], value: 1n, chain: null })
    const receipt = await again.waitForTransactionReceipt({ hash })
    const block = await again.getBlock({ blockNumber: receipt.blockNumber })
    expect(Number(block.timestamp)).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) - 60)
  })

  it('moves a corrupt state file aside and seeds a fresh chain', async () => {
    const { dir, statePath } = stateDir()
    const first = await start({ statePath, now: NOW })
    await first.stop()
    // What kill -9 in the middle of a write leaves: the start of a JSON document.
    writeFileSync(statePath, '{"block":{"number":"0x23","beneficiary":"0x00')
    const chain = await start({ statePath, now: NOW })
    expect(chain).toMatchObject({ started: true, seed: { status: 'seeded' } })
    expect(brokenFiles(dir)).toHaveLength(1)
    await expectCompleteHistory(chain.rpcUrl, NOW)
  })

  it('starts over from a state file holding another chain than the seed', async () => {
    const { dir, statePath } = stateDir()
    mkdirSync(path.dirname(statePath))
    const anvil = await startAnvil({ statePath, genesisTimestamp: genesisTimestampFor(NOW) })
    const wallet = createWalletClient({ account: demoAccounts[0], transport: http(anvil.rpcUrl) })
    const hash = await wallet.sendTransaction({ to: demoAccounts[1], value: 1n, chain: null })
    // The foreign transaction must be mined (and so saved) before anvil stops.
    await createPublicClient({ transport: http(anvil.rpcUrl) }).waitForTransactionReceipt({
      hash,
      pollingInterval: 50,
    })
    await anvil.stop()
    expect(existsSync(statePath)).toBe(true)

    const chain = await start({ statePath, now: NOW })
    expect(chain).toMatchObject({ started: true, seed: { status: 'seeded' } })
    expect(brokenFiles(dir)).toHaveLength(1)
    await expectCompleteHistory(chain.rpcUrl, NOW)
  })

  it('comes back complete after anvil is killed with SIGKILL right after seeding', async () => {
    const { statePath } = stateDir()
    const first = await start({ statePath })
    process.kill(first.pid!, 'SIGKILL')
    await first.stop()
    // Whatever anvil managed to save (nothing, part, all), the next start has the whole history.
    const chain = await start({ statePath })
    expect(chain.started).toBe(true)
    await expectCompleteHistory(chain.rpcUrl, new Date())
  })

  it('uses a dev chain already answering at the port, seeding it once', async () => {
    const anvil = await startAnvil({ genesisTimestamp: genesisTimestampFor(NOW) })
    running.push(anvil)
    const first = await start({ port: anvil.port, now: NOW })
    expect(first).toMatchObject({ started: false, seed: { status: 'seeded' } })
    expect(first.pid).toBeUndefined()
    const second = await start({ port: anvil.port, now: NOW })
    expect(second).toMatchObject({ started: false, seed: { status: 'already-seeded' } })
    await second.stop()
    // stop() leaves a chain it did not start running.
    const client = createPublicClient({ transport: http(anvil.rpcUrl) })
    expect(await client.getChainId()).toBe(31337)
  })

  it('uses, without history, a running chain that cannot take it', async () => {
    const anvil = await startAnvil()
    running.push(anvil)
    const chain = await start({ port: anvil.port, now: NOW })
    expect(chain).toMatchObject({ started: false, seed: null })
    expect(chain.seedSummary).toMatch(/^not seeded: /)
  })
})
