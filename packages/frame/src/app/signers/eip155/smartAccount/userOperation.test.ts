import { describe, expect, it } from 'vitest'
import { deriveWallet, newEntropy } from '../../../custody/keys.js'
import { handleRpc } from '../../../rpc.js'
import type { ApprovalRequest } from '../../../ui/approve.js'
import { UserOperationNotAcceptedError } from './userOperation.js'

const wallet = deriveWallet(newEntropy())
const signal = new AbortController().signal

// A page's prebuilt operation: its own nonce, gas and paymaster data, for the wallet to sign blind.
const operation = {
  sender: '0x5afe000000000000000000000000000000005afe',
  nonce: '0x0',
  callData: '0xdeadbeef',
  callGasLimit: '0xffffff',
  verificationGasLimit: '0xffffff',
  preVerificationGas: '0xffff',
  maxFeePerGas: '0x1',
  maxPriorityFeePerGas: '0x1',
  paymaster: '0x000000000000000000000000000000000000dEaD',
  paymasterData: '0x',
  signature: '0x',
}

describe('eth_sendUserOperation in the frame', () => {
  it('is refused before any approval view, pointing at wallet_sendCalls', async () => {
    const asked: ApprovalRequest[] = []
    const refused = handleRpc(
      {
        method: 'eth_sendUserOperation',
        params: [operation, '0x0000000071727De22E5E9d8BAf0edAc6f37da032'],
      },
      {
        wallet,
        activeChainId: 31337,
        proxyUrl: (chainId) => `http://127.0.0.1:9/v1/?chainId=${chainId}&projectId=p`,
        origin: 'http://localhost:5173',
        smartAccount: async () => undefined,
        // The page hopes the user clicks through a generic view.
        approve: async (request) => {
          asked.push(request)
          return true
        },
      },
      signal,
    )
    await expect(refused).rejects.toBeInstanceOf(UserOperationNotAcceptedError)
    await expect(refused).rejects.toMatchObject({ code: 4200 })
    expect(asked).toEqual([])
  })
})
