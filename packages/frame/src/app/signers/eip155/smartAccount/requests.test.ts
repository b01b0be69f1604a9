import { encodeFunctionData, erc20Abi, type Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { deriveWallet, newEntropy } from '../../../custody/keys.js'
import { handleRpc, type RpcContext } from '../../../rpc.js'
import type { ApprovalRequest } from '../../../ui/approve.js'
import type { BatchCall } from './calls.js'
import type { SmartAccountSession } from './session.js'

const wallet = deriveWallet(newEntropy())
const SAFE = '0x5afe000000000000000000000000000000005afe'
const TOKEN = '0x35D81E9b5b2E4dfa5D0393BA50B4015463739831'
const OP_HASH = `0x${'12'.repeat(32)}` as Hex
const signal = new AbortController().signal

/** A Safe that records what it is asked to send; the real one is in sendCalls.int.test.ts. */
function recordingSafe() {
  const sent: BatchCall[][] = []
  const session: SmartAccountSession = {
    address: SAFE,
    chainId: 31337,
    isDeployed: async () => false,
    sendCalls: async (calls) => {
      sent.push([...calls])
      return OP_HASH
    },
    receipt: async () => null,
    waitForReceipt: async () => {
      throw new Error('not used')
    },
    signMessage: async () => '0x',
    signTypedData: async () => '0x',
  }
  return { session, sent }
}

function context(options: { safe?: SmartAccountSession; asked: ApprovalRequest[] }): RpcContext {
  return {
    wallet,
    activeChainId: 31337,
    // Nothing listens here: token lookups fail and amounts stay in raw units.
    proxyUrl: (chainId) => `http://127.0.0.1:9/v1/?chainId=${chainId}&projectId=p`,
    origin: 'http://localhost:5173',
    smartAccount: async () => options.safe,
    approve: async (request) => {
      options.asked.push(request)
      return true
    },
  }
}

const transfer = encodeFunctionData({
  abi: erc20Abi,
  functionName: 'transfer',
  args: [SAFE, 1n],
})

describe('wallet_sendCalls in the frame', () => {
  it.each([
    ['lacks `to`', { data: transfer }],
    ['lacks data', { to: TOKEN }],
    ['has data without 0x', { to: TOKEN, data: transfer.slice(2) }],
  ])('refuses a batch whose call %s before any view, and sends nothing', async (_name, bad) => {
    const { session, sent } = recordingSafe()
    const asked: ApprovalRequest[] = []
    const request = handleRpc(
      { method: 'wallet_sendCalls', params: [{ calls: [{ to: TOKEN, data: transfer }, bad] }] },
      context({ safe: session, asked }),
      signal,
    )
    await expect(request).rejects.toMatchObject({ code: -32602 })
    expect(asked).toEqual([])
    expect(sent).toEqual([])
  })

  it('refuses a batch for another chain or sender before any view', async () => {
    const { session, sent } = recordingSafe()
    const asked: ApprovalRequest[] = []
    const calls = [{ to: TOKEN, data: transfer }]
    await expect(
      handleRpc(
        { method: 'wallet_sendCalls', params: [{ chainId: '0x1', calls }] },
        context({ safe: session, asked }),
        signal,
      ),
    ).rejects.toMatchObject({ code: 5710 })
    await expect(
      handleRpc(
        { method: 'wallet_sendCalls', params: [{ from: TOKEN, calls }] },
        context({ safe: session, asked }),
        signal,
      ),
    ).rejects.toMatchObject({ code: 4100 })
    expect(asked).toEqual([])
    expect(sent).toEqual([])
  })

  it('from the EOA, refuses with 4200 before any view (the kit sends one transaction per call)', async () => {
    const asked: ApprovalRequest[] = []
    await expect(
      handleRpc(
        { method: 'wallet_sendCalls', params: [{ calls: [{ to: TOKEN, data: transfer }] }] },
        context({ asked }),
        signal,
      ),
    ).rejects.toMatchObject({ code: 4200 })
    expect(asked).toEqual([])
    expect(
      await handleRpc({ method: 'wallet_getCapabilities' }, context({ asked }), signal),
    ).toEqual({})
  })

  it('shows every call in one view, then sends exactly those calls as one operation', async () => {
    const { session, sent } = recordingSafe()
    const asked: ApprovalRequest[] = []
    const calls = [
      { to: TOKEN, data: transfer },
      { to: SAFE, data: '0x', value: '0x1' },
    ]
    const result = await handleRpc(
      { method: 'wallet_sendCalls', params: [{ version: '2.0.0', calls }] },
      context({ safe: session, asked }),
      signal,
    )
    expect(result).toEqual({ id: OP_HASH })
    expect(asked).toHaveLength(1)
    expect(asked[0]!.view.title).toBe('Send 2 calls together')
    expect(asked[0]!.view.sections[0]!.fields[0]).toMatchObject({ value: SAFE })
    expect(asked[0]!.view.sections.map((s) => s.title)).toContain('Call #2 · Transaction')
    expect(sent).toEqual([
      [
        { to: TOKEN, data: transfer, value: 0n },
        { to: SAFE, data: '0x', value: 1n },
      ],
    ])
    expect(
      await handleRpc(
        { method: 'wallet_getCallsStatus', params: [OP_HASH] },
        context({ safe: session, asked }),
        signal,
      ),
    ).toMatchObject({ id: OP_HASH, status: 100 })
    expect(
      await handleRpc(
        { method: 'wallet_getCapabilities' },
        context({ safe: session, asked }),
        signal,
      ),
    ).toEqual({
      '0x7a69': { atomic: { status: 'supported' }, paymasterService: { supported: true } },
    })
    expect(
      await handleRpc({ method: 'eth_accounts' }, context({ safe: session, asked }), signal),
    ).toEqual([SAFE])
  })
})
