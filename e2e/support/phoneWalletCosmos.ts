import { makeCosmoshubPath, Secp256k1HdWallet, type StdSignDoc } from '@cosmjs/amino'
import { DirectSecp256k1HdWallet } from '@cosmjs/proto-signing'
import { DEV_COSMOS_MNEMONIC } from '../../scripts/cosmos/keys.js'

/**
 * The phone wallet's Cosmos side (the WalletConnect `cosmos` namespace): cosmjs's own HD wallets
 * hold the test mnemonic's account 0 on the Hub path (the dev node's wallet account, which has
 * seeded history) in this process, and answer the page's requests in the namespace's shapes
 * (cosmos_getAccounts with a base64 key, cosmos_signDirect with base64 bytes, cosmos_signAmino).
 */
export interface PhoneCosmosSide {
  /** The CAIP-2 chain the wallet has. */
  readonly chain: string
  readonly address: string
  /** The namespace to approve when the proposal asks for the chain. */
  approve(asked: readonly string[]): CosmosNamespace | undefined
  answer(
    method: string,
    params: Record<string, unknown>,
  ): Promise<{ result: unknown } | { error: { code: number; message: string } }>
}

interface CosmosNamespace {
  chains: string[]
  methods: string[]
  events: string[]
  accounts: string[]
}

const METHODS = ['cosmos_getAccounts', 'cosmos_signDirect', 'cosmos_signAmino']
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')
const fromB64 = (text: unknown) => new Uint8Array(Buffer.from(String(text), 'base64'))

export async function createPhoneCosmosSide(
  chain: string,
  prefix = 'cosmos',
): Promise<PhoneCosmosSide> {
  const options = { prefix, hdPaths: [makeCosmoshubPath(0)] }
  const direct = await DirectSecp256k1HdWallet.fromMnemonic(DEV_COSMOS_MNEMONIC, options)
  const amino = await Secp256k1HdWallet.fromMnemonic(DEV_COSMOS_MNEMONIC, options)
  const [account] = await amino.getAccounts()
  if (!account) throw new Error('the Cosmos HD wallet has no account')
  const { address } = account

  async function result(method: string, params: Record<string, unknown>): Promise<unknown> {
    if (method === 'cosmos_getAccounts')
      return [{ address, algo: account?.algo, pubkey: b64(account?.pubkey ?? new Uint8Array()) }]
    if (method === 'cosmos_signAmino')
      return amino.signAmino(String(params.signerAddress), params.signDoc as StdSignDoc)
    if (method === 'cosmos_signDirect') {
      const doc = params.signDoc as Record<string, string>
      const { signed, signature } = await direct.signDirect(String(params.signerAddress), {
        bodyBytes: fromB64(doc.bodyBytes),
        authInfoBytes: fromB64(doc.authInfoBytes),
        chainId: String(doc.chainId),
        accountNumber: BigInt(String(doc.accountNumber)),
      })
      return {
        signed: {
          chainId: signed.chainId,
          accountNumber: signed.accountNumber.toString(),
          authInfoBytes: b64(signed.authInfoBytes),
          bodyBytes: b64(signed.bodyBytes),
        },
        signature,
      }
    }
    throw { code: -32601, message: `Method not found: ${method}` }
  }

  return {
    chain,
    address,
    approve: (asked) =>
      asked.includes(chain)
        ? {
            chains: [chain],
            methods: METHODS,
            events: ['chainChanged', 'accountsChanged'],
            accounts: [`${chain}:${address}`],
          }
        : undefined,
    async answer(method, params) {
      try {
        return { result: await result(method, params) }
      } catch (error) {
        const { code, message } = error as { code?: number; message?: string }
        return { error: { code: code ?? -32603, message: message ?? 'error' } }
      }
    },
  }
}
