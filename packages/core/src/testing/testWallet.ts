import {
  type Hex,
  hexToNumber,
  type LocalAccount,
  numberToHex,
  type TransactionSerializable,
  type TypedDataDefinition,
} from 'viem'
import { mnemonicToAccount } from 'viem/accounts'

/** The well-known development mnemonic anvil funds by default. */
export const TEST_MNEMONIC = 'test test test test test test test test test test test junk'
export const TEST_CHAIN_ID = 31337

type Listener = (...args: unknown[]) => void

export interface AddEthereumChainParameter {
  chainId: Hex
  chainName: string
  nativeCurrency?: { name: string; symbol: string; decimals: number }
  rpcUrls: string[]
  blockExplorerUrls?: string[]
  iconUrls?: string[]
}

export interface TestWalletOptions {
  /** JSON-RPC node the wallet forwards reads and signed transactions to (an anvil). */
  rpcUrl: string
  /** Account index on the test mnemonic. Default 0. */
  accountIndex?: number
  /** Chains the wallet knows; switching to any other answers 4902. Default [31337]. */
  knownChainIds?: number[]
  /** Chain the wallet starts on. Default the first known chain. */
  chainId?: number
  mnemonic?: string
  /**
   * EIP-5792: answer wallet_getCapabilities (atomic `supported`), wallet_sendCalls and
   * wallet_getCallsStatus, sending a batch's calls as transactions mined in one block (the node's
   * automine paused meanwhile: an anvil). Without it these methods go to the node, which has none
   * of them: a wallet without EIP-5792.
   */
  eip5792?: boolean
}

export interface TestWalletRequest {
  method: string
  params?: unknown
}

/** Scriptable behaviour, changed by tests between steps. */
export interface TestWalletBehaviour {
  /** Answer the next connection request with 4001 (user rejected). */
  rejectConnect: boolean
  /** Never answer wallet_revokePermissions (a wallet that hangs on disconnect). */
  hangOnDisconnect: boolean
  /** Answer switch and add-chain requests with 4001. */
  rejectSwitch: boolean
  /** Answer the next personal_sign with 4001 (the user declined to sign). */
  rejectSign: boolean
}

export interface TestWallet {
  readonly account: LocalAccount
  readonly address: Hex
  /** The EIP-1193 request function; also usable on its own, e.g. bridged into a browser page. */
  request(args: TestWalletRequest): Promise<unknown>
  on(event: string, listener: Listener): void
  removeListener(event: string, listener: Listener): void
  /** Emits an EIP-1193 event to the page (accountsChanged, chainChanged, disconnect, …). */
  emit(event: string, ...args: unknown[]): void
  readonly behaviour: TestWalletBehaviour
  /** Every request received, in order. */
  readonly requests: TestWalletRequest[]
  /** wallet_addEthereumChain params received, in order. */
  readonly addedChains: AddEthereumChainParameter[]
  readonly state: { connected: boolean; chainId: number }
}

