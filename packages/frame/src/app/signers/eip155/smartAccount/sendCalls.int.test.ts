import 'fake-indexeddb/auto'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  type Hex,
  http,
  type PublicClient,
  parseAbi,
  parseErc6492Signature,
  parseUnits,
} from 'viem'
import { entryPoint07Address } from 'viem/account-abstraction'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  APP_ORIGIN,
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
import {
  deployer,
  devTokens,
  strangerAddress,
} from '../../../../../../../scripts/devchain/accounts.js'
import {
  type AnvilInstance,
  DEV_CHAIN_ID,
  startAnvil,
} from '../../../../../../../scripts/devchain/anvil.js'
import { genesisTimestampFor, seedDevChain } from '../../../../../../../scripts/devchain/seed.js'
import { createAuthApi } from '../../../api.js'
import { serverProxyUrl } from '../../../proxyUrl.js'
import { createFrameServices } from '../../../services.js'
import { enterCode, frameRoot } from '../../../signIn.testing.js'
import type { ApprovalRequest } from '../../../ui/approve.js'
import { createSmartAccounts } from './networks.js'
import type { CallsStatus } from './status.js'

// The embedded wallet's smart account end to end below the page: the frame's services, signed in
// on the real server, send one sponsored user operation (ERC-20 approve + transfer) through the
// server's /v1/bundler and /v1/paymaster routes to alto on the seeded dev chain.
const LUSD = devTokens.lusd.address
const CHAIN = `eip155:${DEV_CHAIN_ID}`
const devChain = defineChain({
  id: DEV_CHAIN_ID,
  name: 'Latch dev chain',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
})
const paymaster = devPaymasterAddress()
const depositAbi = parseAbi(['function balanceOf(address) view returns (uint256)'])

let anvil: AnvilInstance
let bundler: DevBundler
let t: AuthTestApp
let chain: PublicClient
let services: ReturnType<typeof createFrameServices>['services']
const asked: ApprovalRequest[] = []
const signal = new AbortController().signal
const items = new Map<string, string>()

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
    LATCH_PAYMASTERS: `${CHAIN}=${paymaster}`,
    LATCH_PAYMASTER_SIGNER_KEY: DEV_PAYMASTER_SIGNER_KEY,
    LATCH_PAYMASTER_POLICY: '*=20/1000',
  })
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' })
  chain = createPublicClient({ chain: devChain, transport: http(anvil.rpcUrl) })
  // A browser sends the frame's Origin on each of its calls to the server; Node's fetch does not.
  const realFetch = globalThis.fetch
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = new Headers(init.headers)
    headers.set('origin', FRAME_ORIGIN)
    return realFetch(input, { ...init, headers })
  })
  const storage = {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  }
  const root = frameRoot()
  const proxyUrl = serverProxyUrl(url, t.projectId)
  ;({ services } = createFrameServices({
    api: createAuthApi(url, t.projectId, APP_ORIGIN),
    storage,
    ui: {
      approve: async (request) => {
        asked.push(request)
        return true
      },
      confirmEmailChange: async () => false,
      confirmSignIn: async () => false,
    },
    root,
    visibility: { show() {}, hide() {} },
    callbackOrigin: url,
    window: globalThis as unknown as Window,
    origin: APP_ORIGIN,
    chainId: CHAIN,
    proxyUrl,
    smartAccounts: createSmartAccounts({
      serverUrl: url,
      networks: [DEV_CHAIN_ID],
      projectId: t.projectId,
      proxyUrl,
      storage,
    }),
  }))
  const email = 'smart-account@example.com'
  const signingIn = services.CONNECT_EMAIL({ email }, { signal })
  await enterCode(root, await t.codeFor(email))
  await signingIn
}, 180_000)
afterAll(async () => {
  vi.unstubAllGlobals()
  await t?.close()
  await bundler?.stop()
  await anvil?.stop()
})
beforeEach(() => {
  asked.length = 0
})

const rpc = async (method: string, params?: unknown) =>
  (await services.RPC_REQUEST({ method, params, chainId: CHAIN }, { signal })).result
