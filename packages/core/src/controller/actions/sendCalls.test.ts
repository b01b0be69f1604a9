import { describe, expect, it } from 'vitest'
import {
  type CallsProvider,
  SendCallsError,
  SendCallsValidationError,
  sendCalls,
} from './sendCalls.js'

const FROM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const TO = '0x00000000000000000000000000000000000a11ce'

/** Records what a wallet is asked; answers each method with `answers[method]`. */
function wallet(answers: Record<string, (params: unknown) => unknown>) {
  const asked: string[] = []
  const provider: CallsProvider = {
    async request({ method, params }) {
      asked.push(method)
      const answer = answers[method]
      if (!answer) throw Object.assign(new Error('Method not found'), { code: -32601 })
      return answer(params)
    },
  }
  return { provider, asked }
}

describe('sendCalls', () => {
  it.each([
    ['a call without `to`', [{ data: '0x' }], /Call #1 needs a `to` address/],
    ['a call without data', [{ to: TO }], /Call #1 needs `data`/],
    ['data without 0x', [{ to: TO, data: 'abcd' }], /needs `data`/],
    ['a negative value', [{ to: TO, data: '0x', value: -1n }], /wei amount/],
    ['no calls', [], /at least one call/],
  ])('refuses %s before asking the wallet', async (_name, calls, message) => {
    const { provider, asked } = wallet({})
    const sent = sendCalls({ provider, from: FROM, chainId: 1, calls: calls as never })
    await expect(sent).rejects.toBeInstanceOf(SendCallsValidationError)
    await expect(sent).rejects.toThrow(message)
    expect(asked).toEqual([])
  })

  it("does not fall back when the user refused (4001): it is the user's answer", async () => {
    const { provider, asked } = wallet({
      wallet_getCapabilities: () => ({ '0x1': { atomic: { status: 'supported' } } }),
      wallet_sendCalls: () => {
        throw Object.assign(new Error('User rejected'), { code: 4001 })
      },
    })
    const sent = sendCalls({ provider, from: FROM, chainId: 1, calls: [{ to: TO, data: '0x' }] })
    await expect(sent).rejects.toMatchObject({ name: 'SendCallsError', category: 'USER_REJECTED' })
    expect(asked).toEqual(['wallet_getCapabilities', 'wallet_sendCalls'])
  })

  it('says how many calls went out when a one-by-one send stops half-way', async () => {
    let n = 0
    const { provider } = wallet({
      eth_sendTransaction: () => {
        if (n++ === 1) throw Object.assign(new Error('User rejected'), { code: 4001 })
        return `0x${'11'.repeat(32)}`
      },
    })
    const sent = sendCalls({
      provider,
      from: FROM,
      chainId: 1,
      calls: [
        { to: TO, data: '0x' },
        { to: TO, data: '0x' },
        { to: TO, data: '0x' },
      ],
    })
    await expect(sent).rejects.toBeInstanceOf(SendCallsError)
    await expect(sent).rejects.toThrow('The wallet sent 1 of 3 calls, then stopped')
  })

  it('refuses atomicRequired where the wallet says it cannot batch, before sending', async () => {
    const { provider, asked } = wallet({
      wallet_getCapabilities: () => ({ '0x1': { atomic: { status: 'unsupported' } } }),
    })
    await expect(
      sendCalls({
        provider,
        from: FROM,
        chainId: 1,
        atomicRequired: true,
        calls: [{ to: TO, data: '0x' }],
      }),
    ).rejects.toThrow('This wallet cannot send these calls all together')
    expect(asked).toEqual(['wallet_getCapabilities'])
  })
})
