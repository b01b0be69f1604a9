import { SignClient } from '@walletconnect/sign-client'
import type { Address } from 'viem'
import { createTestWallet, type TestWallet } from '../../packages/core/src/testing/index.js'
import { refuseFetchBeyondLoopback } from '../../scripts/relay/loopbackOnly.js'

/**
 * A phone wallet for the e2e tests, built on WalletConnect's own wallet-side SDK
 * (@walletconnect/sign-client) in the test process: it pairs with the URI the page shows,
 * approves or rejects the proposal, answers the page's requests by signing with a dev-mnemonic
 * account on anvil (core's test wallet does the signing), and can change account, change chain
 * and disconnect from its side, as a person would in the app.
 */
export interface PhoneWallet {
  readonly address: Address
  /** Methods the page asked the wallet, in order. */
  readonly requests: string[]
  /** Pairs with a URI read from the page; the proposal is approved, or rejected when asked. */
  pair(uri: string, options?: { reject?: boolean }): Promise<void>
  switchAccount(accountIndex: number): Promise<Address>
  switchChain(chainId: number): Promise<void>
  disconnect(): Promise<void>
  close(): Promise<void>
  /** Outside addresses the SDK tried and this process refused (must only be Verify's). */
  readonly refused: string[]
  /** The optional namespaces of each proposal the wallet saw, in order. */
  readonly proposals: Array<Record<string, { chains?: string[]; methods: string[] }>>
  /** How many sessions the wallet holds (0 once either side ended it). */
  sessions(): number
}

/**
 * A chain family's side of the phone wallet (e2e/support/phoneWallet<Family>.ts): the wallet
 * approves its namespace when the proposal asks for its chain, and it answers the requests made
 * on that chain.
 */
export interface PhoneChainSide {
  /** The CAIP-2 chain the wallet has; its namespace is the session's namespace for the side. */
  readonly chain: string
  /** The namespace to approve when the proposal asks for the chain. */
  approve(asked: readonly string[]): object | undefined
  answer(
    method: string,
    params: Record<string, unknown>,
  ): Promise<{ result: unknown } | { error: { code: number; message: string } }>
}

const namespaceOf = (side: PhoneChainSide) => side.chain.split(':')[0]!

export interface PhoneWalletOptions {
  relayUrl: string
  projectId: string
  rpcUrl: string
  accountIndex: number
  /** The chains the wallet has; it approves those of them the page asked for. */
  chainIds: number[]
  /** Other chain families' sides, each approved when the page asks for its chain. */
  sides?: readonly PhoneChainSide[] | undefined
  /** false: a wallet of the sides only, which approves no EVM account. */
  evm?: boolean | undefined
}

const EIP155_METHODS = [
  'personal_sign',
  'eth_sendTransaction',
  'eth_signTypedData_v4',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
]
const CHAIN_METHODS = new Set(['wallet_switchEthereumChain', 'wallet_addEthereumChain'])

