import { base64, hex } from '@scure/base'
import { HDKey } from '@scure/bip32'
import { mnemonicToSeedSync } from '@scure/bip39'
import { p2sh, p2tr, p2wpkh, WIF } from '@scure/btc-signer'
import { Verifier } from 'bip322-js'
import { describe, expect, it } from 'vitest'
import { signLegacyMessage } from './bip137.js'
import { bip322MessageHash, signBip322, toSignTransaction, toSpendTxid } from './bip322.js'
import { bitcoinMessageVerifier } from './messageVerifier.js'
import { verifyBitcoinMessage as verify } from './verifyMessage.js'

// BIP-322's own test vectors (bips/bip-0322.mediawiki, "Test vectors").
const MAINNET = { bech32: 'bc', pubKeyHash: 0x00, scriptHash: 0x05, wif: 0x80 }
const REGTEST = { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef }
const VECTOR_KEY = WIF(MAINNET).decode('L3VFeEujGtevx9w18HD1fhRbCH67Az2dpCymeRE1SoPK6XQtaN2k')
const SEGWIT = 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l'
const TAPROOT = 'bc1ppv609nr0vr25u07u95waq5lucwfm6tde4nydujnu8npg4q75mr5sxq8lt3'
const SIGNATURES = {
  empty:
    'AkcwRAIgM2gBAQqvZX15ZiysmKmQpDrG83avLIT492QBzLnQIxYCIBaTpOaD20qRlEylyxFSeEA2ba9YOixpX8z46TSDtS40ASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI=',
  hello:
    'AkcwRAIgZRfIY3p7/DoVTty6YZbWS71bc5Vct9p9Fia83eRmw2QCICK/ENGfwLtptFluMGs2KsqoNSk89pO7F29zJLUx9a/sASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI=',
  helloAlt:
    'AkgwRQIhAOzyynlqt93lOKJr+wmmxIens//zPzl9tqIOua93wO6MAiBi5n5EyAcPScOjf1lAqIUIQtr3zKNeavYabHyR8eGhowEhAsfxIAMZZEKUPYWI4BruhAQjzFT8FSFSajuFwrDL1Yhy',
  taprootHello:
    'AUHd69PrJQEv+oKTfZ8l+WROBHuy9HKrbFCJu7U1iK2iiEy1vMU5EfMtjc+VSHM7aU0SDbak5IUZRVno2P5mjSafAQ==',
}

// The dev accounts (docs/bitcoin-node.md): what the test wallet and the e2e sign with.
const root = HDKey.fromMasterSeed(
  mnemonicToSeedSync('test test test test test test test test test test test junk'),
)
const paymentKey = root.derive("m/84'/1'/0'/0/0").privateKey as Uint8Array
const ordinalKey = root.derive("m/86'/1'/0'/0/0").privateKey as Uint8Array
const PAYMENT = 'bcrt1qquv9lg5g2r4jkr0ahun0ddfg5xntxjelwjpnuw'
const ORDINAL = 'bcrt1pfewlxm8meyyvgjydfu7v8j4ej64symj6ut8sf66h9germp94qgzs92e5zv'

describe('BIP-322 construction', () => {
  it('hashes messages and builds to_spend / to_sign as the BIP lays them out', () => {
    expect(hex.encode(bip322MessageHash(''))).toBe(
      'c90c269c4f8fcbe6880f72a721ddfbf1914268a794cbb21cfafee13770ae19f1',
    )
    expect(hex.encode(bip322MessageHash('Hello World'))).toBe(
      'f0eb03b1a75ac6d9847f55c624a99169b5dccba2a31f5b23bea77ba270de0a7a',
    )
    const script = p2wpkh(
      Uint8Array.from(base64.decode(SIGNATURES.hello).subarray(-33)),
      MAINNET,
    ).script
    expect(toSpendTxid(script, '')).toBe(
      'c5680aa69bb8d860bf82d4e9cd3504b55dde018de765a91bb566283c545a99a7',
    )
    expect(toSpendTxid(script, 'Hello World')).toBe(
      'b79d196740ad5217771c1098fc4a4b51e0535c32236c71f1ea4d61a2d603352b',
    )
    expect(toSignTransaction(script, '').id).toBe(
      '1e9654e951a5ba44c8604c4de6c67fd78a27e81dcadcfe1edf638ba3aaebaed6',
    )
    expect(toSignTransaction(script, 'Hello World').id).toBe(
      '88737ae86f2077145f93cc4b153ae9a1cb8d56afa511988c149c5c8c9d93bddf',
    )
  })
})

