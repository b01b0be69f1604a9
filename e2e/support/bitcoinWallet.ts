import type { Page } from '@playwright/test'
import {
  type BitcoinTestNetwork,
  type BitcoinTestWalletWay,
  createBitcoinTestSigner,
  installBitcoinTestWallet,
} from '../../packages/core/src/testing/bitcoinWallet.js'
import { doubleSpend, freshAddress } from './bitcoinTamper.js'

/** The three ways real Bitcoin wallets appear on a page; the e2e spec runs each. */
export const BITCOIN_REGISTRATIONS = ['wallet-standard', 'sats-connect', 'unisat'] as const
export type BitcoinRegistration = (typeof BITCOIN_REGISTRATIONS)[number]

const NAME = 'Latch Bitcoin Test Wallet'

export type BitcoinTamper = 'double-spend' | 'corrupt-signature'

export interface InjectedBitcoinWallet {
  /** The name the connect view lists it under. */
  name: string
  /** Every request the page made of the wallet, in order (`connect`, `connect (silent)`, …). */
  requests: string[]
  /** From now on, every payment the wallet signs is spoiled this way. */
  tamper(how: BitcoinTamper | undefined): void
  /** How many PSBTs the wallet signed. */
  signed(): number
  /** A regtest address nobody has used. */
  freshAddress(): string
}

/**
 * Injects core's Bitcoin test wallet into `page`, registered `via` one of the three ways. The page
 * gets the wallet object real wallets put on `window`; each request crosses to Node (through
 * page.exposeFunction), where the BIP-84/86 keys sign. The keys never enter the page.
 */
export async function injectBitcoinWallet(
  page: Page,
  options: { via: BitcoinRegistration; networks?: BitcoinTestNetwork[] },
): Promise<InjectedBitcoinWallet> {
  const networks = options.networks ?? ['regtest']
  const signer = createBitcoinTestSigner({ networks })
  let tamper: BitcoinTamper | undefined
  let signed = 0
  const bridge = '__latchBitcoinWallet'
  await page.exposeFunction(bridge, async (request: { method: string; params?: unknown }) => {
    const answer = await signer.handle(request)
    if (request.method === 'signPsbt' && 'result' in answer) {
      signed++
      // The coins the page is about to spend go elsewhere first: its broadcast double-spends.
      if (tamper === 'double-spend') {
        const psbt = (answer.result as { psbt: string }).psbt
        await doubleSpend(new Uint8Array(Buffer.from(psbt, 'base64')))
      }
    }
    return answer
  })
  const way: BitcoinTestWalletWay = options.via
  await page.addInitScript(installBitcoinTestWallet, { way, bridge, name: NAME, networks })
  return {
    // Unisat-style wallets are listed under the name of the wallet whose object they are.
    name: options.via === 'unisat' ? 'UniSat Wallet' : NAME,
    requests: signer.requests,
    tamper(how) {
      tamper = how
      signer.setBehaviour(how === 'corrupt-signature' ? { corruptSignature: true } : undefined)
    },
    signed: () => signed,
    freshAddress,
  }
}
