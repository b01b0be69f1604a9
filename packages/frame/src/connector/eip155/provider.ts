import { LatchError } from '@latch/core'
import type { EmbeddedWallet, EmbeddedWalletUser } from '../../client/wallet.js'
import { eip155ChainId } from './index.js'

type Listener = (...args: unknown[]) => void

export interface Eip1193Provider {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on(event: string, listener: Listener): void
  removeListener(event: string, listener: Listener): void
}

/** An EIP-1193 error: `code` 4100 unauthorized, 4901 chain disconnected, … */
export class ProviderRpcError extends LatchError {
  override name = 'ProviderRpcError'
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message, { category: code === 4001 ? 'USER_REJECTED' : 'RPC_ERROR' })
  }
}

/**
 * The embedded wallet as an EIP-1193 provider, for a wagmi/viem connector (the modal's AUTH
 * connector). Account and chain come from the frame's user; everything else goes to the frame,
 * which reads through the server's proxy and signs behind its own approval UI.
 */
export function createEmbeddedProvider(
  wallet: EmbeddedWallet,
  options: {
    chainId: number
    /** Told the user each time the provider reads it (connect, reconnect). */
    onUser?: ((user: EmbeddedWalletUser) => void) | undefined
  },
): Eip1193Provider & { connect(): Promise<string[]>; disconnect(): Promise<void> } {
  const listeners = new Map<string, Set<Listener>>()
  const emit = (event: string, ...args: unknown[]) => {
    for (const listener of listeners.get(event) ?? []) listener(...args)
  }
  let chainId = options.chainId
  let accounts: string[] = []

  async function connect(): Promise<string[]> {
    const user = await wallet.getUser({ chainId: eip155ChainId(chainId) })
    options.onUser?.(user)
    const next = [user.address]
    if (next[0] !== accounts[0]) {
      accounts = next
      emit('accountsChanged', accounts)
    }
    emit('connect', { chainId: `0x${chainId.toString(16)}` })
    return accounts
  }

  return {
    connect,
    async disconnect() {
      await wallet.signOut()
      accounts = []
      emit('accountsChanged', [])
      emit('disconnect', new ProviderRpcError(4900, 'Disconnected'))
    },
    async request({ method, params }) {
      switch (method) {
        case 'eth_requestAccounts':
          return accounts.length > 0 ? accounts : connect()
        case 'eth_accounts':
          return accounts
        case 'eth_chainId':
          return `0x${chainId.toString(16)}`
        case 'wallet_switchEthereumChain': {
          const [{ chainId: hex } = { chainId: '' }] = (params ?? []) as { chainId: string }[]
          const next = Number.parseInt(hex, 16)
          if (!Number.isInteger(next) || next <= 0)
            throw new ProviderRpcError(-32602, 'Invalid chain id')
          await wallet.switchNetwork(eip155ChainId(next))
          chainId = next
          emit('chainChanged', `0x${next.toString(16)}`)
          return null
        }
        default:
          if (accounts.length === 0) throw new ProviderRpcError(4100, 'Not signed in')
          return wallet.request({ method, params, chainId: eip155ChainId(chainId) })
      }
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set()
      set.add(listener)
      listeners.set(event, set)
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
    },
  }
}