const lusd = (amount: string) => parseUnits(amount, 6)
/** SIWX through the server's own verifier (apps/server/src/siwx), the Safe signing in the frame. */
async function siwxSignIn(address: Address) {
  const inject = (url: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `${url}?projectId=${t.projectId}`,
      headers: { origin: APP_ORIGIN },
      payload,
    })
  const { nonce } = (await inject('/siwx/v1/nonce', {})).json() as { nonce: string }
  const message = createSiweMessage({
    address,
    chainId: DEV_CHAIN_ID,
    domain: new URL(APP_ORIGIN).host,
    uri: `${APP_ORIGIN}/`,
    version: '1',
    nonce,
    issuedAt: new Date(),
  })
  const signature = await rpc('personal_sign', [message, address])
  return inject('/siwx/v1/verify', { message, signature })
}
const balanceOf = (owner: Address) =>
  chain.readContract({ address: LUSD, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })

describe('the embedded wallet on a smart account (Safe 1.4.1, EntryPoint v0.7)', () => {
  let safe: Address
  let eoa: Address

  it('gives the email user a Safe by default on a network with a bundler, undeployed', async () => {
    const user = await services.GET_USER(
      { chainId: CHAIN, preferredAccountType: 'smartAccount' },
      { signal },
    )
    expect(user.preferredAccountType).toBe('smartAccount')
    expect(user.smartAccountDeployed).toBe(false)
    expect(user.accounts?.map((a) => a.type)).toEqual(['smartAccount', 'eoa'])
    safe = user.address as Address
    eoa = user.accounts![1]!.address as Address
    expect(safe).not.toBe(eoa)
    expect(await services.INIT_SMART_ACCOUNT(undefined, { signal })).toEqual({
      address: safe,
      isDeployed: false,
    })
    expect(await services.GET_SMART_ACCOUNT_ENABLED_NETWORKS(undefined, { signal })).toEqual({
      smartAccountEnabledNetworks: [DEV_CHAIN_ID],
    })
    expect(await rpc('eth_accounts')).toEqual([safe])
    expect(await rpc('wallet_getCapabilities', [safe])).toEqual({
      '0x7a69': { atomic: { status: 'supported' }, paymasterService: { supported: true } },
    })
  })

  it('signs as ERC-6492 before deployment: the universal verifier and the server SIWX accept it', async () => {
    const message = 'localhost wants you to sign in with your Ethereum account'
    const signature = (await rpc('personal_sign', [message, safe])) as Hex
    expect(parseErc6492Signature(signature).address).toBeDefined()
    expect(await chain.verifyMessage({ address: safe, message, signature })).toBe(true)
    expect(await chain.verifyMessage({ address: eoa, message, signature })).toBe(false)
    const signedIn = await siwxSignIn(safe)
    expect(signedIn.statusCode).toBe(201)
    expect((signedIn.json() as { session: { address: string } }).session.address).toBe(
      safe.toLowerCase(),
    )
  })

  it('refuses a batch with a call lacking `to` or data before any view', async () => {
    await expect(
      rpc('wallet_sendCalls', [{ version: '2.0.0', calls: [{ data: '0x' }] }]),
    ).rejects.toThrow(/call #1 has no valid `to`/)
    await expect(
      rpc('wallet_sendCalls', [{ version: '2.0.0', calls: [{ to: LUSD, data: 'a9059cbb' }] }]),
    ).rejects.toThrow(/call #1 needs `data`/)
    expect(asked).toEqual([])
  })

  it('sends an approve and a transfer as one sponsored operation that deploys the Safe', async () => {
    // The Safe holds LUSD but no ETH: the paymaster pays.
    const faucet = createWalletClient({
      account: deployer,
      chain: devChain,
      transport: http(anvil.rpcUrl),
    })
    await chain.waitForTransactionReceipt({
      hash: await faucet.writeContract({
        address: LUSD,
        abi: parseAbi(['function mint(address to, uint256 amount)']),
        functionName: 'mint',
        args: [safe, lusd('10')],
      }),
    })
    expect(await chain.getBalance({ address: safe })).toBe(0n)
    const spender = getAddress(strangerAddress(31))
    const receiver = getAddress(strangerAddress(32))
    const depositBefore = await chain.readContract({
      address: entryPoint07Address,
      abi: depositAbi,
      functionName: 'balanceOf',
      args: [paymaster],
    })
    const approved = performance.now()
    const { id } = (await rpc('wallet_sendCalls', [
      {
        version: '2.0.0',
        chainId: '0x7a69',
        from: safe,
        atomicRequired: true,
        calls: [
          {
            to: LUSD,
            data: encodeFunctionData({
              abi: erc20Abi,
              functionName: 'approve',
              args: [spender, lusd('5')],
            }),
          },
          {
            to: LUSD,
            data: encodeFunctionData({
              abi: erc20Abi,
              functionName: 'transfer',
              args: [receiver, lusd('3')],
            }),
          },
        ],
        capabilities: { paymasterService: { url: 'http://127.0.0.1:1/not-called' } },
      },
    ])) as { id: Hex }
    // One approval listing both calls.
    expect(asked).toHaveLength(1)
    expect(asked[0]!.view.title).toBe('Send 2 calls together')
    expect(asked[0]!.view.summary).toEqual([
      `Allow ${spender} to spend 5 LUSD`,
      `Send 3 LUSD to ${receiver}`,
    ])
    let status = (await rpc('wallet_getCallsStatus', [id])) as CallsStatus
    while (status.status === 100) status = (await rpc('wallet_getCallsStatus', [id])) as CallsStatus
    console.log(
      `sponsored batch: approval to receipt ${Math.round(performance.now() - approved)} ms`,
    )
    expect(status).toMatchObject({
      version: '2.0.0',
      id,
      chainId: '0x7a69',
      status: 200,
      atomic: true,
    })
    expect(status.receipts?.[0]?.status).toBe('0x1')
    const tx = await chain.getTransactionReceipt({ hash: status.receipts![0]!.transactionHash })
    expect(tx.status).toBe('success')

    expect(await balanceOf(receiver)).toBe(lusd('3'))
    expect(await balanceOf(safe)).toBe(lusd('7'))
    expect(
      await chain.readContract({
        address: LUSD,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [safe, spender],
      }),
    ).toBe(lusd('5'))
    expect(await chain.getBalance({ address: safe })).toBe(0n)
    const depositAfter = await chain.readContract({
      address: entryPoint07Address,
      abi: depositAbi,
      functionName: 'balanceOf',
      args: [paymaster],
    })
    expect(depositAfter).toBeLessThan(depositBefore)
    const user = await services.GET_USER({ chainId: CHAIN }, { signal })
    expect(user.smartAccountDeployed).toBe(true)
  }, 120_000)

  it('signs as ERC-1271 once deployed, and SIWX still signs in', async () => {
    const message = 'signed by the deployed Safe'
    const signature = (await rpc('personal_sign', [message, safe])) as Hex
    expect(parseErc6492Signature(signature).address).toBeUndefined()
    expect(await chain.verifyMessage({ address: safe, message, signature })).toBe(true)
    expect((await siwxSignIn(safe)).statusCode).toBe(201)
  })

  it('switches to the EOA and back, remembered for the network', async () => {
    expect(await services.SET_PREFERRED_ACCOUNT({ type: 'eoa' }, { signal })).toEqual({
      type: 'eoa',
      address: eoa,
    })
    expect(await rpc('eth_accounts')).toEqual([eoa])
    expect(await rpc('wallet_getCapabilities', [eoa])).toEqual({})
    // The page's default on a later login does not override the user's choice here.
    const user = await services.GET_USER(
      { chainId: CHAIN, preferredAccountType: 'smartAccount' },
      { signal },
    )
    expect(user.address).toBe(eoa)
    expect(user.preferredAccountType).toBe('eoa')
    await expect(
      rpc('wallet_sendCalls', [{ calls: [{ to: LUSD, data: '0x' }] }]),
    ).rejects.toMatchObject({ code: 4200 })
    expect(asked).toEqual([])
    expect(await services.SET_PREFERRED_ACCOUNT({ type: 'smartAccount' }, { signal })).toEqual({
      type: 'smartAccount',
      address: safe,
    })
    expect(await rpc('eth_accounts')).toEqual([safe])
  })
})
