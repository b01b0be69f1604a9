/**
 * The Keplr wallet API as this adapter uses it. Keplr (`window.keplr`), Leap (`window.leap`) and
 * Cosmostation (`window.cosmostation.providers.keplr`) all offer it. The types are written here,
 * the subset we call: @keplr-wallet/types now brings Starknet's SDK and 30 packages with it.
 * Shapes follow Keplr's documented API (enable, experimentalSuggestChain, getKey, signArbitrary,
 * getOfflineSigner, getOfflineSignerOnlyAmino).
 */

export interface KeplrKey {
  name: string
  algo: string
  pubKey: Uint8Array
  address: Uint8Array
  bech32Address: string
  /** A Ledger holds the key: it signs only amino JSON (SIGN_MODE_LEGACY_AMINO_JSON). */
  isNanoLedger: boolean
  isKeystone?: boolean
}

/** ADR-036 StdSignature: what signArbitrary returns. */
export interface KeplrStdSignature {
  pub_key: { type: string; value: string }
  signature: string
}

export interface KeplrAccountData {
  address: string
  algo: string
  pubkey: Uint8Array
}

export interface KeplrDirectSignDoc {
  bodyBytes: Uint8Array
  authInfoBytes: Uint8Array
  chainId: string
  /** Keplr reads a Long or a bigint; cosmjs passes a bigint. */
  accountNumber: bigint
}

export interface KeplrAminoSigner {
  getAccounts(): Promise<readonly KeplrAccountData[]>
  signAmino(
    signerAddress: string,
    signDoc: unknown,
  ): Promise<{ signed: unknown; signature: KeplrStdSignature }>
}

export interface KeplrDirectSigner {
  getAccounts(): Promise<readonly KeplrAccountData[]>
  signDirect(
    signerAddress: string,
    signDoc: KeplrDirectSignDoc,
  ): Promise<{ signed: KeplrDirectSignDoc; signature: KeplrStdSignature }>
}

/** Keplr's ChainInfo, the fields experimentalSuggestChain requires. */
export interface KeplrChainInfo {
  chainId: string
  chainName: string
  rpc: string
  rest: string
  bip44: { coinType: number }
  bech32Config: Record<
    | 'bech32PrefixAccAddr'
    | 'bech32PrefixAccPub'
    | 'bech32PrefixValAddr'
    | 'bech32PrefixValPub'
    | 'bech32PrefixConsAddr'
    | 'bech32PrefixConsPub',
    string
  >
  currencies: { coinDenom: string; coinMinimalDenom: string; coinDecimals: number }[]
  feeCurrencies: {
    coinDenom: string
    coinMinimalDenom: string
    coinDecimals: number
    gasPriceStep: { low: number; average: number; high: number }
  }[]
  stakeCurrency: { coinDenom: string; coinMinimalDenom: string; coinDecimals: number }
}

export interface KeplrLike {
  enable(chainIds: string | string[]): Promise<void>
  experimentalSuggestChain?(chainInfo: KeplrChainInfo): Promise<void>
  getKey(chainId: string): Promise<KeplrKey>
  signArbitrary(chainId: string, signer: string, data: string): Promise<KeplrStdSignature>
  getOfflineSigner?(chainId: string): KeplrDirectSigner & Partial<KeplrAminoSigner>
  getOfflineSignerOnlyAmino?(chainId: string): KeplrAminoSigner
  /** Forgets this page's permission (Keplr 0.12 and later). */
  disable?(chainIds?: string | string[]): Promise<void>
}

/** One Keplr-API wallet found on the page. */
export interface CosmosWallet {
  /** The connector id: stable across reloads. */
  readonly id: string
  readonly name: string
  /** The window event the wallet fires when its user picks another key. */
  readonly keystoreEvent: string
  /** The wallet's object, looked up each time: an extension may replace it. */
  api(): KeplrLike
}

/** Where each known wallet puts its Keplr-API object, and the event it fires on a key change. */
export const KEPLR_WALLETS = [
  { key: 'keplr', path: 'keplr', name: 'Keplr', event: 'keplr_keystorechange' },
  { key: 'leap', path: 'leap', name: 'Leap', event: 'leap_keystorechange' },
  {
    key: 'cosmostation',
    path: 'cosmostation.providers.keplr',
    name: 'Cosmostation',
    event: 'cosmostation_keystorechange',
  },
] as const

function at(target: object, path: string): KeplrLike | undefined {
  let current: unknown = target
  for (const part of path.split('.'))
    current = (current as Record<string, unknown> | undefined)?.[part]
  const wallet = current as KeplrLike | undefined
  return typeof wallet?.enable === 'function' && typeof wallet.getKey === 'function'
    ? wallet
    : undefined
}

/**
 * The Keplr-API wallets on `target` now. An object found at two places (a wallet that also takes
 * `window.keplr` over) is one wallet, named by its own place.
 */
export function keplrWallets(target: object): CosmosWallet[] {
  const found = KEPLR_WALLETS.map((entry) => ({ entry, api: at(target, entry.path) }))
  const out: CosmosWallet[] = []
  for (const { entry, api } of found) {
    if (!api) continue
    const own = found.find((f) => f.api === api && f.entry.key !== 'keplr')
    if (entry.key === 'keplr' && own) continue
    out.push({
      id: `keplr:${entry.key}`,
      name: entry.name,
      keystoreEvent: entry.event,
      api: () => {
        const now = at(target, entry.path)
        if (!now) throw new Error(`${entry.name} is no longer on the page`)
        return now
      },
    })
  }
  return out
}
