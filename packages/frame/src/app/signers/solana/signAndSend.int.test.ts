import 'fake-indexeddb/auto'
import {
  type Address,
  appendTransactionMessageInstruction,
  createNoopSigner,
  createSolanaRpc,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  APP_ORIGIN,
  type AuthTestApp,
  FRAME_ORIGIN,
  openAuthTestApp,
} from '../../../../../../apps/server/src/auth/testing.js'
import { LOCAL_CLUSTER_CAIP2, startDevSolana } from '../../../../../../scripts/solana/index.js'
import { createAuthApi } from '../../api.js'
import { serverProxyUrl } from '../../proxyUrl.js'
import { createFrameServices } from '../../services.js'
import { enterCode, frameRoot } from '../../signIn.testing.js'
import type { ApprovalRequest } from '../../ui/approve.js'
import { solanaWire } from './fixtures.js'

// solana_signAndSendTransaction end to end below the page: the frame's services, signed in on the
// real server, send through the server's RPC proxy to the real local cluster.
const SOL = 1_000_000_000n
const DEVNET = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'

let cluster: Awaited<ReturnType<typeof startDevSolana>>
let t: AuthTestApp
let services: ReturnType<typeof createFrameServices>['services']
let user: Address
const asked: ApprovalRequest[] = []
let approve = true
const signal = new AbortController().signal
const rpc = () => createSolanaRpc(cluster.rpcUrl)

beforeAll(async () => {
  cluster = await startDevSolana({ port: 0 })
  t = await openAuthTestApp({ LATCH_SOLANA_CLUSTERS: `${LOCAL_CLUSTER_CAIP2}=${cluster.rpcUrl}` })
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' })
  // A browser sends the frame's Origin on each of its calls to the server; Node's fetch does not.
  const realFetch = globalThis.fetch
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = new Headers(init.headers)
    headers.set('origin', FRAME_ORIGIN)
    return realFetch(input, { ...init, headers })
  })
  const items = new Map<string, string>()
  const root = frameRoot()
  ;({ services } = createFrameServices({
    api: createAuthApi(url, t.projectId, APP_ORIGIN),
    storage: {
      getItem: (k) => items.get(k) ?? null,
      setItem: (k, v) => void items.set(k, v),
      removeItem: (k) => void items.delete(k),
    },
    ui: {
      approve: async (request) => {
        asked.push(request)
        return approve
      },
      confirmEmailChange: async () => false,
      confirmSignIn: async () => false,
    },
    root,
    visibility: { show() {}, hide() {} },
    callbackOrigin: url,
    window: globalThis as unknown as Window,
    origin: APP_ORIGIN,
    chainId: 'eip155:31337',
    proxyUrl: serverProxyUrl(url, t.projectId),
  }))
  const email = 'solana-send@example.com'
  // The code is typed in the frame's own view, as the visitor does.
  const signingIn = services.CONNECT_EMAIL({ email }, { signal })
  await enterCode(root, await t.codeFor(email))
  await signingIn
  user = (await services.GET_USER({ chainId: LOCAL_CLUSTER_CAIP2 }, { signal })).address as Address
  await services.SWITCH_NETWORK({ chainId: 'eip155:31337' }, { signal })
  // The embedded account gets 2 SOL from a dev account, straight on the cluster.
  const { value: lifetime } = await rpc().getLatestBlockhash().send()
  const funding = await pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(cluster.seed.keys.accounts.wallet, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) =>
      appendTransactionMessageInstruction(
        getTransferSolInstruction({
          source: cluster.seed.keys.accounts.wallet,
          destination: user,
          amount: lamports(2n * SOL),
        }),
        m,
      ),
    (m) => signTransactionMessageWithSigners(m),
  )
  await rpc()
    .sendTransaction(getBase64EncodedWireTransaction(funding), { encoding: 'base64' })
    .send()
}, 120_000)
afterAll(async () => {
  vi.unstubAllGlobals()
  await t?.close()
  await cluster?.stop()
})
beforeEach(() => {
  asked.length = 0
  approve = true
})

const balance = async (address: Address) => (await rpc().getBalance(address).send()).value
const sent = async () => (await rpc().getSignaturesForAddress(user).send()).length

