/**
 * A Bitcoin test wallet holding real keys: BIP-84 payment (m/84'/1'/0'/0/0) and BIP-86 ordinal
 * (m/86'/1'/0'/0/0) accounts from the test mnemonic, the accounts the dev node funds
 * (docs/bitcoin-node.md). Two halves:
 *
 * - `createBitcoinTestSigner(options)` (Node): keeps the keys, answers requests
 *   `{ method, params }` with `{ result }` or `{ error: { code, message } }` — connect, sign
 *   messages (ECDSA or BIP-322), sign PSBTs, get and switch the network — and plays the user
 *   (approve, reject, or sign with a corrupted signature).
 * - `installBitcoinTestWallet(install)` (bitcoinWalletPage.ts, in the page): the wallet object
 *   real wallets put on `window`, one of three ways, forwarding every request to
 *   `window[install.bridge]`.
 *
 * In Playwright (keys stay in Node):
 *
 *   const signer = createBitcoinTestSigner({ networks: ['regtest'] })
 *   await page.exposeFunction('__latchBitcoin', (request) => signer.handle(request))
 *   await page.addInitScript(installBitcoinTestWallet, { way: 'sats-connect', bridge: '__latchBitcoin' })
 *
 * In Node tests, `attachBitcoinTestWallet(signer, install)` does both on a window-like object.
 * To play a change made in the wallet (another account, another network), call
 * `window[`${bridge}Emit`](event, payload)` with `signer.emitPayload(event)`.
 */
import { HDKey } from '@scure/bip32'
import { mnemonicToSeedSync } from '@scure/bip39'
import { p2tr, p2wpkh, Transaction } from '@scure/btc-signer'
import { getWallets } from '@wallet-standard/app'
import { signLegacyMessage } from '../adapters/bip122/bip137.js'
import { signBip322 } from '../adapters/bip122/bip322.js'
import type { BitcoinNetworkParams } from '../adapters/bip122/params.js'
import {
  type BitcoinBridgeAccount,
  type BitcoinBridgeAnswer,
  type BitcoinTestWalletInstall,
  installBitcoinTestWallet,
} from './bitcoinWalletPage.js'

export {
  type BitcoinBridgeAccount,
  type BitcoinBridgeAnswer,
  type BitcoinTestWalletInstall,
  type BitcoinTestWalletWay,
  installBitcoinTestWallet,
} from './bitcoinWalletPage.js'

export const BITCOIN_TEST_MNEMONIC = 'test test test test test test test test test test test junk'

export type BitcoinTestNetwork = 'mainnet' | 'testnet' | 'signet' | 'regtest'

export interface BitcoinTestWalletBehaviour {
  /** Decline what prompts: every request (true) or the listed methods (`connect`, `signPsbt`, …). */
  reject?: boolean | readonly string[]
  /** Sign PSBTs, then spoil one signature byte: the node must refuse the transaction. */
  corruptSignature?: boolean
}

export interface BitcoinTestSignerOptions {
  mnemonic?: string
  /** The networks the wallet has, the first where it starts (default: regtest only). */
  networks?: readonly BitcoinTestNetwork[]
  behaviour?: BitcoinTestWalletBehaviour
}

export interface BitcoinWalletRequest {
  method: string
  params?: unknown
}

export interface BitcoinTestSigner {
  /** Every request's method, in order (`connect`, `connect (silent)`, `signPsbt`, …). */
  readonly requests: string[]
  readonly network: BitcoinTestNetwork
  readonly connected: boolean
  /** The accounts on a network (default: the current one), payment first. */
  accounts(network?: BitcoinTestNetwork): BitcoinBridgeAccount[]
  handle(request: BitcoinWalletRequest): Promise<BitcoinBridgeAnswer>
  setBehaviour(behaviour: BitcoinTestWalletBehaviour | undefined): void
  /** Moves the wallet to another network from its side (then emit 'networkChanged'). */
  useNetwork(network: BitcoinTestNetwork): void
  /** The payload the in-page wallet's events carry: the accounts and network now. */
  emitPayload(): { accounts: BitcoinBridgeAccount[]; network: BitcoinTestNetwork }
}

