import { describe, expect, it } from 'vitest'
import { btc, classify, toBitcoinWireTransaction } from './classify.js'
import type { EsploraOutput, EsploraTx } from './esplora.js'

const ME = { address: 'bcrt1qme', script: '0014aa' }
const out = (script: string, value: number, address = `addr-${script}`): EsploraOutput => ({
  scriptpubkey: script,
  scriptpubkey_address: address,
  value,
})
const tx = (
  inputs: EsploraOutput[],
  outputs: EsploraOutput[],
  fee: number,
  confirmed = true,
): EsploraTx => ({
  txid: 'ab'.repeat(32),
  vin: inputs.map((prevout, i) => ({
    txid: 'cd'.repeat(32),
    vout: i,
    prevout,
    is_coinbase: false,
  })),
  vout: outputs,
  fee,
  status: confirmed
    ? { confirmed: true, block_height: 120, block_hash: 'ef'.repeat(32), block_time: 1_700_000_000 }
    : { confirmed: false },
})
const mine = (value: number) => out(ME.script, value, ME.address)
const NOW = new Date('2026-11-27T12:00:00Z')

describe('btc', () => {
  it('writes satoshis as BTC with no trailing zeros', () => {
    expect([0, 1, 100_000_000, 150_000_000, 2_100_000_000_000_000, 12_345].map(btc)).toEqual([
      '0',
      '0.00000001',
      '1',
      '1.5',
      '21000000',
      '0.00012345',
    ])
    expect(btc(-5000)).toBe('-0.00005')
  })
})

describe('classify', () => {
  it('a receive: no input of ours; the amount is what our outputs got, the fee not ours', () => {
    const t = tx([out('0014bb', 100_000)], [mine(60_000), out('0014bb', 39_000)], 1_000)
    expect(classify(t, ME)).toMatchObject({
      kind: 'receive',
      amount: 60_000,
      fee: 0,
      from: 'addr-0014bb',
      to: ME.address,
    })
    const wire = toBitcoinWireTransaction(t, ME, 'bip122:x', NOW)
    expect(wire.metadata).toMatchObject({
      operationType: 'receive',
      status: 'confirmed',
      nonce: 120,
      minedAt: '2023-11-14T22:13:20.000Z',
    })
    expect(wire.transfers).toEqual([
      {
        fungible_info: { name: 'Bitcoin', symbol: 'BTC' },
        direction: 'in',
        quantity: { numeric: '0.0006' },
      },
    ])
  })

  it('a send: all inputs ours; out = what others got, change left out, the fee its own line', () => {
    const t = tx([mine(100_000), mine(50_000)], [out('0014cc', 70_000), mine(79_000)], 1_000)
    expect(classify(t, ME)).toMatchObject({
      kind: 'send',
      amount: 70_000,
      fee: 1_000,
      spent: 150_000,
      received: 79_000,
      to: 'addr-0014cc',
    })
    const wire = toBitcoinWireTransaction(t, ME, 'bip122:x', NOW)
    expect(wire.metadata).toMatchObject({
      operationType: 'send',
      sentFrom: ME.address,
      sentTo: 'addr-0014cc',
    })
    expect(wire.transfers).toEqual([
      {
        fungible_info: { name: 'Bitcoin', symbol: 'BTC' },
        direction: 'out',
        quantity: { numeric: '0.0007' },
      },
      {
        fungible_info: { name: 'Network fee', symbol: 'BTC' },
        direction: 'out',
        quantity: { numeric: '0.00001' },
      },
    ])
  })

  it('a self-transfer: every valued output ours (an OP_RETURN is no payee)', () => {
    const opReturn = { scriptpubkey: '6a0401020304', scriptpubkey_type: 'op_return', value: 0 }
    const t = tx([mine(100_000)], [mine(99_000), opReturn], 1_000)
    expect(classify(t, ME)).toMatchObject({
      kind: 'self',
      amount: 99_000,
      fee: 1_000,
      to: ME.address,
    })
    expect(
      toBitcoinWireTransaction(t, ME, 'bip122:x', NOW).transfers?.map((x) => x.direction),
    ).toEqual(['self', 'out'])
  })

  it('shared inputs: the net change alone, no fee line', () => {
    const gain = tx(
      [mine(10_000), out('0014dd', 90_000)],
      [mine(50_000), out('0014dd', 49_000)],
      1_000,
    )
    expect(classify(gain, ME)).toMatchObject({ kind: 'shared', amount: 40_000, fee: 0 })
    const w = toBitcoinWireTransaction(gain, ME, 'bip122:x', NOW)
    expect(w.metadata.operationType).toBe('receive')
    expect(w.transfers).toEqual([
      {
        fungible_info: { name: 'Bitcoin', symbol: 'BTC' },
        direction: 'in',
        quantity: { numeric: '0.0004' },
      },
    ])
    const loss = tx(
      [mine(60_000), out('0014dd', 40_000)],
      [mine(10_000), out('0014dd', 89_000)],
      1_000,
    )
    expect(toBitcoinWireTransaction(loss, ME, 'bip122:x', NOW).transfers?.[0]).toMatchObject({
      direction: 'out',
      quantity: { numeric: '0.0005' },
    })
  })

  it('a coinbase payment is a receive from "coinbase"; a pending one is as of now, nonce 0', () => {
    const t = tx([], [mine(5_000_000_000)], 0, false)
    t.vin = [{ txid: '0'.repeat(64), vout: 0xffffffff, prevout: null, is_coinbase: true }]
    const wire = toBitcoinWireTransaction(t, ME, 'bip122:x', NOW)
    expect(wire.metadata).toMatchObject({
      sentFrom: 'coinbase',
      status: 'pending',
      nonce: 0,
      minedAt: NOW.toISOString(),
    })
    expect(wire.id).toBe(`bip122:x:${t.txid}`)
  })
})
