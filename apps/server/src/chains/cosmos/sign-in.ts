import { decodeSignature, pubkeyToAddress, type StdSignDoc, serializeSignDoc } from '@cosmjs/amino'
import { Secp256k1, Secp256k1Signature, sha256 } from '@cosmjs/crypto'
import { toBase64 } from '@cosmjs/encoding'
import { badSignature, caip122Family, chainUnsupported, readCaip122 } from '../../siwx/caip122.js'
import { ForeignSignInError, SiwxError } from '../../siwx/verify.js'
import type { SignInVerifier, VerifiedSignIn } from '../types.js'
import { COSMOS, COSMOS_NETWORKS, parseCosmosAddress } from './networks.js'

/**
 * Sign in with Cosmos (CAIP-122, docs/cosmos-server.md#sign-in-with-cosmos): the EIP-4361 layout
 * with a Cosmos header, a bech32 account of the named chain, and `Chain ID` its chain id (or full
 * CAIP-2 id). The signature is ADR-036's, what Keplr-API wallets' `signArbitrary` gives: the
 * amino StdSignDoc of one `sign/MsgSignData` {signer, data: the message's bytes} with chain id
 * "", account number 0, sequence 0 and no fee, signed with secp256k1. The server receives it as
 * the wallet returns it, a StdSignature written as JSON:
 * `{"pub_key":{"type":"tendermint/PubKeySecp256k1","value":"<base64>"},"signature":"<base64>"}`.
 * The public key must make the message's address on its chain's prefix.
 */

const COSMOS_CAIP122 = caip122Family({
  label: 'Cosmos',
  namespace: COSMOS,
  isAddress: (address) => /^[a-z0-9]{8,90}$/.test(address),
})

export const isCosmosSignIn = COSMOS_CAIP122.isSignIn

/** The message's checks (the same codes as the other namespaces'); the signature is not read here. */
export function checkCosmosMessage(
  text: string,
  context: { origin: string; now: Date },
): VerifiedSignIn & { prefix: string } {
  const { chain, signIn } = readCaip122(text, COSMOS_CAIP122, context, ({ address, chainId }) => {
    const network = COSMOS_NETWORKS.find((n) => n.caip2 === chainId)
    if (!network) throw chainUnsupported(chainId)
    if (parseCosmosAddress(address)?.prefix !== network.prefix)
      throw new SiwxError(
        'SIWX_MALFORMED',
        `The address is not an account of ${network.name} (${chainId}, prefix ${network.prefix}).`,
      )
    return network.prefix
  })
  return { ...signIn, prefix: chain }
}

/** ADR-036's sign document for `data` signed by `signer` (Keplr's makeADR36AminoSignDoc). */
export function adr036SignDoc(signer: string, data: string): StdSignDoc {
  return {
    chain_id: '',
    account_number: '0',
    sequence: '0',
    fee: { gas: '0', amount: [] },
    msgs: [
      {
        type: 'sign/MsgSignData',
        value: { signer, data: toBase64(new TextEncoder().encode(data)) },
      },
    ],
    memo: '',
  }
}

/** Half the secp256k1 group order: a larger `s` is the malleable twin the SDK refuses. */
const HALF_ORDER = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0n

/** The signature is the address's key's, over exactly this message (ADR-036). */
export function verifyCosmosSignature(input: {
  address: string
  prefix: string
  message: string
  signature: string
}): void {
  const bad = badSignature
  let pubkey: Uint8Array
  let signature: Uint8Array
  try {
    if (input.signature.length > 1000) throw bad()
    const parsed = JSON.parse(input.signature) as {
      pub_key?: { type?: unknown; value?: unknown }
      signature?: unknown
    }
    if (
      parsed.pub_key?.type !== 'tendermint/PubKeySecp256k1' ||
      typeof parsed.pub_key.value !== 'string' ||
      typeof parsed.signature !== 'string'
    )
      throw bad()
    ;({ pubkey, signature } = decodeSignature({
      pub_key: { type: 'tendermint/PubKeySecp256k1', value: parsed.pub_key.value },
      signature: parsed.signature,
    }))
    if (pubkey.length !== 33 || signature.length !== 64) throw bad()
    // The key must be the address's: another account's key signing "for" it proves nothing.
    const owner = pubkeyToAddress(
      { type: 'tendermint/PubKeySecp256k1', value: parsed.pub_key.value },
      input.prefix,
    )
    if (owner !== input.address) throw bad()
  } catch {
    throw bad()
  }
  const s = BigInt(`0x${Buffer.from(signature.subarray(32)).toString('hex')}`)
  if (s > HALF_ORDER) throw bad()
  const hash = sha256(serializeSignDoc(adr036SignDoc(input.address, input.message)))
  let valid = false
  try {
    valid = Secp256k1.verifySignature(Secp256k1Signature.fromFixedLength(signature), hash, pubkey)
  } catch {
    valid = false
  }
  if (!valid) throw bad()
}

/** Sign-in with a Cosmos account on the chains this server knows; needs no node. */
export function cosmosSignIn(): { namespace: string; verifySignIn: SignInVerifier } {
  const verifySignIn: SignInVerifier = async ({ message, signature, origin, now }) => {
    if (!isCosmosSignIn(message)) throw new ForeignSignInError(COSMOS, COSMOS_CAIP122.malformed)
    const { prefix, ...checked } = checkCosmosMessage(message, { origin, now })
    verifyCosmosSignature({ address: checked.address, prefix, message, signature })
    return checked
  }
  return { namespace: COSMOS, verifySignIn }
}