async function payment(amount: bigint) {
  const to = (await generateKeyPairSigner()).address
  const { value: lifetime } = await rpc().getLatestBlockhash().send()
  const transaction = solanaWire(
    [
      getTransferSolInstruction({
        source: createNoopSigner(user),
        destination: to,
        amount: lamports(amount),
      }),
    ],
    user,
    lifetime,
  )
  return { to, transaction }
}

const signAndSend = (params: unknown, chainId?: string) =>
  services.RPC_REQUEST(
    { method: 'solana_signAndSendTransaction', params, ...(chainId ? { chainId } : {}) },
    { signal },
  ) as Promise<{ result: { signature: string } }>

describe('solana_signAndSendTransaction through the server proxy', () => {
  it('signs what the view showed and lands it on the cluster the request names', async () => {
    const { to, transaction } = await payment(SOL / 4n)
    const { result } = await signAndSend({ transaction }, LOCAL_CLUSTER_CAIP2)
    expect(await balance(to)).toBe(SOL / 4n)
    const { value } = await rpc()
      .getSignatureStatuses([result.signature as never])
      .send()
    expect(value[0]).toMatchObject({ err: null })
    expect(asked).toHaveLength(1)
    expect(asked[0]!.view.title).toBe('Send a Solana transaction')
    expect(asked[0]!.view.summary).toEqual([`Send 0.25 SOL to ${to}`])
    expect(asked[0]!.view.sections[0]!.fields).toContainEqual({
      label: 'Network',
      value: LOCAL_CLUSTER_CAIP2,
    })
  })

  it('sends to the active chain when the request names none, and refuses when neither is Solana', async () => {
    await services.SWITCH_NETWORK({ chainId: LOCAL_CLUSTER_CAIP2 }, { signal })
    // Enough for a new account to be rent-exempt, as the cluster requires.
    const { to, transaction } = await payment(SOL / 100n)
    await signAndSend({ transaction })
    expect(await balance(to)).toBe(SOL / 100n)
    await services.SWITCH_NETWORK({ chainId: 'eip155:31337' }, { signal })
    const other = await payment(SOL / 100n)
    await expect(signAndSend({ transaction: other.transaction })).rejects.toMatchObject({
      message: 'Choose a Solana network first',
      code: -32602,
    })
    await expect(
      signAndSend({ transaction: other.transaction }, 'eip155:31337'),
    ).rejects.toMatchObject({ code: -32602 })
    expect(asked).toHaveLength(1)
    expect(await balance(other.to)).toBe(0n)
  })

  it('sends nothing when the user rejects', async () => {
    approve = false
    const before = await sent()
    const { to, transaction } = await payment(SOL / 10n)
    await expect(signAndSend({ transaction }, LOCAL_CLUSTER_CAIP2)).rejects.toMatchObject({
      code: 4001,
    })
    expect(asked).toHaveLength(1)
    expect(await balance(to)).toBe(0n)
    expect(await sent()).toBe(before)
  })

  it('hands the page the cluster’s preflight failure, its message and code', async () => {
    const before = await sent()
    const { to, transaction } = await payment(100n * SOL)
    const failure = signAndSend({ transaction }, LOCAL_CLUSTER_CAIP2)
    await expect(failure).rejects.toMatchObject({ name: 'SolanaSendError', code: -32002 })
    await expect(failure).rejects.toThrow(/^Transaction simulation failed/)
    expect(await balance(to)).toBe(0n)
    expect(await sent()).toBe(before)
  })

  it('passes the send options: without preflight the overspend lands as a failed transaction', async () => {
    const funds = await balance(user)
    const { to, transaction } = await payment(100n * SOL)
    const { result } = await signAndSend(
      { transaction, options: { skipPreflight: true, maxRetries: 0 } },
      LOCAL_CLUSTER_CAIP2,
    )
    const { value } = await rpc()
      .getSignatureStatuses([result.signature as never])
      .send()
    expect(value[0]?.err).not.toBeNull()
    expect(await balance(to)).toBe(0n)
    expect(await balance(user)).toBe(funds - 5_000n)
  })

  it('answers with the server’s refusal for a cluster it does not serve, after sending nothing', async () => {
    const before = await sent()
    const { to, transaction } = await payment(SOL / 100n)
    await expect(signAndSend({ transaction }, DEVNET)).rejects.toMatchObject({
      name: 'SolanaSendError',
      message: `Chain ${DEVNET} is not served here`,
    })
    expect(await balance(to)).toBe(0n)
    expect(await sent()).toBe(before)
  })
})
