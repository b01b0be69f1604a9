import { hashTypedData, recoverTypedDataAddress, toHex, verifyMessage } from 'viem'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { deriveWallet, newEntropy } from '../../custody/keys.js'
import { handleRpc, type RpcContext } from '../../rpc.js'
import type { ApprovalRequest } from '../../ui/approve.js'
import { permit2Single, UNIVERSAL_ROUTER, USDC } from './decode/fixtures.js'
import { eip155Signer } from './index.js'

const wallet = deriveWallet(newEntropy())
const account = wallet.keyOf(eip155Signer)

function context(approve: (request: ApprovalRequest) => boolean | Promise<boolean>): RpcContext {
  return {
    wallet,
    activeChainId: 31337,
    // Nothing listens here: a test that reached the network would fail.
    proxyUrl: (chainId) => `http://127.0.0.1:9/v1/?chainId=${chainId}&projectId=p`,
    origin: 'http://localhost:5173',
    dappName: 'Test dapp',
    approve: async (request) => approve(request),
  }
}

afterEach(() => vi.useRealTimers())

describe('handleRpc', () => {
  it('answers chain id and accounts itself', async () => {
    const signal = new AbortController().signal
    expect(
      await handleRpc(
        { method: 'eth_chainId' },
        context(() => false),
        signal,
      ),
    ).toBe('0x7a69')
    expect(
      await handleRpc(
        { method: 'eth_accounts' },
        context(() => false),
        signal,
      ),
    ).toEqual([account.address])
  })

  it("refuses a method off the allow-list after 300 ms: 'Requested RPC call is not allowed'", async () => {
    vi.useFakeTimers()
    const approve = vi.fn(() => true)
    const result = handleRpc(
      { method: 'eth_sign', params: [] },
      context(approve),
      new AbortController().signal,
    )
    const settled = vi.fn()
    result.catch(settled)
    await vi.advanceTimersByTimeAsync(299)
    expect(settled).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    await expect(result).rejects.toMatchObject({
      message: 'Requested RPC call is not allowed',
      code: 4200,
    })
    expect(approve).not.toHaveBeenCalled()
  })

  it("ends an aborted request with 'Request was aborted'", async () => {
    const controller = new AbortController()
    const result = handleRpc(
      { method: 'eth_sign' },
      context(() => true),
      controller.signal,
    )
    controller.abort()
    await expect(result).rejects.toThrow('Request was aborted')
  })

  it('shows personal_sign in the approval UI and signs only when approved', async () => {
    const seen: ApprovalRequest[] = []
    const params = [toHex('gm'), account.address]
    const signature = (await handleRpc(
      { method: 'personal_sign', params },
      context((r) => {
        seen.push(r)
        return true
      }),
      new AbortController().signal,
    )) as `0x${string}`
    expect(seen[0]).toMatchObject({
      method: 'personal_sign',
      origin: 'http://localhost:5173',
      dappName: 'Test dapp',
      view: { sections: [{ title: 'Message', fields: [{ label: 'Message', value: 'gm' }] }] },
    })
    expect(await verifyMessage({ address: account.address, message: 'gm', signature })).toBe(true)
    await expect(
      handleRpc(
        { method: 'personal_sign', params },
        context(() => false),
        new AbortController().signal,
      ),
    ).rejects.toMatchObject({ message: 'User rejected the request.', code: 4001 })
  })

  it('signs EIP-712 typed data', async () => {
    const typed = {
      domain: { name: 'Latch', version: '1', chainId: 31337 },
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
        ],
        Mail: [{ name: 'contents', type: 'string' }],
      },
      primaryType: 'Mail',
      message: { contents: 'hello' },
    } as const
    const signature = (await handleRpc(
      { method: 'eth_signTypedData_v4', params: [account.address, JSON.stringify(typed)] },
      context(() => true),
      new AbortController().signal,
    )) as `0x${string}`
    const { EIP712Domain: _, ...types } = typed.types
    const data = { ...typed, types }
    expect(hashTypedData(data)).toMatch(/^0x/)
    expect(await recoverTypedDataAddress({ ...data, signature })).toBe(account.address)
  })

  it('refuses malformed typed data and a foreign chain before the approval UI opens', async () => {
    const approve = vi.fn(() => true)
    const foreign = { ...permit2Single, domain: { ...permit2Single.domain, chainId: '1' } }
    await expect(
      handleRpc(
        { method: 'eth_signTypedData_v4', params: [account.address, JSON.stringify(foreign)] },
        context(approve),
        new AbortController().signal,
      ),
    ).rejects.toMatchObject({
      message: 'Typed data is for chain 1, but the wallet is on chain 31337',
      code: -32602,
    })
    await expect(
      handleRpc(
        { method: 'eth_signTypedData_v4', params: [account.address, '{"types":'] },
        context(approve),
        new AbortController().signal,
      ),
    ).rejects.toMatchObject({ message: 'Invalid typed data: it is not JSON' })
    expect(approve).not.toHaveBeenCalled()
  })

  it('shows a Permit2 max allowance padded with 2,000 newlines as spender, token and Unlimited', async () => {
    const padded = {
      ...permit2Single,
      domain: { ...permit2Single.domain, chainId: 31337 },
    }
    const text = `${'\n'.repeat(2000)}${JSON.stringify(padded)}`
    const seen: ApprovalRequest[] = []
    const signature = (await handleRpc(
      { method: 'eth_signTypedData_v4', params: [account.address, text] },
      context((r) => {
        seen.push(r)
        return true
      }),
      new AbortController().signal,
    )) as `0x${string}`
    const view = seen[0]!.view
    expect(view.summary).toEqual([
      `Allow ${UNIVERSAL_ROUTER} to spend Unlimited token ${USDC} until 2026-01-31 00:00 UTC`,
    ])
    expect(view.dangers[0]).toContain('Unlimited approval')
    const { EIP712Domain: _, ...types } = padded.types
    expect(await recoverTypedDataAddress({ ...padded, types, signature } as never)).toBe(
      account.address,
    )
  })
})
