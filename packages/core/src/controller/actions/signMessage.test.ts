import { beforeEach, describe, expect, it } from 'vitest'
import { NoActiveAccountError, SignMessageError } from '../../errors/actionErrors.js'
import { type ControllerSetup, setupController } from '../setup.testing.js'
import { signMessage } from './signMessage.js'

let t: ControllerSetup
beforeEach(async () => {
  t = setupController()
  await t.controller.initialize()
})

describe('signMessage', () => {
  it("asks the active account's wallet and resolves with the signature and signer", async () => {
    await t.controller.connect({ namespace: 'eip155', connectorId: 'fake' })
    const result = await signMessage(t.controller, { message: 'hello' })
    expect(result).toEqual({
      signature: 'signed:hello',
      address: t.evmAccount().address,
      namespace: 'eip155',
    })
    expect(t.evm.calls.filter((c) => c.method === 'signMessage')).toEqual([
      { method: 'signMessage', args: { address: t.evmAccount().address, message: 'hello' } },
    ])
  })

  it('refuses without an account, asking no wallet', async () => {
    await expect(signMessage(t.controller, { message: 'hello' })).rejects.toBeInstanceOf(
      NoActiveAccountError,
    )
    expect(t.evm.calls.some((c) => c.method === 'signMessage')).toBe(false)
  })

  it("tells a wallet's refusal (4001) apart from a failure", async () => {
    await t.controller.connect({ namespace: 'eip155', connectorId: 'fake' })
    t.evm.behaviour.signMessage = async () => {
      throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
    }
    const refused = await signMessage(t.controller, { message: 'x' }).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(SignMessageError)
    expect(refused).toMatchObject({ message: 'Error signing message', category: 'USER_REJECTED' })
    t.evm.behaviour.signMessage = async () => {
      throw new Error('device disconnected')
    }
    const failed = await signMessage(t.controller, { message: 'x' }).catch((e: unknown) => e)
    expect(failed).toMatchObject({ category: 'INTERNAL_SDK_ERROR', details: 'device disconnected' })
  })
})
