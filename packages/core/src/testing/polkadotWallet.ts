/**
 * A Polkadot test extension holding real sr25519 keys: hard derivations (`//Alice`, `//Bob` by
 * default) of a test mnemonic (Substrate's development phrase by default: the accounts the dev
 * chain funds, docs/polkadot-node.md). Two halves:
 *
 * - `createPolkadotTestSigner(options)` (Node): keeps the keys, answers requests
 *   `{ method, params }` with `{ result }` or `{ error: { code, message } }` — enable, accounts,
 *   signRaw (bytes wrapped in <Bytes>…</Bytes> as polkadot-js does), signPayload (an extrinsic,
 *   read with the chain's metadata) — and plays the user (grant some accounts, reject, corrupt).
 * - `installPolkadotTestExtension(install)` (polkadotWalletPage.ts, in the page): the
 *   `window.injectedWeb3[key]` entry, forwarding every request to `window[install.bridge]`.
 *
 * In Playwright (keys stay in Node):
 *
 *   const signer = createPolkadotTestSigner({ chainUrl: 'ws://127.0.0.1:9944' })
 *   await page.exposeFunction('__latchPolkadot', (request) => signer.handle(request))
 *   await page.addInitScript(installPolkadotTestExtension, { bridge: '__latchPolkadot' })
 *
 * In Node tests, `attachPolkadotTestExtension(signer, install)` does both on `globalThis.window`.
 */
import { ApiPromise, WsProvider } from '@polkadot/api'
import { Keyring } from '@polkadot/keyring'
import type { KeyringPair } from '@polkadot/keyring/types'
import { hexToU8a, u8aToHex, u8aWrapBytes } from '@polkadot/util'
import { cryptoWaitReady, decodeAddress } from '@polkadot/util-crypto'
import {
  installPolkadotTestExtension,
  type PolkadotBridgeAccount,
  type PolkadotBridgeAnswer,
  type PolkadotTestExtensionInstall,
} from './polkadotWalletPage.js'

export {
  installPolkadotTestExtension,
  type PolkadotBridgeAccount,
  type PolkadotBridgeAnswer,
  type PolkadotTestExtensionInstall,
} from './polkadotWalletPage.js'

/** Substrate's development phrase (sp-core's DEV_PHRASE): public, for tests only. */
export const POLKADOT_TEST_MNEMONIC =
  'bottom drive obey lake curtain smoke basket hold race lonely fit walk'

export interface PolkadotTestSignerBehaviour {
  /** Decline what prompts: every request (true) or the listed methods (`enable`, `signRaw`, …). */
  reject?: boolean | readonly string[]
  /** Sign, then flip a byte of the signature: the chain (or a verifier) must refuse it. */
  corruptSignature?: boolean
}

export interface PolkadotTestSignerOptions {
  mnemonic?: string
  /** Derivation paths and the names the extension shows (default //Alice "Alice", //Bob "Bob"). */
  accounts?: readonly { path: string; name: string }[]
  /** A chain's WebSocket url: its metadata reads the extrinsic payloads signPayload gets (required for it). */
  chainUrl?: string
  behaviour?: PolkadotTestSignerBehaviour
}

export interface PolkadotWalletRequest {
  method: string
  params?: unknown
}

export interface PolkadotTestSigner {
  /** Every request's method, in order (`enable`, `accounts`, `signRaw`, `signPayload`, …). */
  readonly requests: string[]
  /** Every account the extension holds, in the generic prefix (42). */
  readonly all: readonly PolkadotBridgeAccount[]
  /** The accounts the visitor let the site see, in the extension's order. */
  granted(): PolkadotBridgeAccount[]
  /** Plays the visitor picking which accounts the site sees (by name); then emit the change. */
  grant(names: readonly string[]): void
  handle(request: PolkadotWalletRequest): Promise<PolkadotBridgeAnswer>
  setBehaviour(behaviour: PolkadotTestSignerBehaviour | undefined): void
  /** Closes the metadata connection, if one was opened. */
  close(): Promise<void>
}

class RequestError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

const DEFAULT_ACCOUNTS = [
  { path: '//Alice', name: 'Alice' },
  { path: '//Bob', name: 'Bob' },
]

