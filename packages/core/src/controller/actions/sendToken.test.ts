import { beforeEach, describe, expect, it } from 'vitest'
import {
  NoActiveAccountError,
  SendTokenError,
  SendValidationError,
} from '../../errors/actionErrors.js'
import type { TokenBalance } from '../../stores/account.js'
import { type ControllerSetup, setupController } from '../setup.testing.js'
import { estimateSend, sendToken, waitForTransaction } from './sendToken.js'

const lusd: TokenBalance = {
  name: 'Latch USD',
  symbol: 'LUSD',
  chainId: 'eip155:1',
  address: 'eip155:1:0x5fbdb2315678afecb367f032d93f642f64180aa3',
  price: null,
  quantity: { decimals: '6', numeric: '100' },
  iconUrl: '',
}
const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

let t: ControllerSetup
beforeEach(async () => {
  t = setupController()
  await t.controller.initialize()
})

describe('sendToken', () => {
  it("asks the active account's wallet in base units and resets the form on success", async () => {
    await t.controller.connect({ namespace: 'eip155', connectorId: 'fake' })
    t.stores.send.setState({ receiverAddress: to, sendTokenAmount: '2' })
    const seen: boolean[] = []
    const stop = t.stores.send.subscribe((s) => seen.push(s.loading))
    const result = await sendToken(t.controller, { token: lusd, amount: '2.25', to })
    stop()
    expect(result).toMatchObject({ hash: `0x${'ab'.repeat(32)}`, namespace: 'eip155' })
    expect(t.evm.calls.find((c) => c.method === 'sendToken')?.args).toMatchObject({
      from: t.evmAccount().address,
      to,
      value: 2_250_000n,
      tokenAddress: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
    })
    expect(seen[0]).toBe(true)
    expect(t.stores.send.getState()).toMatchObject({ receiverAddress: undefined, loading: false })
    expect(await waitForTransaction(t.controller, result)).toEqual({ status: 'success' })
  })

  it('refuses bad input before the wallet is asked', async () => {
    await t.controller.connect({ namespace: 'eip155', connectorId: 'fake' })
    const error = await sendToken(t.controller, { token: lusd, amount: '101', to }).catch(
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(SendValidationError)
    expect(error).toMatchObject({ message: 'Insufficient funds' })
    expect(t.evm.calls.some((c) => c.method === 'sendToken')).toBe(false)
  })

  it('refuses without an account', async () => {
    await expect(sendToken(t.controller, { token: lusd, amount: '1', to })).rejects.toBeInstanceOf(
      NoActiveAccountError,
    )
  })

  it("keeps the form and tells a wallet's refusal apart from a failure", async () => {
    await t.controller.connect({ namespace: 'eip155', connectorId: 'fake' })
    t.stores.send.setState({ receiverAddress: to })
    t.evm.behaviour.sendToken = async () => {
      throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
    }
    const refused = await sendToken(t.controller, { token: lusd, amount: '1', to }).catch(
      (e: unknown) => e,
    )
    expect(refused).toBeInstanceOf(SendTokenError)
    expect(refused).toMatchObject({ category: 'USER_REJECTED' })
    expect(t.stores.send.getState()).toMatchObject({ receiverAddress: to, loading: false })
    t.evm.behaviour.sendToken = async () => {
      throw new Error('nonce too low')
    }
    const failed = await sendToken(t.controller, { token: lusd, amount: '1', to }).catch(
      (e: unknown) => e,
    )
    expect(failed).toMatchObject({ category: 'INTERNAL_SDK_ERROR', details: 'nonce too low' })
  })

  it('hands the picked fee rate to the adapter, for the estimate and the send', async () => {
    await t.controller.connect({ namespace: 'eip155', connectorId: 'fake' })
    const estimates: unknown[] = []
    const estimate = t.evm.estimateSend?.bind(t.evm)
    t.evm.estimateSend = async (parameters) => {
      estimates.push(parameters)
      return (await estimate?.(parameters)) ?? { fee: 0n }
    }
    await estimateSend(t.controller, { token: lusd, amount: '1', to, feeRate: 7 })
    expect(estimates).toEqual([expect.objectContaining({ feeRate: 7 })])
    await sendToken(t.controller, { token: lusd, amount: '1', to, feeRate: 7 })
    expect(t.evm.calls.find((c) => c.method === 'sendToken')?.args).toMatchObject({ feeRate: 7 })
  })

  it('estimates the fee of the send as typed', async () => {
    await t.controller.connect({ namespace: 'eip155', connectorId: 'fake' })
    expect(await estimateSend(t.controller, { token: lusd, amount: '1', to })).toMatchObject({
      fee: 210_000n,
    })
  })
})