export class ProviderRpcError extends Error {
  override name = 'ProviderRpcError'
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

/**
 * An EIP-1193 wallet for tests: a viem local account from the test mnemonic that signs in
 * process and forwards everything else to a real node. It keeps a permission (connected) flag
 * and a current chain like a browser extension does, so that reload and switch paths are real.
 */
export function createTestWallet(options: TestWalletOptions): TestWallet {
  const account = mnemonicToAccount(options.mnemonic ?? TEST_MNEMONIC, {
    addressIndex: options.accountIndex ?? 0,
  })
  const known = new Map<number, string>(
    (options.knownChainIds ?? [TEST_CHAIN_ID]).map((id) => [id, options.rpcUrl]),
  )
  const state = { connected: false, chainId: options.chainId ?? [...known.keys()][0]! }
  const behaviour: TestWalletBehaviour = {
    rejectConnect: false,
    hangOnDisconnect: false,
    rejectSwitch: false,
    rejectSign: false,
  }
  const requests: TestWalletRequest[] = []
  const addedChains: AddEthereumChainParameter[] = []
  const listeners = new Map<string, Set<Listener>>()
  /** EIP-5792 batches sent, by id: their transactions' hashes. */
  const batches = new Map<string, Hex[]>()
  let rpcId = 0

  const emit = (event: string, ...args: unknown[]) => {
    for (const listener of [...(listeners.get(event) ?? [])]) listener(...args)
  }

  async function forward(method: string, params: unknown): Promise<unknown> {
    const url = known.get(state.chainId) ?? options.rpcUrl
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params: params ?? [] }),
    })
    const body = (await response.json()) as {
      result?: unknown
      error?: { code: number; message: string }
    }
    if (body.error) throw new ProviderRpcError(body.error.code, body.error.message)
    return body.result
  }

  const requireConnected = () => {
    if (!state.connected) throw new ProviderRpcError(4100, 'The wallet is not connected.')
  }

  function grant(): Hex[] {
    if (behaviour.rejectConnect) {
      behaviour.rejectConnect = false
      throw new ProviderRpcError(4001, 'User rejected the request.')
    }
    if (!state.connected) {
      state.connected = true
      emit('accountsChanged', [account.address])
    }
    return [account.address]
  }

  function switchTo(chainId: number): null {
    if (behaviour.rejectSwitch) throw new ProviderRpcError(4001, 'User rejected the request.')
    if (!known.has(chainId))
      throw new ProviderRpcError(4902, `Unrecognized chain ID "${numberToHex(chainId)}".`)
    if (state.chainId !== chainId) {
      state.chainId = chainId
      emit('chainChanged', numberToHex(chainId))
    }
    return null
  }

  /** A batch mined in one block, so all its calls land together (each may still revert). */
  async function sendBatch(params: unknown[]): Promise<{ id: Hex }> {
    requireConnected()
    const [batch] = params as [{ calls?: { to: Hex; data?: Hex; value?: Hex }[] } | undefined]
    const calls = batch?.calls ?? []
    if (calls.length === 0) throw new ProviderRpcError(-32602, 'calls must hold at least one call')
    const hashes: Hex[] = []
    await forward('evm_setAutomine', [false])
    try {
      for (const call of calls)
        hashes.push(
          (await handle('eth_sendTransaction', [{ ...call, from: account.address }])) as Hex,
        )
      await forward('evm_mine', [])
    } finally {
      await forward('evm_setAutomine', [true])
    }
    const id = numberToHex(batches.size + 1, { size: 32 })
    batches.set(id, hashes)
    return { id }
  }

  async function batchStatus(id: unknown) {
    const hashes = batches.get(String(id))
    if (!hashes) throw new ProviderRpcError(5730, 'Unknown bundle id')
    const receipts = (await Promise.all(
      hashes.map((hash) => forward('eth_getTransactionReceipt', [hash])),
    )) as ({ status: Hex } | null)[]
    const found = receipts.filter((r) => r !== null)
    const failed = found.filter((r) => r.status !== '0x1').length
    let status = 100
    if (found.length === hashes.length)
      status = failed === 0 ? 200 : failed === hashes.length ? 500 : 600
    return {
      version: '2.0.0',
      id,
      chainId: numberToHex(state.chainId),
      status,
      atomic: true,
      receipts: found,
    }
  }

  async function handle(method: string, params: unknown): Promise<unknown> {
    const list = (Array.isArray(params) ? params : []) as unknown[]
    if (options.eip5792) {
      if (method === 'wallet_getCapabilities')
        return { [numberToHex(state.chainId)]: { atomic: { status: 'supported' } } }
      if (method === 'wallet_sendCalls') return sendBatch(list)
      if (method === 'wallet_getCallsStatus') return batchStatus(list[0])
    }
    switch (method) {
      case 'eth_chainId':
        return numberToHex(state.chainId)
      case 'net_version':
        return String(state.chainId)
      case 'eth_accounts':
        return state.connected ? [account.address] : []
      case 'eth_requestAccounts':
        return grant()
      case 'wallet_requestPermissions':
        grant()
        return [permission()]
      case 'wallet_getPermissions':
        return state.connected ? [permission()] : []
      case 'wallet_revokePermissions':
        if (behaviour.hangOnDisconnect) return new Promise(() => {})
        state.connected = false
        return null
      case 'wallet_switchEthereumChain':
        return switchTo(hexToNumber((list[0] as { chainId: Hex }).chainId))
      case 'wallet_addEthereumChain': {
        if (behaviour.rejectSwitch) throw new ProviderRpcError(4001, 'User rejected the request.')
        const chain = list[0] as AddEthereumChainParameter
        addedChains.push(chain)
        const chainId = hexToNumber(chain.chainId)
        if (!known.has(chainId)) known.set(chainId, chain.rpcUrls[0] ?? options.rpcUrl)
        // Like MetaMask, adding a chain also offers to switch to it.
        return switchTo(chainId)
      }
      case 'personal_sign':
        requireConnected()
        if (behaviour.rejectSign) {
          behaviour.rejectSign = false
          throw new ProviderRpcError(4001, 'User rejected the request.')
        }
        return account.signMessage({ message: { raw: list[0] as Hex } })
      case 'eth_signTypedData_v4': {
        requireConnected()
        const typed = JSON.parse(list[1] as string) as TypedDataDefinition
        return account.signTypedData(typed)
      }
      case 'eth_sendTransaction': {
        requireConnected()
        const tx = list[0] as Record<string, Hex | undefined>
        const [nonce, gasPrice] = (await Promise.all([
          forward('eth_getTransactionCount', [account.address, 'pending']),
          forward('eth_gasPrice', []),
        ])) as [Hex, Hex]
        const request = { from: account.address, ...tx }
        const gas = tx.gas ?? ((await forward('eth_estimateGas', [request])) as Hex)
        const serializable: TransactionSerializable = {
          chainId: state.chainId,
          to: tx.to,
          data: tx.data ?? tx.input,
          value: tx.value ? hexToBigInt(tx.value) : 0n,
          nonce: hexToNumber(tx.nonce ?? nonce),
          gas: hexToBigInt(gas),
          // The dapp's fee cap when it sends one (as wallets offer it), else twice the gas price.
          maxFeePerGas: tx.maxFeePerGas ? hexToBigInt(tx.maxFeePerGas) : hexToBigInt(gasPrice) * 2n,
          maxPriorityFeePerGas: tx.maxPriorityFeePerGas ? hexToBigInt(tx.maxPriorityFeePerGas) : 0n,
          type: 'eip1559',
        }
        return forward('eth_sendRawTransaction', [await account.signTransaction(serializable)])
      }
      default:
        return forward(method, params)
    }
  }

  const permission = () => ({
    parentCapability: 'eth_accounts',
    caveats: [{ type: 'restrictReturnedAccounts', value: [account.address] }],
  })

  return {
    account,
    address: account.address,
    async request(args) {
      requests.push(args)
      return handle(args.method, args.params)
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set()
      set.add(listener)
      listeners.set(event, set)
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
    },
    emit,
    behaviour,
    requests,
    addedChains,
    state,
  }
}

const hexToBigInt = (value: Hex) => BigInt(value)

export interface Eip6963Target {
  addEventListener(type: string, listener: (event: unknown) => void): void
  dispatchEvent(event: unknown): boolean
}

/**
 * Announces a provider by EIP-6963 on `target` (a page's window), now and whenever a dapp asks.
 * Returns a function that stops answering.
 */
export function announceProvider(
  provider: Pick<TestWallet, 'request' | 'on' | 'removeListener'>,
  info: { uuid: string; name: string; icon: string; rdns: string },
  target: Eip6963Target & { removeEventListener(type: string, listener: () => void): void },
): () => void {
  const announce = () =>
    target.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', {
        detail: Object.freeze({ info, provider }),
      }),
    )
  announce()
  target.addEventListener('eip6963:requestProvider', announce)
  return () => target.removeEventListener('eip6963:requestProvider', announce)
}

export const TEST_WALLET_INFO = {
  uuid: '5b6a34a2-0d16-4a9f-9c43-5b3f1bd0d6a1',
  name: 'Latch Test Wallet',
  icon: 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=',
  rdns: 'dev.latch.testwallet',
} as const