export async function createPolkadotTestSigner(
  options: PolkadotTestSignerOptions = {},
): Promise<PolkadotTestSigner> {
  await cryptoWaitReady()
  const mnemonic = options.mnemonic ?? POLKADOT_TEST_MNEMONIC
  const keyring = new Keyring({ type: 'sr25519', ss58Format: 42 })
  const keys = (options.accounts ?? DEFAULT_ACCOUNTS).map(({ path, name }) => ({
    pair: keyring.addFromUri(`${mnemonic}${path}`, { name }),
    account: {
      address: '',
      name,
      type: 'sr25519' as const,
      genesisHash: null,
    } satisfies PolkadotBridgeAccount,
  }))
  for (const key of keys) key.account.address = key.pair.address
  let behaviour = options.behaviour ?? {}
  let grantedNames = keys.map((k) => k.account.name)
  let enabled = false
  let api: Promise<ApiPromise> | undefined
  const requests: string[] = []
  let id = 0

  const granted = () =>
    grantedNames.flatMap((name) =>
      keys.filter((k) => k.account.name === name).map((k) => k.account),
    )
  const ask = (method: string) => {
    const reject = behaviour.reject
    if (reject === true || (Array.isArray(reject) && reject.includes(method)))
      throw new RequestError(4001, 'Rejected by the user')
  }
  const pairOf = (address: unknown): KeyringPair => {
    let wanted: string
    try {
      wanted = u8aToHex(decodeAddress(String(address)))
    } catch {
      throw new RequestError(-32602, `not an address: ${String(address)}`)
    }
    const key = keys.find((k) => u8aToHex(k.pair.publicKey) === wanted)
    if (!key || !granted().includes(key.account))
      throw new RequestError(-32602, `the extension shares no account ${String(address)}`)
    return key.pair
  }
  const spoil = (signature: string) => {
    if (!behaviour.corruptSignature) return signature
    const bytes = hexToU8a(signature)
    // A byte inside the signature proper (past a MultiSignature's type byte).
    bytes[10] = (bytes[10] as number) ^ 0x01
    return u8aToHex(bytes)
  }
  // As an extension that was given the chain's metadata: the payload's extensions read right.
  const registry = async () => {
    if (!options.chainUrl) throw new RequestError(-32603, 'The extension has no chain metadata')
    api ??= ApiPromise.create({ provider: new WsProvider(options.chainUrl), noInitWarn: true })
    return (await api).registry
  }

  async function answer(method: string, params: Record<string, unknown>): Promise<unknown> {
    switch (method) {
      case 'enable':
        // An extension asks once per site; later visits are let in without a prompt.
        if (!enabled) ask('enable')
        enabled = true
        return null
      case 'accounts':
        if (!enabled) throw new RequestError(4100, 'The site is not enabled')
        return granted()
      case 'signRaw': {
        if (!enabled) throw new RequestError(4100, 'The site is not enabled')
        const pair = pairOf(params.address)
        ask('signRaw')
        const data = hexToU8a(String(params.data))
        // 'bytes' are signed inside <Bytes>…</Bytes>: never a transaction payload.
        const message = params.type === 'bytes' ? u8aWrapBytes(data) : data
        return { id: ++id, signature: spoil(u8aToHex(pair.sign(message))) }
      }
      case 'signPayload': {
        if (!enabled) throw new RequestError(4100, 'The site is not enabled')
        const payload = params as { address: string; version: number }
        const pair = pairOf(payload.address)
        ask('signPayload')
        const extrinsic = (await registry()).createType('ExtrinsicPayload', payload, {
          version: payload.version,
        })
        const { signature } = extrinsic.sign(pair)
        return { id: ++id, signature: spoil(signature) }
      }
      default:
        throw new RequestError(-32601, `Method not found: ${method}`)
    }
  }

  return {
    requests,
    all: keys.map((k) => k.account),
    granted,
    grant(names) {
      grantedNames = [...names]
    },
    async handle({ method, params }) {
      requests.push(method)
      try {
        return { result: await answer(method, (params ?? {}) as Record<string, unknown>) }
      } catch (error) {
        const { code, message } = error as { code?: number; message?: string }
        return { error: { code: code ?? -32603, message: message ?? 'Internal error' } }
      }
    },
    setBehaviour(next) {
      behaviour = next ?? {}
    },
    async close() {
      const open = api
      api = undefined
      await open?.then((a) => a.disconnect()).catch(() => undefined)
    },
  }
}

/**
 * Node tests: puts the signer behind `window[install.bridge]` and installs the extension entry on
 * `globalThis.window` (the test provides one). `emit()` tells the page the granted accounts changed.
 */
export function attachPolkadotTestExtension(
  signer: PolkadotTestSigner,
  install: PolkadotTestExtensionInstall,
): { emit(): void; remove(): void } {
  const target = (globalThis as unknown as { window: Record<string, unknown> }).window
  target[install.bridge] = (request: PolkadotWalletRequest) => signer.handle(request)
  installPolkadotTestExtension(install)
  return {
    emit() {
      const emit = target[`${install.bridge}Emit`] as (accounts: unknown) => void
      emit(signer.granted())
    },
    remove() {
      const injected = target.injectedWeb3 as Record<string, unknown> | undefined
      if (injected) delete injected[install.key ?? 'polkadot-js']
      delete target[install.bridge]
    },
  }
}