const PARAMS: Record<BitcoinTestNetwork, BitcoinNetworkParams> = {
  mainnet: { bech32: 'bc', pubKeyHash: 0x00, scriptHash: 0x05, wif: 0x80 },
  testnet: { bech32: 'tb', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef },
  signet: { bech32: 'tb', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef },
  regtest: { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef },
}

interface Key {
  account: BitcoinBridgeAccount
  privateKey: Uint8Array
  script: Uint8Array
}

const roots = new Map<string, HDKey>()

function keysFor(mnemonic: string, network: BitcoinTestNetwork): Key[] {
  let root = roots.get(mnemonic)
  if (!root) {
    root = HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic))
    roots.set(mnemonic, root)
  }
  // BIP-44 coin type: 0 on mainnet, 1 on every test network.
  const coin = network === 'mainnet' ? 0 : 1
  const params = PARAMS[network]
  const paymentPath = `m/84'/${coin}'/0'/0/0`
  const ordinalPath = `m/86'/${coin}'/0'/0/0`
  const payment = root.derive(paymentPath)
  const ordinal = root.derive(ordinalPath)
  const paymentKey = payment.publicKey as Uint8Array
  const ordinalKey = (ordinal.publicKey as Uint8Array).subarray(1)
  const p2 = p2wpkh(paymentKey, params)
  const tr = p2tr(ordinalKey, undefined, params)
  const hexOf = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex')
  return [
    {
      account: {
        address: p2.address as string,
        publicKey: hexOf(paymentKey),
        path: paymentPath,
        purpose: 'payment',
        addressType: 'p2wpkh',
      },
      privateKey: payment.privateKey as Uint8Array,
      script: p2.script,
    },
    {
      account: {
        address: tr.address as string,
        publicKey: hexOf(ordinalKey),
        path: ordinalPath,
        purpose: 'ordinals',
        addressType: 'p2tr',
      },
      privateKey: ordinal.privateKey as Uint8Array,
      script: tr.script,
    },
  ]
}

class RequestError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

