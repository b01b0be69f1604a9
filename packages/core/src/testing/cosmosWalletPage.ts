/**
 * The in-page half of the Cosmos test wallet: one function that puts a Keplr-API object where a
 * real wallet does — `window.keplr` (Keplr), `window.leap` (Leap) or
 * `window.cosmostation.providers.keplr` (Cosmostation) — and fires its keystore-change event. It
 * holds no key: every request goes to `window[bridge]({ method, params })`, answered by the Node
 * half (`createCosmosTestSigner` in cosmosWallet.ts), which signs with real keys.
 *
 * Self-contained on purpose (no imports, no outer variables): Playwright serialises it with
 * `page.addInitScript(installCosmosTestWallet, options)`. Bytes cross the bridge as base64 and
 * account numbers as decimal strings.
 */

export type CosmosTestWalletWay = 'keplr' | 'leap' | 'cosmostation'

export interface CosmosTestWalletInstall {
  way: CosmosTestWalletWay
  /** Name of the window function answering requests (what `page.exposeFunction` registered). */
  bridge: string
}

/** What the bridge answers: a result, or an error with a code (4001: the user said no). */
export type CosmosBridgeAnswer = { result: unknown } | { error: { code: number; message: string } }

/** getKey's answer across the bridge: the bytes as base64. */
export interface CosmosBridgeKey {
  name: string
  algo: 'secp256k1'
  pubKey: string
  address: string
  bech32Address: string
  isNanoLedger: boolean
}

export function installCosmosTestWallet(options: CosmosTestWalletInstall): void {
  type SignDoc = {
    bodyBytes: Uint8Array
    authInfoBytes: Uint8Array
    chainId: string
    accountNumber: bigint | { toString(): string }
  }
  const page = (globalThis as unknown as { window: EventTarget }).window
  const w = page as unknown as Record<string, unknown>
  const call = async (method: string, params?: unknown): Promise<unknown> => {
    const bridge = w[options.bridge] as ((r: unknown) => Promise<CosmosBridgeAnswer>) | undefined
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
  const event = `${options.way}_keystorechange`

  // The wallet's side of a key change: the Node half (or a test) calls window[`${bridge}Emit`]().
  w[`${options.bridge}Emit`] = () => page.dispatchEvent(new Event(event))

  const getKey = async (chainId: string) => {
    const key = (await call('getKey', { chainId })) as CosmosBridgeKey
    return { ...key, pubKey: fromBase64(key.pubKey), address: fromBase64(key.address) }
  }
  const accountsOf = async (chainId: string) => {
    const key = await getKey(chainId)
    return [{ address: key.bech32Address, algo: key.algo, pubkey: key.pubKey }]
  }
  const signAmino = async (chainId: string, signer: string, signDoc: unknown) =>
    (await call('signAmino', { chainId, signer, signDoc })) as {
      signed: unknown
      signature: unknown
    }
  const signDirect = async (chainId: string, signer: string, signDoc: SignDoc) => {
    const answer = (await call('signDirect', {
      chainId,
      signer,
      signDoc: {
        bodyBytes: toBase64(signDoc.bodyBytes),
        authInfoBytes: toBase64(signDoc.authInfoBytes),
        chainId: signDoc.chainId,
        accountNumber: signDoc.accountNumber.toString(),
      },
    })) as {
      signed: { bodyBytes: string; authInfoBytes: string; chainId: string; accountNumber: string }
      signature: unknown
    }
    return {
      signed: {
        bodyBytes: fromBase64(answer.signed.bodyBytes),
        authInfoBytes: fromBase64(answer.signed.authInfoBytes),
        chainId: answer.signed.chainId,
        accountNumber: BigInt(answer.signed.accountNumber),
      },
      signature: answer.signature,
    }
  }
  const aminoSigner = (chainId: string) => ({
    getAccounts: () => accountsOf(chainId),
    signAmino: (signer: string, signDoc: unknown) => signAmino(chainId, signer, signDoc),
  })
  const keplr = {
    version: '0.12.999-latch-test',
    mode: 'extension',
    async enable(chainIds: string | string[]) {
      await call('enable', { chainIds: Array.isArray(chainIds) ? chainIds : [chainIds] })
    },
    async disable(chainIds?: string | string[]) {
      await call('disable', { chainIds: chainIds === undefined ? null : [chainIds].flat() })
    },
    async experimentalSuggestChain(chainInfo: unknown) {
      await call('suggestChain', { chainInfo })
    },
    getKey,
    async signArbitrary(chainId: string, signer: string, data: string | Uint8Array) {
      const text = typeof data === 'string' ? data : new TextDecoder().decode(data)
      return call('signArbitrary', { chainId, signer, data: text })
    },
    signAmino,
    signDirect,
    getOfflineSigner: (chainId: string) => ({
      ...aminoSigner(chainId),
      signDirect: (signer: string, signDoc: SignDoc) => signDirect(chainId, signer, signDoc),
    }),
    getOfflineSignerOnlyAmino: aminoSigner,
    async getOfflineSignerAuto(chainId: string) {
      const key = await getKey(chainId)
      return key.isNanoLedger ? aminoSigner(chainId) : keplr.getOfflineSigner(chainId)
    },
  }
  if (options.way === 'cosmostation') {
    w.cosmostation ??= { providers: {} }
    ;(w.cosmostation as { providers: Record<string, unknown> }).providers.keplr = keplr
  } else w[options.way] = keplr
}
