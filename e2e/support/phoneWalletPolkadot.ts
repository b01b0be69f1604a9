import { encodeAddress } from '@polkadot/util-crypto'
import {
  createPolkadotTestSigner,
  type PolkadotTestSigner,
} from '../../packages/core/src/testing/polkadotWallet.js'

/**
 * The phone wallet's Polkadot side (the WalletConnect `polkadot` namespace): the test signer's
 * sr25519 key (//Alice of the dev phrase) stays in this process and answers the page's requests in
 * the namespace's shapes, as a wallet built on polkadot-js does: polkadot_signMessage signs the
 * message inside <Bytes>…</Bytes> (a `0x…` message read as hex bytes, other text as UTF-8), and
 * polkadot_signTransaction signs the SignerPayloadJSON with the chain's metadata.
 */
export interface PhonePolkadotSide {
  /** The CAIP-2 chain the wallet has. */
  readonly chain: string
  /** The account in the chain's SS58 prefix. */
  readonly address: string
  readonly signer: PolkadotTestSigner
  /** The namespace to approve when the proposal asks for the chain. */
  approve(asked: readonly string[]): PolkadotNamespace | undefined
  answer(
    method: string,
    params: Record<string, unknown>,
  ): Promise<{ result: unknown } | { error: { code: number; message: string } }>
  close(): Promise<void>
}

interface PolkadotNamespace {
  chains: string[]
  methods: string[]
  events: string[]
  accounts: string[]
}

const METHODS = ['polkadot_signMessage', 'polkadot_signTransaction']
const utf8Hex = (text: string) => `0x${Buffer.from(text, 'utf8').toString('hex')}`

export async function createPhonePolkadotSide(options: {
  chain: string
  chainUrl: string
  ss58Prefix: number
}): Promise<PhonePolkadotSide> {
  const signer = await createPolkadotTestSigner({
    chainUrl: options.chainUrl,
    accounts: [{ path: '//Alice', name: 'Alice' }],
  })
  await signer.handle({ method: 'enable' })
  const [account] = signer.all
  if (!account) throw new Error('the Polkadot test signer has no account')
  const address = encodeAddress(account.address, options.ss58Prefix)
  const { chain } = options

  function call(method: string, params: Record<string, unknown>) {
    if (method === 'polkadot_signMessage') {
      const message = String(params.message)
      return {
        method: 'signRaw',
        params: {
          address: params.address,
          data: /^0x[0-9a-fA-F]*$/.test(message) ? message : utf8Hex(message),
          type: 'bytes',
        },
      }
    }
    if (method === 'polkadot_signTransaction')
      return { method: 'signPayload', params: params.transactionPayload }
    return undefined
  }

  return {
    chain,
    address,
    signer,
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
      const request = call(method, params)
      if (!request) return { error: { code: -32601, message: `Method not found: ${method}` } }
      const reply = await signer.handle(request)
      if ('error' in reply) return { error: reply.error }
      return { result: { signature: (reply.result as { signature: string }).signature } }
    },
    close: () => signer.close(),
  }
}
