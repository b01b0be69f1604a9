/**
 * A Cosmos test wallet holding real keys: secp256k1 keys from the test mnemonic on the Hub's path
 * m/44'/118'/0'/0/n, the accounts the dev node funds (docs/cosmos-node.md), signing with cosmjs's
 * own signers. Two halves:
 *
 * - `createCosmosTestSigner(options)` (Node): keeps the keys and the wallet's state (the chains it
 *   has, the ones the page may use) and answers Keplr's calls `{ method, params }` — enable,
 *   suggestChain, getKey, signArbitrary (ADR-036), signDirect, signAmino, disable — playing the
 *   user (approve, or reject the listed methods).
 * - `installCosmosTestWallet(install)` (cosmosWalletPage.ts, in the page): the Keplr-API object a
 *   real wallet puts on `window`, forwarding every call to `window[install.bridge]`.
 *
 * In Playwright (keys stay in Node):
 *
 *   const signer = createCosmosTestSigner()
 *   await page.exposeFunction('__latchCosmos', (request) => signer.handle(request))
 *   await page.addInitScript(installCosmosTestWallet, { way: 'keplr', bridge: '__latchCosmos' })
 *
 * In Node tests, `attachCosmosTestWallet(signer, install)` does both on the global `window`.
 */
import { type AminoSignResponse, Secp256k1Wallet, type StdSignDoc } from '@cosmjs/amino'
import { DirectSecp256k1Wallet } from '@cosmjs/proto-signing'
import { HDKey } from '@scure/bip32'
import { mnemonicToSeedSync } from '@scure/bip39'
import { parseCosmosAddress } from '../adapters/cosmos/address.js'
import { COSMOS_CHAINS } from '../adapters/cosmos/chains.js'
import {
  type CosmosBridgeAnswer,
  type CosmosBridgeKey,
  type CosmosTestWalletInstall,
  installCosmosTestWallet,
} from './cosmosWalletPage.js'

export {
  type CosmosBridgeAnswer,
  type CosmosBridgeKey,
  type CosmosTestWalletInstall,
  type CosmosTestWalletWay,
  installCosmosTestWallet,
} from './cosmosWalletPage.js'

export const COSMOS_TEST_MNEMONIC = 'test test test test test test test test test test test junk'

export interface CosmosTestWalletBehaviour {
  /** Decline what prompts: every request (true) or the listed methods (`enable`, `signDirect`, …). */
  reject?: boolean | readonly string[]
  /** The key is on a Ledger: getKey says so, and only amino JSON is signed. */
  ledger?: boolean
}

export interface CosmosTestSignerOptions {
  mnemonic?: string
  /** The account index n of m/44'/118'/0'/0/n (default 0, the dev node's wallet account). */
  account?: number
  /** Chain ids the wallet has before any suggestion (default: the public chains, not the dev one). */
  chains?: readonly string[]
  behaviour?: CosmosTestWalletBehaviour
}

export interface CosmosWalletRequest {
  method: string
  params?: unknown
}

export interface CosmosTestSigner {
  /** Every request's method, in order (`enable`, `enable (silent)`, `suggestChain`, …). */
  readonly requests: string[]
  /** The chains the page may use now. */
  readonly enabled: readonly string[]
  /** The chains the wallet has (its own and the suggested ones). */
  readonly chains: readonly string[]
  /** The account's address on a chain the wallet has. */
  address(chainId: string): Promise<string>
  handle(request: CosmosWalletRequest): Promise<CosmosBridgeAnswer>
  setBehaviour(behaviour: CosmosTestWalletBehaviour | undefined): void
  /** Picks another account in the wallet (then emit the keystore change). */
  useAccount(index: number): void
}

class RequestError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

const seeds = new Map<string, Uint8Array>()
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')
const fromB64 = (text: unknown) => new Uint8Array(Buffer.from(String(text), 'base64'))

/** ADR-036's document for signArbitrary: an amino StdSignDoc with one sign/MsgSignData. */
export function adr36SignDoc(signer: string, data: string): StdSignDoc {
  return {
    chain_id: '',
    account_number: '0',
    sequence: '0',
    fee: { gas: '0', amount: [] },
    msgs: [
      {
        type: 'sign/MsgSignData',
        value: { signer, data: Buffer.from(data, 'utf8').toString('base64') },
      },
    ],
    memo: '',
  }
}

