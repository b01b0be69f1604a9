/**
 * The in-page half of the Bitcoin test wallet: one function that installs a wallet object on
 * `window` the way real wallets appear — through the wallet standard (`bitcoin:*` features),
 * on sats-connect's provider list (`window.btc_providers`), or as a Unisat-style object
 * (`window.unisat`, `window.okxwallet.bitcoin`, `window.bitkeep.unisat`). It holds no key: every
 * request goes to `window[bridge]({ method, params })`, answered by the Node half
 * (`createBitcoinTestSigner` in bitcoinWallet.ts), which signs with real keys.
 *
 * Self-contained on purpose (no imports, no outer variables): Playwright serialises it with
 * `page.addInitScript(installBitcoinTestWallet, options)`. Bytes cross the bridge as base64.
 */

export type BitcoinTestWalletWay = 'wallet-standard' | 'sats-connect' | 'unisat'

export interface BitcoinTestWalletInstall {
  way: BitcoinTestWalletWay
  /** Name of the window function answering requests (what `page.exposeFunction` registered). */
  bridge: string
  name?: string
  /** Networks the wallet announces (wallet standard `bitcoin:<name>` chains); default regtest. */
  networks?: string[]
  /** 'unisat' way: where the object goes (`unisat`, `okxwallet.bitcoin`, `bitkeep.unisat`). */
  path?: string
  /** 'sats-connect' way: the provider's dotted path on window. */
  providerId?: string
}

/** What the bridge answers: a result, or an error with a code (4001: the user said no). */
export type BitcoinBridgeAnswer = { result: unknown } | { error: { code: number; message: string } }

export interface BitcoinBridgeAccount {
  address: string
  publicKey: string
  path: string
  purpose: 'payment' | 'ordinals'
  addressType: 'p2wpkh' | 'p2tr'
}

