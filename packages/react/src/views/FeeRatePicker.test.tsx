import { type CaipNetwork, createLatchStorage, createMemoryStorage, devNetwork } from '@latch/core'
import { createFakeAdapter, type FakeAdapter } from '@latch/core/testing'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { createLatchClient, type LatchConfig } from '../client.js'
import { LatchProvider } from '../LatchProvider.js'
import { FeeRatePicker } from './FeeRatePicker.js'
import { defaultFeeRate, feeRateChoices } from './useFeeRates.js'

afterEach(cleanup)

// A UTXO-style family whose adapter estimates fee rates (the picker never names one).
const utxoNetwork: CaipNetwork = {
  id: 'utxo-test',
  caipNetworkId: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
  chainNamespace: 'bip122',
  name: 'UTXO Test',
  testnet: true,
  assets: { imageId: 'bitcoin' },
  nativeCurrency: { name: 'Coin', symbol: 'CN', decimals: 8 },
  rpcUrls: { default: { http: ['http://127.0.0.1:9'] } },
}

function Form({ onRate }: { onRate: (rate: number | undefined) => void }) {
  const [rate, setRate] = useState<number>()
  return (
    <>
      <FeeRatePicker
        value={rate}
        onChange={(next) => {
          setRate(next)
          onRate(next)
        }}
      />
      <output data-testid="chosen">{rate ?? 'none'}</output>
    </>
  )
}

async function mount(feeRates?: FakeAdapter['feeRates']) {
  const adapter = createFakeAdapter({
    namespace: 'bip122',
    networks: [utxoNetwork],
    address: 'bcrt1qquv9lg5g2r4jkr0ahun0ddfg5xntxjelwjpnuw',
  })
  const asked: CaipNetwork[] = []
  if (feeRates)
    adapter.feeRates = (p) => {
      asked.push(p.network)
      return feeRates(p)
    }
  const evm = createFakeAdapter({ namespace: 'eip155', networks: [devNetwork] })
  const config: LatchConfig = {
    projectId: 'p1',
    serverUrl: 'http://127.0.0.1:9',
    providerServices: false,
    adapters: [evm, adapter],
    networks: [devNetwork, utxoNetwork],
    storage: createLatchStorage(createMemoryStorage()),
  }
  const client = createLatchClient(config)
  const rates: Array<number | undefined> = []
  render(
    <LatchProvider config={config} client={client}>
      <Form onRate={(r) => rates.push(r)} />
    </LatchProvider>,
  )
  await act(() => client.initialize())
  await act(async () => {
    await client.controller.switchNetwork(utxoNetwork)
    await client.controller.connect({ namespace: 'bip122', connectorId: 'fake' })
  })
  return { client, asked, rates }
}

describe('feeRateChoices', () => {
  it('keeps the fastest target and a slower one only when it is cheaper', () => {
    const rates = [
      { blocks: 6, satsPerVbyte: 4 },
      { blocks: 1, satsPerVbyte: 12 },
      { blocks: 2, satsPerVbyte: 12 },
      { blocks: 3, satsPerVbyte: 8 },
      { blocks: 144, satsPerVbyte: 4 },
      { blocks: 504, satsPerVbyte: 0 },
      { blocks: 1008, satsPerVbyte: Number.NaN },
    ]
    expect(feeRateChoices(rates)).toEqual([
      { blocks: 1, satsPerVbyte: 12 },
      { blocks: 3, satsPerVbyte: 8 },
      { blocks: 6, satsPerVbyte: 4 },
    ])
  })

  it('preselects about three blocks, else the fastest', () => {
    expect(
      defaultFeeRate([
        { blocks: 1, satsPerVbyte: 12 },
        { blocks: 3, satsPerVbyte: 8 },
        { blocks: 6, satsPerVbyte: 4 },
      ]),
    ).toEqual({ blocks: 3, satsPerVbyte: 8 })
    expect(defaultFeeRate([{ blocks: 6, satsPerVbyte: 4 }])).toEqual({ blocks: 6, satsPerVbyte: 4 })
    expect(defaultFeeRate([])).toBeUndefined()
  })
})

describe('FeeRatePicker', () => {
  it('offers the network’s estimates for a family whose adapter has them, one preselected', async () => {
    const { asked } = await mount(async () => [
      { blocks: 1, satsPerVbyte: 20 },
      { blocks: 3, satsPerVbyte: 9 },
      { blocks: 144, satsPerVbyte: 2 },
    ])
    const select = (await screen.findByLabelText('Fee rate')) as HTMLSelectElement
    await waitFor(() =>
      expect([...select.options].map((o) => o.textContent)).toEqual([
        'Next block · 20 sat/vB',
        'Within 3 blocks · 9 sat/vB',
        'Within 144 blocks · 2 sat/vB',
      ]),
    )
    await waitFor(() => expect(screen.getByTestId('chosen').textContent).toBe('9'))
    expect(asked.map((n) => n.caipNetworkId)).toContain(utxoNetwork.caipNetworkId)

    fireEvent.change(select, { target: { value: '2' } })
    expect(screen.getByTestId('chosen').textContent).toBe('2')
  })

  it('says so, and leaves the rate to the adapter, when the estimates cannot be read', async () => {
    await mount(async () => {
      throw new Error('estimator down')
    })
    expect((await screen.findByTestId('send-fee-rate-unavailable')).textContent).toContain(
      'Fee rates are unavailable',
    )
    expect(screen.queryByLabelText('Fee rate')).toBeNull()
    expect(screen.getByTestId('chosen').textContent).toBe('none')
  })

  it('renders nothing for a family whose adapter prices sends itself', async () => {
    const { client } = await mount()
    expect(client.stores.chain.getState().activeChain).toBe('bip122')
    expect(screen.queryByLabelText('Fee rate')).toBeNull()
    expect(screen.queryByTestId('send-fee-rate-unavailable')).toBeNull()
  })
})
