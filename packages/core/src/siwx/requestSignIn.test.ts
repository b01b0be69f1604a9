import { describe, expect, it } from 'vitest'
import { setupController } from '../controller/setup.testing.js'
import { ModalClosedError, SiwxNotEnabledError } from '../errors/actionErrors.js'
import { closeModal } from '../stores/router.js'
import { requestSignIn } from './requestSignIn.js'
import { signInWithWallet } from './signIn.js'
import type { SiwxConfig, SiwxSession } from './types.js'

/** A sign-in backend kept in memory: the SiwxConfig an app may implement itself. */
function memoryBackend(): SiwxConfig {
  const sessions: SiwxSession[] = []
  return {
    createMessage: async ({ chainId, address }) => `Sign in ${address} on ${chainId}`,
    addSession: async (input) => {
      sessions.push(input)
      return input
    },
    getSessions: async (chainId, address) =>
      sessions.filter((s) => s.chainId === chainId && s.address === address),
    revokeSession: async () => {
      sessions.length = 0
    },
  }
}

async function connected() {
  const t = setupController()
  await t.controller.initialize()
  await t.controller.connect({ namespace: 'eip155', connectorId: 'fake' })
  return t
}

describe('requestSignIn', () => {
  it("rejects with 'Modal closed' when the visitor closes the sign-in view", async () => {
    const t = await connected()
    const request = requestSignIn(t.controller, memoryBackend())
    const router = t.stores.router.getState()
    expect(router.open).toBe(true)
    expect(router.route.view).toBe('SIWXSignMessage')
    closeModal(t.stores.router)
    await expect(request).rejects.toBeInstanceOf(ModalClosedError)
    await expect(request).rejects.toMatchObject({
      message: 'Modal closed',
      category: 'USER_REJECTED',
    })
  })

  it('resolves with the session when the view signed in before closing', async () => {
    const t = await connected()
    const siwx = memoryBackend()
    const request = requestSignIn(t.controller, siwx)
    // What the view does on the visitor's click: the wallet signs, the backend starts a session.
    const session = await signInWithWallet(t.controller, siwx)
    closeModal(t.stores.router)
    await expect(request).resolves.toEqual(session)
  })

  it("rejects with 'SIWX is not enabled' without siwx, opening nothing", async () => {
    const t = await connected()
    await expect(requestSignIn(t.controller, undefined)).rejects.toBeInstanceOf(SiwxNotEnabledError)
    expect(t.stores.router.getState().open).toBe(false)
  })
})