describe('verifyBitcoinMessage', () => {
  it('accepts the BIP-322 vectors (P2WPKH and P2TR)', () => {
    expect(verify({ address: SEGWIT, message: '', signature: SIGNATURES.empty })).toBe(true)
    expect(verify({ address: SEGWIT, message: 'Hello World', signature: SIGNATURES.hello })).toBe(
      true,
    )
    expect(
      verify({ address: SEGWIT, message: 'Hello World', signature: SIGNATURES.helloAlt }),
    ).toBe(true)
    expect(
      verify({ address: TAPROOT, message: 'Hello World', signature: SIGNATURES.taprootHello }),
    ).toBe(true)
  })

  it('refuses a vector for another message, another address, or with a byte changed', () => {
    expect(verify({ address: SEGWIT, message: 'Hello World', signature: SIGNATURES.empty })).toBe(
      false,
    )
    expect(verify({ address: SEGWIT, message: '', signature: SIGNATURES.hello })).toBe(false)
    expect(verify({ address: PAYMENT, message: '', signature: SIGNATURES.empty })).toBe(false)
    const bytes = base64.decode(SIGNATURES.taprootHello)
    bytes[10] = (bytes[10] as number) ^ 1
    expect(
      verify({ address: TAPROOT, message: 'Hello World', signature: base64.encode(bytes) }),
    ).toBe(false)
    expect(verify({ address: SEGWIT, message: '', signature: 'not base64!' })).toBe(false)
    expect(verify({ address: 'nonsense', message: '', signature: SIGNATURES.empty })).toBe(false)
  })

  it('signs for the vector key and round-trips the dev accounts, segwit and taproot', () => {
    // The R grinding differs from Core's, so the bytes differ from the vector; the proof holds.
    const ours = signBip322({
      privateKey: VECTOR_KEY,
      address: SEGWIT,
      message: '',
      network: MAINNET,
    })
    expect(verify({ address: SEGWIT, message: '', signature: ours })).toBe(true)
    for (const [privateKey, address] of [
      [paymentKey, PAYMENT],
      [ordinalKey, ORDINAL],
    ] as const) {
      const signature = signBip322({ privateKey, address, message: 'Sign in', network: REGTEST })
      expect(verify({ address, message: 'Sign in', signature })).toBe(true)
      expect(verify({ address, message: 'Sign in!', signature })).toBe(false)
    }
    // The other account's signature does not pass for this one.
    const signature = signBip322({
      privateKey: ordinalKey,
      address: ORDINAL,
      message: 'x',
      network: REGTEST,
    })
    expect(verify({ address: PAYMENT, message: 'x', signature })).toBe(false)
  })

  it('accepts the full form (the whole to_sign transaction)', () => {
    const script = p2wpkh(root.derive("m/84'/1'/0'/0/0").publicKey as Uint8Array, REGTEST).script
    const tx = toSignTransaction(script, 'full form')
    tx.signIdx(paymentKey, 0)
    tx.finalizeIdx(0)
    const full = base64.encode(tx.extract())
    expect(verify({ address: PAYMENT, message: 'full form', signature: full })).toBe(true)
    expect(verify({ address: PAYMENT, message: 'other', signature: full })).toBe(false)
  })

  it('nested segwit (P2SH-P2WPKH) signs and verifies', () => {
    const publicKey = root.derive("m/84'/1'/0'/0/0").publicKey as Uint8Array
    const nested = p2sh(p2wpkh(publicKey, REGTEST), REGTEST).address as string
    const signature = signBip322({
      privateKey: paymentKey,
      address: nested,
      message: 'nested',
      network: REGTEST,
    })
    expect(verify({ address: nested, message: 'nested', signature })).toBe(true)
    expect(verify({ address: nested, message: 'nested?', signature })).toBe(false)
  })

  it('checks legacy (BIP-137) signatures by the key they recover', () => {
    const signature = signLegacyMessage({
      privateKey: paymentKey,
      message: 'legacy',
      type: 'p2wpkh',
    })
    expect(verify({ address: PAYMENT, message: 'legacy', signature })).toBe(true)
    expect(verify({ address: PAYMENT, message: 'legacy!', signature })).toBe(false)
    expect(verify({ address: ORDINAL, message: 'legacy', signature })).toBe(false)
  })

  it('agrees with bip322-js, an independent implementation, both ways', () => {
    const mainnetSegwit = SEGWIT
    const ours = signBip322({
      privateKey: VECTOR_KEY,
      address: mainnetSegwit,
      message: 'cross-check',
      network: MAINNET,
    })
    expect(Verifier.verifySignature(mainnetSegwit, 'cross-check', ours)).toBe(true)
    const taproot = p2tr(
      (root.derive("m/86'/1'/0'/0/0").publicKey as Uint8Array).subarray(1),
      undefined,
      MAINNET,
    ).address as string
    const tapOurs = signBip322({
      privateKey: ordinalKey,
      address: taproot,
      message: 'x',
      network: MAINNET,
    })
    expect(Verifier.verifySignature(taproot, 'x', tapOurs)).toBe(true)
    expect(Verifier.verifySignature(taproot, 'y', tapOurs)).toBe(false)
    const legacy = signLegacyMessage({ privateKey: VECTOR_KEY, message: 'legacy', type: 'p2wpkh' })
    expect(Verifier.verifySignature(mainnetSegwit, 'legacy', legacy)).toBe(true)
  })

  it('loads through the lazy verifier', async () => {
    expect(bitcoinMessageVerifier.namespace).toBe('bip122')
    await expect(
      bitcoinMessageVerifier.verifyMessage({
        address: SEGWIT,
        message: 'Hello World',
        signature: SIGNATURES.hello,
      }),
    ).resolves.toBe(true)
  })
})