export function createBitcoinTestSigner(options: BitcoinTestSignerOptions = {}): BitcoinTestSigner {
  const mnemonic = options.mnemonic ?? BITCOIN_TEST_MNEMONIC
  const networks = options.networks ?? ['regtest']
  let network = networks[0] as BitcoinTestNetwork
  let behaviour = options.behaviour ?? {}
  let connected = false
  const requests: string[] = []
  const keys = () => keysFor(mnemonic, network)
  const keyOf = (address: unknown) => {
    const key = keys().find((k) => k.account.address === address)
    if (!key) throw new RequestError(-32602, `the wallet holds no account ${String(address)}`)
    return key
  }
  const ask = (method: string) => {
    const reject = behaviour.reject
    if (reject === true || (Array.isArray(reject) && reject.includes(method)))
      throw new RequestError(4001, 'User rejected the request.')
  }
  const state = () => ({ accounts: connected ? keys().map((k) => k.account) : [], network })

  async function answer(method: string, params: Record<string, unknown>): Promise<unknown> {
    switch (method) {
      case 'connect': {
        if (params.silent) return state()
        ask('connect')
        const wanted = params.network as BitcoinTestNetwork | undefined
        if (wanted && networks.includes(wanted)) network = wanted
        connected = true
        return state()
      }
      case 'disconnect':
        connected = false
        return null
      case 'getNetwork':
        return { network }
      case 'switchNetwork': {
        const wanted = params.network as BitcoinTestNetwork
        if (!networks.includes(wanted))
          throw new RequestError(-32602, `The wallet has no ${wanted} network`)
        ask('switchNetwork')
        network = wanted
        return state()
      }
      case 'signMessage': {
        if (!connected) throw new RequestError(4100, 'Not connected')
        const key = keyOf(params.address)
        ask('signMessage')
        const message = String(params.message ?? '')
        // Taproot keys sign only BIP-322; ECDSA is the legacy signed message (BIP-137).
        const bip322 = params.protocol !== 'ecdsa' || key.account.addressType === 'p2tr'
        const signature = bip322
          ? signBip322({
              privateKey: key.privateKey,
              address: key.account.address,
              message,
              network: PARAMS[network],
            })
          : signLegacyMessage({ privateKey: key.privateKey, message, type: 'p2wpkh' })
        return { signature, protocol: bip322 ? 'bip322' : 'ecdsa' }
      }
      case 'signPsbt': {
        if (!connected) throw new RequestError(4100, 'Not connected')
        const key = keyOf(params.address)
        ask('signPsbt')
        const tx = Transaction.fromPSBT(Buffer.from(String(params.psbt), 'base64'))
        const indexes =
          (params.indexes as number[] | undefined) ??
          Array.from({ length: tx.inputsLength }, (_, i) => i)
        for (const index of indexes) {
          const script = tx.getInput(index).witnessUtxo?.script
          if (!script || Buffer.compare(Buffer.from(script), Buffer.from(key.script)) !== 0)
            throw new RequestError(-32602, `input ${index} is not ${key.account.address}'s`)
          tx.signIdx(key.privateKey, index)
          if (behaviour.corruptSignature) {
            tx.finalizeIdx(index)
            const witness = tx.getInput(index).finalScriptWitness as Uint8Array[]
            const signature = Uint8Array.from(witness[0] as Uint8Array)
            // A byte inside r: still a well-formed DER signature, now a wrong one.
            signature[10] = (signature[10] as number) ^ 0x01
            tx.updateInput(index, { finalScriptWitness: [signature, ...witness.slice(1)] }, true)
          }
        }
        return { psbt: Buffer.from(tx.toPSBT()).toString('base64') }
      }
      default:
        throw new RequestError(-32601, `Method not found: ${method}`)
    }
  }

  return {
    requests,
    get network() {
      return network
    },
    get connected() {
      return connected
    },
    accounts: (on) => keysFor(mnemonic, on ?? network).map((k) => k.account),
    async handle({ method, params }) {
      const input = (params ?? {}) as Record<string, unknown>
      requests.push(method === 'connect' && input.silent ? 'connect (silent)' : method)
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
    useNetwork(next) {
      if (!networks.includes(next)) throw new Error(`the wallet has no ${next} network`)
      network = next
    },
    emitPayload: state,
  }
}

/**
 * Node tests: puts the signer behind `target[install.bridge]` and installs the in-page wallet on
 * `target` (the global `window`, an EventTarget the test provides).
 */
export function attachBitcoinTestWallet(
  signer: BitcoinTestSigner,
  install: BitcoinTestWalletInstall,
): {
  emit(event: 'accountsChanged' | 'networkChanged' | 'disconnect'): void
  /** Takes a wallet-standard wallet off the standard's registry (it outlives the test's window). */
  remove(): void
} {
  const target = (globalThis as unknown as { window: Record<string, unknown> }).window
  target[install.bridge] = (request: BitcoinWalletRequest) => signer.handle(request)
  installBitcoinTestWallet(install)
  // In Node the wallet standard's app may listen on another file's window (it binds to the first
  // it sees): when the handshake went unheard, register through the app's API, as the event would.
  const register = target[`${install.bridge}Register`] as
    | ((api: { register(wallet: unknown): () => void }) => void)
    | undefined
  // Reading the app first: its first read announces app-ready, which registers the wallet.
  const api = getWallets() as unknown as { register(wallet: unknown): () => void }
  if (register && !target[`${install.bridge}Unregister`]) register(api)
  return {
    emit(event) {
      const emit = target[`${install.bridge}Emit`] as (e: string, p: unknown) => void
      emit(event, signer.emitPayload())
    },
    remove() {
      ;(target[`${install.bridge}Unregister`] as (() => void) | undefined)?.()
    },
  }
}
