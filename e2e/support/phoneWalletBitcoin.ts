import {
  type BitcoinTestNetwork,
  createBitcoinTestSigner,
} from '../../packages/core/src/testing/bitcoinWallet.js'

/**
 * The phone wallet's Bitcoin side (the WalletConnect `bip122` namespace): core's Bitcoin test
 * signer holds the dev mnemonic's BIP-84 payment and BIP-86 ordinal keys in this process and
 * answers the page's requests in the shapes Reown's wallets use (getAccountAddresses with
 * `intention`, signMessage, signPsbt with `signInputs`). The payment account is the dev node's,
 * which has seeded history.
 */
export interface PhoneBitcoinSide {
  /** The CAIP-2 chain the wallet has. */
  readonly chain: string
  readonly payment: string
  readonly ordinal: string
  /** The namespace to approve when the proposal asks for the chain. */
  approve(asked: readonly string[]): BitcoinNamespace | undefined
  answer(
    method: string,
    params: Record<string, unknown>,
  ): Promise<{ result: unknown } | { error: { code: number; message: string } }>
}

interface BitcoinNamespace {
  chains: string[]
  methods: string[]
  events: string[]
  accounts: string[]
}

const METHODS = ['signMessage', 'signPsbt', 'sendTransfer', 'getAccountAddresses']

export async function createPhoneBitcoinSide(
  chain: string,
  network: BitcoinTestNetwork = 'regtest',
): Promise<PhoneBitcoinSide> {
  const signer = createBitcoinTestSigner({ networks: [network] })
  await signer.handle({ method: 'connect', params: { network } })
  const [payment, ordinal] = signer.accounts(network)
  if (!payment || !ordinal) throw new Error('the Bitcoin test signer has no accounts')
  return {
    chain,
    payment: payment.address,
    ordinal: ordinal.address,
    approve: (asked) =>
      asked.includes(chain)
        ? {
            chains: [chain],
            methods: METHODS,
            events: ['bip122_addressesChanged'],
            accounts: [payment, ordinal].map((a) => `${chain}:${a.address}`),
          }
        : undefined,
    async answer(method, params) {
      if (method === 'getAccountAddresses')
        return {
          result: signer.accounts(network).map((a) => ({
            address: a.address,
            publicKey: a.publicKey,
            path: a.path,
            intention: a.purpose === 'ordinals' ? 'ordinal' : 'payment',
          })),
        }
      if (method === 'signMessage') return signer.handle({ method, params })
      if (method === 'signPsbt') {
        // The test signer's own shape: one account's address and the input indexes it signs.
        const inputs = (params.signInputs ?? []) as Array<{ address: string; index: number }>
        return signer.handle({
          method,
          params: {
            psbt: params.psbt,
            address: inputs[0]?.address ?? params.account,
            indexes: inputs.map((i) => i.index),
          },
        })
      }
      return { error: { code: -32601, message: `Method not found: ${method}` } }
    },
  }
}
