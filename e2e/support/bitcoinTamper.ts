/**
 * A double spend, played in Node on the PSBT the test wallet signed: the same coins spent first,
 * behind the page's back. The node must refuse what the page then broadcasts, and the page must
 * show the node's reason. (A corrupted signature is the test signer's own behaviour.)
 */
import { randomBytes } from 'node:crypto'
import { HDKey } from '@scure/bip32'
import { p2wpkh, Transaction } from '@scure/btc-signer'
import { REGTEST } from '../../scripts/bitcoin/esplora.js'
import { spendFirst } from './bitcoinNode.js'

const toHex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex')

/** A regtest address nobody has used: what arrives there is one test's payment alone. */
export function freshAddress(): string {
  const key = HDKey.fromMasterSeed(randomBytes(32)).derive("m/84'/1'/0'/0/0")
  return p2wpkh(key.publicKey as Uint8Array, REGTEST).address as string
}

/** The coins a PSBT spends (its inputs' outpoints and amounts). */
export function psbtInputs(psbt: Uint8Array) {
  const tx = Transaction.fromPSBT(psbt)
  return Array.from({ length: tx.inputsLength }, (_, i) => {
    const input = tx.getInput(i)
    return {
      txid: toHex(input.txid as Uint8Array),
      vout: input.index as number,
      value: Number(input.witnessUtxo?.amount ?? 0n),
    }
  })
}

/** Spends the PSBT's coins first, from Node with the dev key; resolves with that txid. */
export function doubleSpend(psbt: Uint8Array): Promise<string> {
  return spendFirst(psbtInputs(psbt))
}
