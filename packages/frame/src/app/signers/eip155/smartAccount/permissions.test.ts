import { describe, expect, it } from 'vitest'
import { deriveWallet, newEntropy } from '../../../custody/keys.js'
import { handleRpc, type RpcContext } from '../../../rpc.js'
import type { ApprovalRequest } from '../../../ui/approve.js'
import { SmartSessionsNotEnabledError } from './permissions.js'
import type { SmartAccountSession } from './session.js'

const wallet = deriveWallet(newEntropy())
const SAFE = '0x5afe000000000000000000000000000000005afe'
const signal = new AbortController().signal

/** A Safe that fails the test if anything asks it to sign or send. */
function untouchableSafe(): SmartAccountSession {
  const never = async (): Promise<never> => {
    throw new Error('the Safe was asked to act')
  }
  return {
    address: SAFE,
    chainId: 31337,
    isDeployed: async () => true,
    sendCalls: never,
    receipt: never,
    waitForReceipt: never,
    signMessage: never,
    signTypedData: never,
  }
}

function context(asked: ApprovalRequest[], safe?: SmartAccountSession): RpcContext {
  return {
    wallet,
    activeChainId: 31337,
    proxyUrl: (chainId) => `http://127.0.0.1:9/v1/?chainId=${chainId}&projectId=p`,
    origin: 'http://localhost:5173',
    smartAccount: async () => safe,
    // An attacker's page hopes the user clicks through a generic view: approving is what it wants.
    approve: async (request) => {
      asked.push(request)
      return true
    },
  }
}

// ERC-7715 as a page would send it: a session key allowed to call anything, for a year.
const grant = [
  {
    chainId: '0x7a69',
    address: SAFE,
    expiry: Math.floor(Date.now() / 1000) + 365 * 86_400,
    signer: { type: 'key', data: { type: 'secp256k1', publicKey: `0x04${'11'.repeat(64)}` } },
    permissions: [{ type: 'contract-call', data: { address: SAFE, calls: [] } }],
    policies: [],
  },
]

describe('smart sessions (ERC-7715) in the frame', () => {
  it.each([
    ['wallet_grantPermissions', 'the Safe', grant, untouchableSafe()],
    ['wallet_grantPermissions', 'the EOA', grant, undefined],
    ['wallet_revokePermissions', 'the Safe', [{ permissionsContext: '0x1234' }], untouchableSafe()],
    ['wallet_revokePermissions', 'the EOA', [{ permissionsContext: '0x1234' }], undefined],
  ])(
    '%s from %s is refused as not enabled before any approval view',
    async (method, _who, params, safe) => {
      const asked: ApprovalRequest[] = []
      const refused = handleRpc({ method, params }, context(asked, safe), signal)
      await expect(refused).rejects.toBeInstanceOf(SmartSessionsNotEnabledError)
      await expect(refused).rejects.toMatchObject({
        code: 4200,
        message: `Smart sessions are not enabled: this wallet does not answer ${method}`,
      })
      expect(asked).toEqual([])
    },
  )
})