export async function createPhoneWallet(options: PhoneWalletOptions): Promise<PhoneWallet> {
  const guard = refuseFetchBeyondLoopback()
  const client = await SignClient.init({
    projectId: options.projectId,
    relayUrl: options.relayUrl,
    telemetryEnabled: false,
    // Each wallet of the process has a key (a client id) of its own.
    customStoragePrefix: `phone-wallet-${options.accountIndex}-${Date.now()}`,
    metadata: {
      name: 'Latch Phone Wallet',
      description: 'e2e',
      url: 'http://127.0.0.1',
      icons: [],
    },
  })
  const engines = new Map<string, TestWallet>()
  const engineFor = (accountIndex: number) =>
    createTestWallet({ rpcUrl: options.rpcUrl, accountIndex, knownChainIds: options.chainIds })
  let current = engineFor(options.accountIndex)
  const address = ((await current.request({ method: 'eth_requestAccounts' })) as Address[])[0]!
  engines.set(address.toLowerCase(), current)
  let chainId = options.chainIds[0]!
  let rejectNext = false
  const requests: string[] = []
  const proposals: PhoneWallet['proposals'] = []

  const sessionTopic = () => {
    const [session] = client.session.getAll()
    if (!session) throw new Error('the phone wallet has no session')
    return session.topic
  }

  client.on('session_proposal', async ({ id, params }) => {
    if (rejectNext) {
      rejectNext = false
      await client.reject({ id, reason: { code: 5000, message: 'User rejected.' } })
      return
    }
    proposals.push(params.optionalNamespaces as PhoneWallet['proposals'][number])
    const asked = [
      ...(params.requiredNamespaces.eip155?.chains ?? []),
      ...(params.optionalNamespaces.eip155?.chains ?? []),
    ]
    const chains = options.chainIds.map((c) => `eip155:${c}`).filter((c) => asked.includes(c))
    const sides = (options.sides ?? []).flatMap((side) => {
      const namespace = namespaceOf(side)
      const approved = side.approve(params.optionalNamespaces[namespace]?.chains ?? [])
      return approved ? [[namespace, approved] as const] : []
    })
    const approved = await client.approve({
      id,
      namespaces: {
        ...(options.evm !== false && {
          eip155: {
            chains,
            methods: EIP155_METHODS,
            events: ['accountsChanged', 'chainChanged'],
            accounts: chains.map((c) => `${c}:${address}`),
          },
        }),
        ...(Object.fromEntries(sides) as Record<string, never>),
      },
    })
    await approved.acknowledged()
  })

  client.on('session_request', async ({ id, topic, params }) => {
    const { method, params: args } = params.request
    requests.push(method)
    const side = options.sides?.find((s) => params.chainId.startsWith(`${namespaceOf(s)}:`))
    if (side) {
      const answer = await side.answer(method, (args ?? {}) as Record<string, unknown>)
      await client.respond({ topic, response: { id, jsonrpc: '2.0', ...answer } as never })
      return
    }
    // The account a request names signs it; the current one signs the rest.
    const named = JSON.stringify(args ?? '').match(/0x[0-9a-fA-F]{40}/g) ?? []
    const engine = named.map((a) => engines.get(a.toLowerCase())).find(Boolean) ?? current
    try {
      const result = await engine.request({ method, params: args })
      await client.respond({ topic, response: { id, jsonrpc: '2.0', result } })
      // A chain the wallet switched to (after adding it) joins the session, as wallets do.
      if (CHAIN_METHODS.has(method)) {
        const added = `eip155:${engine.state.chainId}`
        const session = client.session.get(topic)
        const eip155 = session.namespaces.eip155!
        if (!eip155.chains?.includes(added))
          await client.update({
            topic,
            namespaces: {
              ...session.namespaces,
              eip155: {
                ...eip155,
                chains: [...(eip155.chains ?? []), added],
                accounts: [...eip155.accounts, `${added}:${address}`],
              },
            },
          })
      }
    } catch (error) {
      const { code, message } = error as { code?: number; message?: string }
      await client.respond({
        topic,
        response: {
          id,
          jsonrpc: '2.0',
          error: { code: code ?? -32603, message: message ?? 'error' },
        },
      })
    }
  })

  return {
    get address() {
      return address
    },
    requests,
    refused: guard.refused,
    proposals,
    sessions: () => client.session.getAll().length,
    async pair(uri, { reject = false } = {}) {
      rejectNext = reject
      await client.pair({ uri })
    },
    async switchAccount(accountIndex) {
      current = engineFor(accountIndex)
      const next = ((await current.request({ method: 'eth_requestAccounts' })) as Address[])[0]!
      engines.set(next.toLowerCase(), current)
      const topic = sessionTopic()
      const session = client.session.get(topic)
      // As wallets do: the session lists the new account first, then says it changed.
      await client.update({
        topic,
        namespaces: {
          ...session.namespaces,
          eip155: {
            ...session.namespaces.eip155!,
            accounts: (session.namespaces.eip155?.chains ?? []).flatMap((c) =>
              [next, address].map((a) => `${c}:${a}`),
            ),
          },
        },
      })
      await client.emit({
        topic,
        chainId: `eip155:${chainId}`,
        event: { name: 'accountsChanged', data: [next] },
      })
      return next
    },
    async switchChain(next) {
      chainId = next
      await client.emit({
        topic: sessionTopic(),
        chainId: `eip155:${next}`,
        event: { name: 'chainChanged', data: next },
      })
    },
    async disconnect() {
      await client.disconnect({
        topic: sessionTopic(),
        reason: { code: 6000, message: 'User disconnected.' },
      })
    },
    async close() {
      await client.core.relayer.transportClose().catch(() => undefined)
      guard.restore()
    },
  }
}
