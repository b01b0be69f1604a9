import type { LatchStorage } from '@latch/core'
import { type CreateConnectorFn, createConnector } from '@wagmi/core'
import { type Address, type Chain, getAddress, numberToHex } from 'viem'
import type { EmbeddedWallet } from '../../client/wallet.js'
import { AuthSessionMissingError } from '../errors.js'
import type { Eip1193Provider } from './provider.js'

export type EmbeddedProvider = Eip1193Provider & {
  connect(): Promise<string[]>
  disconnect(): Promise<void>
}

/** The frame as the wagmi connector reaches it: loaded on first use, shared with other namespaces. */
export interface LoadedFrame {
  wallet: EmbeddedWallet
  provider: EmbeddedProvider
}

export interface Eip155ConnectorOptions {
  id: string
  /** The EVM chain the embedded wallet starts on. */
  chainId: number
  storage: LatchStorage
  load(): Promise<LoadedFrame>
  /** The frame when it has loaded, without loading it. */
  loaded(): LoadedFrame | undefined
  /** The session ended: every namespace forgets its user. */
  signedOut(): void
}

/**
 * The embedded wallet's EVM account as a wagmi connector. Nothing of the frame loads until a
 * visitor picks email, or until a page load finds the login flag of an earlier email sign-in and
 * wagmi reconnects.
 */
export function createEip155Connector(frame: Eip155ConnectorOptions): CreateConnectorFn {
  return createConnector<EmbeddedProvider>((config) => {
    let chainId = frame.chainId
    let bound: EmbeddedProvider | undefined

    const onAccountsChanged = (accounts: unknown) => {
      const list = accounts as string[]
      if (list.length === 0) config.emitter.emit('disconnect')
      else config.emitter.emit('change', { accounts: list.map((a) => getAddress(a)) })
    }
    const onChainChanged = (hex: unknown) => {
      chainId = Number(hex)
      config.emitter.emit('change', { chainId })
    }
    const bind = (provider: EmbeddedProvider) => {
      if (bound === provider) return
      bound = provider
      provider.on('accountsChanged', onAccountsChanged)
      provider.on('chainChanged', onChainChanged)
    }

    const chainById = (id: number): Chain => {
      const chain = config.chains.find((c) => c.id === id)
      if (!chain) throw new Error('Chain is not supported')
      return chain
    }

    return {
      id: frame.id,
      name: 'Email',
      type: 'AUTH',
      async connect(parameters = {}) {
        const { wallet, provider } = await frame.load()
        if (parameters.isReconnecting && !(await wallet.isConnected()))
          throw new AuthSessionMissingError()
        bind(provider)
        const wanted = parameters.chainId ?? chainId
        if (wanted !== Number(await provider.request({ method: 'eth_chainId' }))) {
          chainById(wanted)
          await provider.request({
            method: 'wallet_switchEthereumChain',
            params: [{ chainId: numberToHex(wanted) }],
          })
        }
        const accounts = (await provider.connect()).map((a) => getAddress(a))
        chainId = wanted
        // wagmi types the answer by its `withCapabilities` flag; plain addresses are what it asked.
        return { accounts, chainId } as never
      },
      async disconnect() {
        frame.signedOut()
        await (frame.loaded() ?? (await frame.load())).provider.disconnect()
      },
      async getAccounts() {
        const loaded = frame.loaded()
        if (!loaded) return []
        const accounts = (await loaded.provider.request({ method: 'eth_accounts' })) as string[]
        return accounts.map((a) => getAddress(a) as Address)
      },
      async getChainId() {
        return chainId
      },
      async getProvider() {
        // wagmi asks every connector for its provider on each page load: only a visitor who
        // signed in by email before pays for loading the frame.
        const loaded = frame.loaded()
        if (loaded) return loaded.provider
        if (!frame.storage.get('emailLoginUsed')) return undefined as never
        return (await frame.load()).provider
      },
      async isAuthorized() {
        if (!frame.loaded() && !frame.storage.get('emailLoginUsed')) return false
        try {
          return await (await frame.load()).wallet.isConnected()
        } catch {
          return false
        }
      },
      async switchChain({ chainId: next }) {
        const chain = chainById(next)
        const { provider } = await frame.load()
        await provider.request({
          method: 'wallet_switchEthereumChain',
          params: [{ chainId: numberToHex(next) }],
        })
        return chain
      },
      onAccountsChanged,
      onChainChanged,
      onDisconnect() {
        frame.signedOut()
        config.emitter.emit('disconnect')
      },
    }
  })
}
