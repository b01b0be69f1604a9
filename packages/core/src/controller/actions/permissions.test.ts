import { describe, expect, it } from 'vitest'
import { defaultFeatures } from '../../stores/options.js'
import {
  grantPermissions,
  PermissionsError,
  revokePermissions,
  SmartSessionsNotEnabledError,
} from './permissions.js'
import type { CallsProvider } from './sendCalls.js'

/** A wallet that records what it is asked and answers with `answer`. */
function wallet(answer: () => Promise<unknown>) {
  const asked: string[] = []
  const provider: CallsProvider = {
    request: async ({ method }) => {
      asked.push(method)
      return answer()
    },
  }
  return { provider, asked }
}

const params = [{ chainId: '0x7a69', expiry: 1, permissions: [] }]
const on = { smartSessions: true }

describe('grantPermissions / revokePermissions (ERC-7715)', () => {
  it.each([
    ['grantPermissions', grantPermissions],
    ['revokePermissions', revokePermissions],
  ])(
    '%s: with the feature off by default, refuses before any wallet is asked',
    async (_, action) => {
      expect(defaultFeatures.smartSessions).toBe(false)
      const { provider, asked } = wallet(async () => ({ permissionsContext: '0x01' }))
      const refused = action({ features: defaultFeatures, provider, params })
      await expect(refused).rejects.toBeInstanceOf(SmartSessionsNotEnabledError)
      await expect(refused).rejects.toThrow('Smart sessions are not enabled')
      expect(asked).toEqual([])
    },
  )

  it('with the feature on, the embedded wallet refusal (4200) is the same typed error', async () => {
    // What the frame answers (packages/frame smartAccount/permissions.ts), wrapped as wagmi does.
    const frameRefusal = Object.assign(new Error('Smart sessions are not enabled'), { code: 4200 })
    const { provider, asked } = wallet(async () => {
      throw Object.assign(new Error('wrapped'), { cause: frameRefusal })
    })
    const refused = grantPermissions({ features: on, provider, params })
    await expect(refused).rejects.toBeInstanceOf(SmartSessionsNotEnabledError)
    await expect(refused).rejects.toMatchObject({
      details: 'The wallet does not answer wallet_grantPermissions',
    })
    expect(asked).toEqual(['wallet_grantPermissions'])
  })

  it('with the feature on, a wallet that grants answers; a refusal by the user is USER_REJECTED', async () => {
    const granted = { permissionsContext: '0x01' }
    const { provider } = wallet(async () => granted)
    expect(await grantPermissions({ features: on, provider, params })).toBe(granted)
    const rejecting = wallet(async () => {
      throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
    })
    const refused = revokePermissions({ features: on, provider: rejecting.provider, params })
    await expect(refused).rejects.toBeInstanceOf(PermissionsError)
    await expect(refused).rejects.toMatchObject({ category: 'USER_REJECTED' })
  })
})
