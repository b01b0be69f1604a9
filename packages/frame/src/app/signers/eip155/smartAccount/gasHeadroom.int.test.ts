import {
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  maxUint256,
  numberToHex,
  parseAbi,
  parseEther,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  type AuthTestApp,
  FRAME_ORIGIN,
  openAuthTestApp,
} from '../../../../../../../apps/server/src/auth/testing.js'
import { type DevBundler, startDevBundler } from '../../../../../../../scripts/bundler/alto.js'
import { installAccountAbstraction } from '../../../../../../../scripts/devchain/aa/install.js'
import {
  DEV_PAYMASTER_SIGNER_KEY,
  devPaymasterAddress,
} from '../../../../../../../scripts/devchain/aa/paymaster.js'
import { devTokens } from '../../../../../../../scripts/devchain/accounts.js'
import {
  type AnvilInstance,
  DEV_CHAIN_ID,
  startAnvil,
} from '../../../../../../../scripts/devchain/anvil.js'
import { dexContracts } from '../../../../../../../scripts/devchain/dex/addresses.js'
import { genesisTimestampFor, seedDevChain } from '../../../../../../../scripts/devchain/seed.js'
import { serverProxyUrl } from '../../../proxyUrl.js'
import { openSafeAccount } from './account.js'
import type { SmartAccountSession } from './session.js'

// Issue #36: a sponsored swap from the Safe, sent right after someone else's swap on the same
// Uniswap V2 pool. The bundler estimates the call on the latest block, where the pool has already
// written its price accumulators for that block's time; the operation runs in the next block,
// which writes them again. Without headroom on the estimate the pool runs out of gas on chain.
const CHAIN = `eip155:${DEV_CHAIN_ID}`
const routerAbi = parseAbi([
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[])',
])
const path = [dexContracts.weth9, devTokens.lusd.address] as const

let anvil: AnvilInstance
let bundler: DevBundler
let t: AuthTestApp
let safe: SmartAccountSession

beforeAll(async () => {
  const now = new Date()
  anvil = await startAnvil({ genesisTimestamp: genesisTimestampFor(now) })
  await seedDevChain(anvil.rpcUrl, { now })
  await installAccountAbstraction(anvil.rpcUrl)
  // Port 0: alto binds its port seconds after it is picked, and picks again if another
  // process took it in between (a port picked here could be lost in that race).
  bundler = await startDevBundler({ rpcUrl: anvil.rpcUrl, port: 0 })
  t = await openAuthTestApp({
    LATCH_CHAIN_RPC_URL: anvil.rpcUrl,
    LATCH_BUNDLER_URLS: `${CHAIN}=${bundler.url}`,
    LATCH_PAYMASTERS: `${CHAIN}=${devPaymasterAddress()}`,
    LATCH_PAYMASTER_SIGNER_KEY: DEV_PAYMASTER_SIGNER_KEY,
    LATCH_PAYMASTER_POLICY: '*=20/1000',
  })
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' })
  // The server's routes answer the frame's origin, which a browser sends and Node's fetch does not.
  const realFetch = globalThis.fetch
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = new Headers(init.headers)
    headers.set('origin', FRAME_ORIGIN)
    return realFetch(input, { ...init, headers })
  })
  const query = `?projectId=${t.projectId}&chainId=${CHAIN}`
  safe = await openSafeAccount(privateKeyToAccount(generatePrivateKey()), DEV_CHAIN_ID, {
    proxyUrl: serverProxyUrl(url, t.projectId)(DEV_CHAIN_ID),
    bundlerUrl: `${url}/v1/bundler${query}`,
    paymasterUrl: `${url}/v1/paymaster${query}`,
  })
}, 180_000)
afterAll(async () => {
  vi.unstubAllGlobals()
  await t?.close()
  await bundler?.stop()
  await anvil?.stop()
})

describe('a sponsored swap right after another swap on the same pool', () => {
  it('is included and succeeds: the call gas estimate has headroom for the next block', async () => {
    const chain = createPublicClient({ chain: foundry, transport: http(anvil.rpcUrl) })
    const setBalance = (address: Hex, eth: string) =>
      chain.request({
        method: 'anvil_setBalance' as never,
        params: [address, numberToHex(parseEther(eth))] as never,
      })
    await setBalance(safe.address, '1')
    const trader = privateKeyToAccount(generatePrivateKey())
    await setBalance(trader.address, '1')
    const swap = (to: Hex) => ({
      address: dexContracts.router02,
      abi: routerAbi,
      functionName: 'swapExactETHForTokens' as const,
      args: [1n, [...path], to, maxUint256] as const,
    })
    // The other trader's swap is the latest block: the pool's accumulators are written for it.
    const other = await createWalletClient({
      account: trader,
      chain: foundry,
      transport: http(anvil.rpcUrl),
    }).writeContract({ ...swap(trader.address), value: parseEther('0.01') })
    const otherBlock = (await chain.waitForTransactionReceipt({ hash: other })).blockNumber
    expect(await chain.getBlockNumber()).toBe(otherBlock)
    // The next block comes later, as on a chain with a block time (anvil may date two blocks
    // mined within one second alike, and then the pool would skip the write in both).
    const { timestamp } = await chain.getBlock({ blockNumber: otherBlock })
    await chain.request({
      method: 'evm_setNextBlockTimestamp' as never,
      params: [numberToHex(timestamp + 12n)] as never,
    })

    const hash = await safe.sendCalls([
      {
        to: dexContracts.router02,
        data: encodeFunctionData(swap(safe.address)),
        value: parseEther('0.05'),
      },
    ])
    const receipt = await safe.waitForReceipt(hash)
    expect(BigInt(receipt.receipt.blockNumber)).toBeGreaterThan(otherBlock)
    expect(receipt.success).toBe(true)
    const got = await chain.readContract({
      address: devTokens.lusd.address,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [safe.address],
    })
    expect(got).toBeGreaterThan(0n)
  }, 120_000)
})
