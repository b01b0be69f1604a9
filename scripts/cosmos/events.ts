/**
 * ABCI events as CometBFT 0.38 carries them (string attributes, every one indexed), and the
 * event list of a transaction as SDK 0.50's ante handler and message router build it.
 */
import { toBase64 } from '@cosmjs/encoding'

export interface AbciEvent {
  type: string
  attributes: Array<{ key: string; value: string; index: boolean }>
}

export function event(type: string, attributes: Record<string, string>): AbciEvent {
  return {
    type,
    attributes: Object.entries(attributes).map(([key, value]) => ({ key, value, index: true })),
  }
}

/** The `tx` events SetPubKeyDecorator emits per signer: acc_seq, then each signature. */
export function signerEvents(
  signers: Array<{ address: string; sequence: bigint; signature: Uint8Array }>,
): AbciEvent[] {
  return signers.flatMap((s) => [
    event('tx', { acc_seq: `${s.address}/${s.sequence}` }),
    event('tx', { signature: toBase64(s.signature) }),
  ])
}

/**
 * A message's events as baseapp 0.50 wraps them: a leading `message` event with the action, the
 * first signer as sender and the module, then the handler's own, each tagged with msg_index.
 */
export function messageEvents(
  index: number,
  action: string,
  sender: string,
  module: string,
  emitted: AbciEvent[],
): AbciEvent[] {
  const all = [event('message', { action, sender, module }), ...emitted]
  return all.map((e) => ({
    type: e.type,
    attributes: [...e.attributes, { key: 'msg_index', value: String(index), index: true }],
  }))
}
