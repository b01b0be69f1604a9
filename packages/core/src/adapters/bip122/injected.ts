/**
 * Unisat-style injected wallets: Unisat (`window.unisat`), OKX (`window.okxwallet.bitcoin`) and
 * Bitget (`window.bitkeep.unisat`) share Unisat's API — requestAccounts, getPublicKey,
 * signMessage(text, 'ecdsa' | 'bip322-simple'), signPsbt(hex, options), getChain/switchChain (or
 * the older getNetwork/switchNetwork) and accountsChanged/networkChanged events. They expose one
 * address, used for payments; there is no separate ordinal account.
 */
import type { BitcoinNetworkName } from './params.js'
import { type BitcoinWallet, bytesToHex, hexToBytes, type WalletChange } from './wallet.js'

export interface UnisatLike {
  requestAccounts(): Promise<string[]>
  getAccounts(): Promise<string[]>
  getPublicKey?(): Promise<string>
  signMessage(message: string, type?: 'ecdsa' | 'bip322-simple'): Promise<string>
  signPsbt(
    psbtHex: string,
    options?: {
      autoFinalized?: boolean
      toSignInputs?: Array<{ index: number; address?: string; publicKey?: string }>
    },
  ): Promise<string>
  getChain?(): Promise<{ enum: string }>
  switchChain?(chain: string): Promise<unknown>
  getNetwork?(): Promise<string>
  switchNetwork?(network: string): Promise<unknown>
  disconnect?(): Promise<void>
  on?(event: string, listener: (payload: unknown) => void): void
  removeListener?(event: string, listener: (payload: unknown) => void): void
}

/** Where each known Unisat-style wallet injects itself. */
export const INJECTED_WALLETS = [
  { key: 'unisat', path: 'unisat', name: 'UniSat Wallet' },
  { key: 'okx', path: 'okxwallet.bitcoin', name: 'OKX Wallet' },
  { key: 'bitget', path: 'bitkeep.unisat', name: 'Bitget Wallet' },
] as const

// Unisat's chain enums; regtest has none in Unisat, so the name is Latch's (the test wallet's).
const CHAINS: Record<BitcoinNetworkName, string> = {
  mainnet: 'BITCOIN_MAINNET',
  testnet: 'BITCOIN_TESTNET',
  signet: 'BITCOIN_SIGNET',
  regtest: 'BITCOIN_REGTEST',
}
// The older network names: 'livenet' for mainnet.
const LEGACY: Record<BitcoinNetworkName, string> = {
  mainnet: 'livenet',
  testnet: 'testnet',
  signet: 'signet',
  regtest: 'regtest',
}
function fromChain(value: string | undefined): BitcoinNetworkName | undefined {
  if (!value) return undefined
  if (value === 'BITCOIN_TESTNET4') return 'testnet'
  const names = Object.keys(CHAINS) as BitcoinNetworkName[]
  return names.find((n) => CHAINS[n] === value || LEGACY[n] === value)
}

function at(target: object, path: string): UnisatLike | undefined {
  let current: unknown = target
  for (const part of path.split('.'))
    current = (current as Record<string, unknown> | undefined)?.[part]
  const wallet = current as UnisatLike | undefined
  return typeof wallet?.requestAccounts === 'function' ? wallet : undefined
}

export function injectedWallet(
  entry: { key: string; path: string; name: string },
  target: object,
): BitcoinWallet {
  const api = () => {
    const found = at(target, entry.path)
    if (!found) throw new Error(`${entry.name} is no longer on the page`)
    return found
  }
  async function accountsOf(addresses: readonly string[]) {
    const [address] = addresses
    if (!address) return []
    const publicKey = await api()
      .getPublicKey?.()
      .catch(() => undefined)
    return [{ address, type: 'payment' as const, publicKey: publicKey || undefined }]
  }
  return {
    id: `injected:${entry.key}`,
    name: entry.name,
    source: 'injected',
    async connect({ silent }) {
      const wallet = api()
      return accountsOf(silent ? await wallet.getAccounts() : await wallet.requestAccounts())
    },
    async disconnect() {
      await api()
        .disconnect?.()
        .catch(() => undefined)
    },
    signMessage: ({ message, protocol }) =>
      api().signMessage(message, protocol === 'ecdsa' ? 'ecdsa' : 'bip322-simple'),
    async signPsbt({ psbt, account, signIndexes }) {
      const signed = await api().signPsbt(bytesToHex(psbt), {
        // Finalized by the adapter, which checks the transaction first.
        autoFinalized: false,
        toSignInputs: signIndexes.map((index) => ({ index, address: account.address })),
      })
      return hexToBytes(signed)
    },
    async getNetwork() {
      const wallet = api()
      if (wallet.getChain) return fromChain((await wallet.getChain()).enum)
      return fromChain(await wallet.getNetwork?.())
    },
    async switchNetwork(network) {
      const wallet = api()
      if (wallet.switchChain) await wallet.switchChain(CHAINS[network])
      else if (wallet.switchNetwork) await wallet.switchNetwork(LEGACY[network])
      else throw new Error(`${entry.name} cannot switch networks`)
    },
    onChange(listener: (change: WalletChange) => void) {
      const wallet = api()
      const onAccounts = (payload: unknown) => {
        const list = Array.isArray(payload) ? (payload as string[]) : []
        if (list.length === 0) listener({ disconnected: true })
        else void accountsOf(list).then((accounts) => listener({ accounts }))
      }
      const onNetwork = (payload: unknown) => {
        const value =
          typeof payload === 'string' ? payload : (payload as { enum?: string } | null)?.enum
        listener({ network: fromChain(value) })
      }
      wallet.on?.('accountsChanged', onAccounts)
      wallet.on?.('networkChanged', onNetwork)
      wallet.on?.('chainChanged', onNetwork)
      return () => {
        wallet.removeListener?.('accountsChanged', onAccounts)
        wallet.removeListener?.('networkChanged', onNetwork)
        wallet.removeListener?.('chainChanged', onNetwork)
      }
    },
  }
}

/** The Unisat-style wallets injected on the page now. */
export function injectedWallets(target: object): BitcoinWallet[] {
  return INJECTED_WALLETS.filter((entry) => at(target, entry.path)).map((entry) =>
    injectedWallet(entry, target),
  )
}