export function installBitcoinTestWallet(options: BitcoinTestWalletInstall): void {
  type Account = BitcoinBridgeAccount
  type Listener = (event: string, payload: unknown) => void
  // `window` through globalThis: the same object in a page, an EventTarget a Node test provides.
  const page = (globalThis as unknown as { window: EventTarget }).window
  const w = page as unknown as Record<string, unknown>
  const name = options.name ?? 'Latch Bitcoin Test Wallet'
  const icon =
    'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCAzMiAzMiI+PHJlY3Qgd2lkdGg9IjMyIiBoZWlnaHQ9IjMyIiByeD0iOCIgZmlsbD0iI0Y3OTMxQSIvPjwvc3ZnPg=='
  const networks = options.networks ?? ['regtest']
  const call = async (method: string, params?: unknown): Promise<unknown> => {
    const bridge = w[options.bridge] as ((r: unknown) => Promise<BitcoinBridgeAnswer>) | undefined
    if (!bridge) throw new Error(`no bridge at window.${options.bridge}`)
    const answer = await bridge({ method, params: params ?? null })
    if ('error' in answer) {
      const error = new Error(answer.error.message) as Error & { code: number }
      error.code = answer.error.code
      throw error
    }
    return answer.result
  }
  const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes))
  const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0))
  const fromHex = (text: string) =>
    Uint8Array.from(text.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16))
  const toHex = (bytes: Uint8Array) =>
    Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')

  // The wallet's side of events: the Node half (or a test) calls window[`${bridge}Emit`].
  const listeners = new Set<Listener>()
  w[`${options.bridge}Emit`] = (event: string, payload: unknown) => {
    for (const listener of listeners) listener(event, payload)
  }
  type Connected = { accounts: Account[]; network: string }

  if (options.way === 'wallet-standard') {
    let accounts: Account[] = []
    const asStandard = (a: Account) => ({
      address: a.address,
      publicKey: fromHex(a.publicKey),
      chains: networks.map((n) => `bitcoin:${n}`),
      features: ['bitcoin:signMessage', 'bitcoin:signTransaction'],
      purpose: a.purpose,
    })
    const changes = new Set<(change: { accounts: unknown[] }) => void>()
    const announce = () => {
      for (const listener of changes) listener({ accounts: accounts.map(asStandard) })
    }
    listeners.add((event, payload) => {
      if (event === 'disconnect') accounts = []
      else accounts = (payload as Connected).accounts
      announce()
    })
    const wallet = {
      version: '1.0.0',
      name,
      icon,
      chains: networks.map((n) => `bitcoin:${n}`),
      get accounts() {
        return accounts.map(asStandard)
      },
      features: {
        'bitcoin:connect': {
          version: '1.0.0',
          async connect(_input: { purposes: string[] }) {
            accounts = ((await call('connect', { silent: false })) as Connected).accounts
            return { accounts: accounts.map(asStandard) }
          },
        },
        'standard:connect': {
          version: '1.0.0',
          async connect(input?: { silent?: boolean }) {
            accounts = ((await call('connect', { silent: Boolean(input?.silent) })) as Connected)
              .accounts
            return { accounts: accounts.map(asStandard) }
          },
        },
        'standard:disconnect': {
          version: '1.0.0',
          async disconnect() {
            await call('disconnect')
            accounts = []
            announce()
          },
        },
        'standard:events': {
          version: '1.0.0',
          on(_event: 'change', listener: (change: { accounts: unknown[] }) => void) {
            changes.add(listener)
            return () => changes.delete(listener)
          },
        },
        'bitcoin:signMessage': {
          version: '1.0.0',
          async signMessage(
            ...inputs: Array<{ account: { address: string }; message: Uint8Array }>
          ) {
            const out = []
            for (const input of inputs) {
              // The standard's feature carries no protocol: this wallet signs BIP-322.
              const { signature } = (await call('signMessage', {
                address: input.account.address,
                message: new TextDecoder().decode(input.message),
                protocol: 'bip322',
              })) as { signature: string }
              out.push({ signedMessage: input.message, signature: fromBase64(signature) })
            }
            return out
          },
        },
        'bitcoin:signTransaction': {
          version: '1.0.0',
          async signTransaction(
            ...inputs: Array<{
              psbt: Uint8Array
              inputsToSign: Array<{ account: { address: string }; signingIndexes: number[] }>
            }>
          ) {
            const out = []
            for (const input of inputs) {
              let psbt = toBase64(input.psbt)
              for (const each of input.inputsToSign)
                psbt = (
                  (await call('signPsbt', {
                    psbt,
                    address: each.account.address,
                    indexes: each.signingIndexes,
                  })) as { psbt: string }
                ).psbt
              out.push({ signedPsbt: fromBase64(psbt) })
            }
            return out
          },
        },
      },
    }
    // The standard's register answers with an unregister: kept for tests that remove the wallet.
    const callback = ({ register }: { register(wallet: unknown): () => void }) => {
      w[`${options.bridge}Unregister`] = register(wallet)
    }
    // For Node tests whose app listens on another window (attachBitcoinTestWallet).
    w[`${options.bridge}Register`] = callback
    page.addEventListener('wallet-standard:app-ready', (event) =>
      callback((event as Event & { detail: Parameters<typeof callback>[0] }).detail),
    )
    const register = new Event('wallet-standard:register-wallet') as Event & { detail?: unknown }
    Object.defineProperty(register, 'detail', { value: callback })
    page.dispatchEvent(register)
    return
  }

  if (options.way === 'sats-connect') {
    const id = options.providerId ?? 'LatchTestWallet.BitcoinProvider'
    const title = (network: string) => network.charAt(0).toUpperCase() + network.slice(1)
    const rpc = (result: unknown) => ({ jsonrpc: '2.0', id: String(Math.random()), result })
    const rpcError = (error: unknown) => {
      const { code, message } = error as { code?: number; message?: string }
      // sats-connect's code for a refusal is -32000 (USER_REJECTION).
      const mapped = code === 4001 ? -32000 : (code ?? -32603)
      return { jsonrpc: '2.0', id: '', error: { code: mapped, message: message ?? 'failed' } }
    }
    const asSats = (a: Account) => ({ ...a, walletType: 'software' })
    const provider = {
      async request(method: string, params: Record<string, unknown> | null) {
        try {
          switch (method) {
            case 'wallet_connect':
            case 'getAccounts': {
              const network = typeof params?.network === 'string' ? params.network : undefined
              const connected = (await call('connect', {
                silent: false,
                ...(network ? { network: network.toLowerCase() } : {}),
              })) as Connected
              const addresses = connected.accounts.map(asSats)
              return rpc(
                method === 'getAccounts'
                  ? addresses
                  : {
                      id: 'latch-test',
                      addresses,
                      walletType: 'software',
                      network: { bitcoin: { name: title(connected.network) } },
                    },
              )
            }
            case 'wallet_getAccount': {
              const connected = (await call('connect', { silent: true })) as Connected
              if (connected.accounts.length === 0)
                return rpcError({ code: -32002, message: 'Access denied' })
              return rpc({
                id: 'latch-test',
                addresses: connected.accounts.map(asSats),
                walletType: 'software',
                network: { bitcoin: { name: title(connected.network) } },
              })
            }
            case 'wallet_disconnect':
            case 'wallet_renouncePermissions':
              await call('disconnect')
              return rpc(null)
            case 'wallet_getNetwork': {
              const { network } = (await call('getNetwork')) as { network: string }
              return rpc({ bitcoin: { name: title(network) }, stacks: { name: 'mainnet' } })
            }
            case 'wallet_changeNetwork': {
              const connected = (await call('switchNetwork', {
                network: String(params?.name ?? '').toLowerCase(),
              })) as Connected
              w[`${options.bridge}Emit`] &&
                (w[`${options.bridge}Emit`] as Listener)('networkChanged', connected)
              return rpc(null)
            }
            case 'signMessage': {
              const result = (await call('signMessage', {
                address: params?.address,
                message: params?.message,
                protocol: params?.protocol === 'ECDSA' ? 'ecdsa' : 'bip322',
              })) as { signature: string; protocol: string }
              return rpc({
                signature: result.signature,
                messageHash: '',
                address: params?.address,
                protocol: result.protocol.toUpperCase(),
              })
            }
            case 'signPsbt': {
              let psbt = String(params?.psbt ?? '')
              const signInputs = (params?.signInputs ?? {}) as Record<string, number[]>
              for (const [address, indexes] of Object.entries(signInputs))
                psbt = ((await call('signPsbt', { psbt, address, indexes })) as { psbt: string })
                  .psbt
              return rpc({ psbt })
            }
            default:
              return rpcError({ code: -32601, message: `Method not found: ${method}` })
          }
        } catch (error) {
          return rpcError(error)
        }
      },
      addListener(
        info: { eventName: string; cb: (event: Record<string, unknown>) => void } | string,
        legacy?: (event: Record<string, unknown>) => void,
      ) {
        const eventName = typeof info === 'string' ? info : info.eventName
        const cb = typeof info === 'string' ? legacy : info.cb
        const listener: Listener = (event, payload) => {
          const connected = payload as Connected | undefined
          const addresses = connected?.accounts.map(asSats)
          if (event === 'accountsChanged' && eventName === 'accountChange')
            cb?.({ type: 'accountChange', addresses })
          if (event === 'networkChanged' && eventName === 'networkChange')
            cb?.({
              type: 'networkChange',
              bitcoin: { name: title(connected?.network ?? '') },
              stacks: { name: 'mainnet' },
              addresses,
            })
          if (event === 'disconnect' && eventName === 'disconnect') cb?.({ type: 'disconnect' })
        }
        listeners.add(listener)
        return () => listeners.delete(listener)
      },
    }
    const parts = id.split('.')
    let holder = w
    for (const part of parts.slice(0, -1)) {
      holder[part] ??= {}
      holder = holder[part] as Record<string, unknown>
    }
    holder[parts[parts.length - 1] as string] = provider
    if (!Array.isArray(w.btc_providers)) w.btc_providers = []
    ;(w.btc_providers as unknown[]).push({
      id,
      name,
      icon,
      methods: ['wallet_connect', 'signMessage', 'signPsbt'],
    })
    return
  }

  // Unisat-style: one address (the payment account), hex PSBTs, Unisat's chain enums.
  const chainEnum = (network: string) => `BITCOIN_${network.toUpperCase()}`
  const handlers = new Map<string, Set<(payload: unknown) => void>>()
  const fire = (event: string, payload: unknown) => {
    for (const handler of handlers.get(event) ?? []) handler(payload)
  }
  listeners.add((event, payload) => {
    const connected = payload as Connected | undefined
    const payment = connected?.accounts.filter((a) => a.purpose === 'payment').map((a) => a.address)
    if (event === 'accountsChanged') fire('accountsChanged', payment ?? [])
    if (event === 'networkChanged') {
      fire('networkChanged', connected?.network)
      fire('accountsChanged', payment ?? [])
    }
    if (event === 'disconnect') fire('accountsChanged', [])
  })
  let current: Connected = { accounts: [], network: networks[0] as string }
  const payment = () => current.accounts.find((a) => a.purpose === 'payment')
  const unisat = {
    async requestAccounts() {
      current = (await call('connect', { silent: false })) as Connected
      return payment() ? [payment()?.address] : []
    },
    async getAccounts() {
      current = (await call('connect', { silent: true })) as Connected
      return payment() ? [payment()?.address] : []
    },
    async getPublicKey() {
      return payment()?.publicKey ?? ''
    },
    async signMessage(message: string, type?: string) {
      const address = payment()?.address
      const { signature } = (await call('signMessage', {
        address,
        message,
        protocol: type === 'bip322-simple' ? 'bip322' : 'ecdsa',
      })) as { signature: string }
      return signature
    },
    async signPsbt(psbtHex: string, opts?: { toSignInputs?: Array<{ index: number }> }) {
      const indexes = opts?.toSignInputs?.map((i) => i.index)
      const { psbt } = (await call('signPsbt', {
        psbt: toBase64(fromHex(psbtHex)),
        address: payment()?.address,
        indexes,
      })) as { psbt: string }
      return toHex(fromBase64(psbt))
    },
    async getChain() {
      const { network } = (await call('getNetwork')) as { network: string }
      return { enum: chainEnum(network), name: network, network }
    },
    async switchChain(chain: string) {
      const network = chain.replace(/^BITCOIN_/, '').toLowerCase()
      current = (await call('switchNetwork', { network })) as Connected
      fire('networkChanged', network)
      return { enum: chain, name: network, network }
    },
    on(event: string, handler: (payload: unknown) => void) {
      const set = handlers.get(event) ?? new Set()
      set.add(handler)
      handlers.set(event, set)
    },
    removeListener(event: string, handler: (payload: unknown) => void) {
      handlers.get(event)?.delete(handler)
    },
  }
  const parts = (options.path ?? 'unisat').split('.')
  let holder = w
  for (const part of parts.slice(0, -1)) {
    holder[part] ??= {}
    holder = holder[part] as Record<string, unknown>
  }
  holder[parts[parts.length - 1] as string] = unisat
}
