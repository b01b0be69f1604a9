import { createDevNetwork, createLatchStorage, createMemoryStorage } from '@latch/core'
import { createEvmAdapter } from '@latch/core/evm'
import { announceProvider, createTestWallet, TEST_WALLET_INFO } from '@latch/core/testing'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type AnvilInstance, startAnvil } from '../../../../scripts/devchain/anvil.js'
import { createLatchClient, type LatchConfig } from '../client.js'
import { LatchProvider } from '../LatchProvider.js'
import { useLatchAccount } from './useLatchAccount.js'
import { useLatchConnect } from './useLatchConnect.js'
import { useLatchConnectors } from './useLatchConnectors.js'
import { useLatchSendCalls } from './useLatchSendCalls.js'

// The same hook with two real wallets on anvil: core's test wallet without EIP-5792 (one
// transaction per call), and the same wallet in its EIP-5792 mode, which sends the batch in one
// block. The embedded smart account's batch is tested in packages/frame.
const A = '0x00000000000000000000000000000000000a11ce'
const B = '0x0000000000000000000000000000000000000b0b'

let anvil: AnvilInstance
beforeAll(async () => {
  anvil = await startAnvil()
}, 60_000)
afterAll(async () => {
  await anvil?.stop()
})
const stops: Array<() => void> = []
afterEach(() => {
  cleanup()
  for (const stop of stops.splice(0)) stop()
})

async function node(method: string, params: unknown[] = []) {
  const res = await fetch(anvil.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return ((await res.json()) as { result: unknown }).result
}
const balance = async (address: string) =>
  BigInt((await node('eth_getBalance', [address, 'latest'])) as string)

/** Core's test wallet; with `batching`, in its EIP-5792 mode (a batch mined in one block). */
function mount(batching: boolean) {
  const wallet = createTestWallet({ rpcUrl: anvil.rpcUrl, eip5792: batching })
  stops.push(announceProvider(wallet, TEST_WALLET_INFO, window))
  const network = createDevNetwork(anvil.rpcUrl)
  const backend = createMemoryStorage()
  const adapter = createEvmAdapter({ networks: [network], storage: backend })
  stops.push(() => adapter.destroy?.())
  const config: LatchConfig = {
    projectId: 'p1',
    serverUrl: 'http://127.0.0.1:9',
    providerServices: false,
    adapters: [adapter],
    networks: [network],
    storage: createLatchStorage(backend),
  }
  render(
    <LatchProvider config={config} client={createLatchClient(config)}>
      <Batch />
    </LatchProvider>,
  )
  return wallet
}

function Batch() {
  const account = useLatchAccount()
  const connectors = useLatchConnectors()
  const { connect } = useLatchConnect()
  const { sendCalls, getCallsStatus, data, error } = useLatchSendCalls()
  const [status, setStatus] = useState('')
  const send = async () => {
    const sent = await sendCalls({
      calls: [
        { to: A, data: '0x', value: 5n },
        { to: B, data: '0x', value: 6n },
      ],
    })
    let result = await getCallsStatus(sent.id)
    while (result.status === 'pending') result = await getCallsStatus(sent.id)
    setStatus(`${result.status} ${result.receipts.length}`)
  }
  return (
    <div>
      <p data-testid="status">{account.status}</p>
      {connectors.map((c) => (
        <button key={c.id} type="button" onClick={() => connect(c).catch(() => {})}>
          {c.name}
        </button>
      ))}
      <button type="button" onClick={() => send().catch(() => {})}>
        Send
      </button>
      <p data-testid="sent">{data ? `${data.atomic} ${data.fallback}` : (error?.message ?? '')}</p>
      <p data-testid="calls">{status}</p>
    </div>
  )
}

describe('useLatchSendCalls', () => {
  it.each([
    ['an EIP-5792 wallet: one wallet_sendCalls', true, 'supported false'],
    ['a wallet without EIP-5792: one transaction per call', false, 'unsupported true'],
  ])(
    'sends a batch with %s',
    async (_name, batching, how) => {
      const [a0, b0] = [await balance(A), await balance(B)]
      const wallet = mount(batching)
      fireEvent.click(screen.getByRole('button', { name: 'Send' }))
      await waitFor(() =>
        expect(screen.getByTestId('sent').textContent).toBe('No ActiveCaipAddress found'),
      )
      fireEvent.click(await screen.findByRole('button', { name: 'Latch Test Wallet' }))
      await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('connected'))
      fireEvent.click(screen.getByRole('button', { name: 'Send' }))
      await waitFor(() => expect(screen.getByTestId('calls').textContent).toBe('success 2'), {
        timeout: 30_000,
      })
      expect(screen.getByTestId('sent').textContent).toBe(how)
      expect(await balance(A)).toBe(a0 + 5n)
      expect(await balance(B)).toBe(b0 + 6n)
      // What the page asked the wallet for: one batch; or a batch the wallet has no method for
      // (-32601 from the node), then each call on its own.
      const asked = (method: string) => wallet.requests.filter((r) => r.method === method).length
      expect([asked('wallet_sendCalls'), asked('eth_sendTransaction')]).toEqual(
        batching ? [1, 0] : [1, 2],
      )
    },
    60_000,
  )
})