export function createCosmosTestSigner(options: CosmosTestSignerOptions = {}): CosmosTestSigner {
  const mnemonic = options.mnemonic ?? COSMOS_TEST_MNEMONIC
  let seed = seeds.get(mnemonic)
  if (!seed) {
    seed = mnemonicToSeedSync(mnemonic)
    seeds.set(mnemonic, seed)
  }
  const root = HDKey.fromMasterSeed(seed)
  let account = options.account ?? 0
  let behaviour = options.behaviour ?? {}
  const requests: string[] = []
  const prefixes = new Map<string, string>(
    COSMOS_CHAINS.filter((c) =>
      (options.chains ?? ['cosmoshub-4', 'osmosis-1', 'celestia']).includes(c.chainId),
    ).map((c) => [c.chainId, c.prefix]),
  )
  const enabled = new Set<string>()

  const signers = async (chainId: string) => {
    const prefix = prefixes.get(chainId)
    if (!prefix) throw new RequestError(-32602, `There is no chain info for ${chainId}`)
    const key = root.derive(`m/44'/118'/0'/0/${account}`).privateKey as Uint8Array
    return {
      direct: await DirectSecp256k1Wallet.fromKey(key, prefix),
      amino: await Secp256k1Wallet.fromKey(key, prefix),
    }
  }
  const ask = (method: string) => {
    const reject = behaviour.reject
    if (reject === true || (Array.isArray(reject) && reject.includes(method)))
      throw new RequestError(4001, 'Request rejected')
  }
  const mustBeEnabled = (chainId: unknown) => {
    if (!enabled.has(String(chainId)))
      throw new RequestError(4100, `${String(chainId)} is not enabled for this page`)
    return String(chainId)
  }
  const mustBeOwn = async (chainId: string, signer: unknown) => {
    const [own] = await (await signers(chainId)).amino.getAccounts()
    if (own?.address !== signer) throw new RequestError(-32602, `Unknown signer ${String(signer)}`)
    return own.address
  }

  async function answer(method: string, params: Record<string, unknown>): Promise<unknown> {
    switch (method) {
      case 'enable': {
        const ids = (params.chainIds as string[]) ?? []
        for (const id of ids)
          if (!prefixes.has(id)) throw new RequestError(-32602, `There is no chain info for ${id}`)
        if (ids.some((id) => !enabled.has(id))) ask('enable')
        for (const id of ids) enabled.add(id)
        return null
      }
      case 'disable': {
        const ids = params.chainIds as string[] | null
        if (ids) for (const id of ids) enabled.delete(id)
        else enabled.clear()
        return null
      }
      case 'suggestChain': {
        const info = params.chainInfo as {
          chainId?: string
          bech32Config?: { bech32PrefixAccAddr?: string }
        }
        const prefix = info?.bech32Config?.bech32PrefixAccAddr
        if (!info?.chainId || !prefix) throw new RequestError(-32602, 'Invalid chain info')
        if (prefixes.has(info.chainId)) return null
        ask('suggestChain')
        prefixes.set(info.chainId, prefix)
        return null
      }
      case 'getKey': {
        const chainId = mustBeEnabled(params.chainId)
        const { amino } = await signers(chainId)
        const [own] = await amino.getAccounts()
        const { pubkey, address } = own as { pubkey: Uint8Array; address: string }
        const key: CosmosBridgeKey = {
          name: `Latch test ${account}`,
          algo: 'secp256k1',
          pubKey: b64(pubkey),
          // Keplr's `address` is the account's 20 bytes, not its bech32 text.
          address: b64(parseCosmosAddress(address)?.data ?? new Uint8Array()),
          bech32Address: address,
          isNanoLedger: Boolean(behaviour.ledger),
        }
        return key
      }
      case 'signArbitrary': {
        const chainId = mustBeEnabled(params.chainId)
        const signer = await mustBeOwn(chainId, params.signer)
        ask('signArbitrary')
        const { amino } = await signers(chainId)
        const signed = await amino.signAmino(signer, adr36SignDoc(signer, String(params.data)))
        return signed.signature
      }
      case 'signAmino': {
        const chainId = mustBeEnabled(params.chainId)
        const signer = await mustBeOwn(chainId, params.signer)
        ask('signAmino')
        const signed: AminoSignResponse = await (await signers(chainId)).amino.signAmino(
          signer,
          params.signDoc as StdSignDoc,
        )
        return signed
      }
      case 'signDirect': {
        const chainId = mustBeEnabled(params.chainId)
        const signer = await mustBeOwn(chainId, params.signer)
        if (behaviour.ledger) throw new RequestError(-32603, 'Ledger cannot sign protobuf (direct)')
        ask('signDirect')
        const doc = params.signDoc as Record<string, string>
        const { signed, signature } = await (await signers(chainId)).direct.signDirect(signer, {
          bodyBytes: fromB64(doc.bodyBytes),
          authInfoBytes: fromB64(doc.authInfoBytes),
          chainId: String(doc.chainId),
          accountNumber: BigInt(String(doc.accountNumber)),
        })
        return {
          signed: {
            bodyBytes: b64(signed.bodyBytes),
            authInfoBytes: b64(signed.authInfoBytes),
            chainId: signed.chainId,
            accountNumber: signed.accountNumber.toString(),
          },
          signature,
        }
      }
      default:
        throw new RequestError(-32601, `Method not found: ${method}`)
    }
  }

  return {
    requests,
    get enabled() {
      return [...enabled]
    },
    get chains() {
      return [...prefixes.keys()]
    },
    async address(chainId) {
      const [own] = await (await signers(chainId)).amino.getAccounts()
      return own?.address as string
    },
    async handle({ method, params }) {
      const input = (params ?? {}) as Record<string, unknown>
      const silent =
        method === 'enable' && ((input.chainIds as string[]) ?? []).every((id) => enabled.has(id))
      requests.push(silent ? 'enable (silent)' : method)
      try {
        return { result: await answer(method, input) }
      } catch (error) {
        const { code, message } = error as { code?: number; message?: string }
        return { error: { code: code ?? -32603, message: message ?? 'Internal error' } }
      }
    },
    setBehaviour(next) {
      behaviour = next ?? {}
    },
    useAccount(index) {
      account = index
    },
  }
}

/**
 * Node tests: puts the signer behind `window[install.bridge]` and installs the in-page wallet on
 * the global `window` (an EventTarget the test provides).
 */
export function attachCosmosTestWallet(
  signer: CosmosTestSigner,
  install: CosmosTestWalletInstall,
): { emitKeystoreChange(): void } {
  const target = (globalThis as unknown as { window: Record<string, unknown> }).window
  target[install.bridge] = (request: CosmosWalletRequest) => signer.handle(request)
  installCosmosTestWallet(install)
  return {
    emitKeystoreChange: () => (target[`${install.bridge}Emit`] as () => void)(),
  }
}
