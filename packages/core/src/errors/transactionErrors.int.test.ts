import {
  type Address,
  BaseError,
  createPublicClient,
  createWalletClient,
  defineChain,
  type Hex,
  http,
  TransactionTypeNotSupportedError,
} from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AnvilInstance, freePort, startAnvil } from '../../../../scripts/devchain/anvil.js'
import { sendToken } from '../controller/actions/sendToken.js'
import { type ControllerSetup, setupController } from '../controller/setup.testing.js'
import type { TokenBalance } from '../stores/account.js'
import { type FaultServer, startFaultServer } from '../testing/faultServer.js'
import { SendTokenError } from './actionErrors.js'
import { errorMessages } from './messages.js'
import { transactionErrorMessages as m, transactionErrorMessage } from './transactionErrors.js'

// Each failure is produced for real: anvil's answer (or viem's own check) through a viem wallet
// client, then thrown by the send adapter so that the send flow's error says it in the
// catalogue's words.
const FROM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as Address
const TO = '0x00000000000000000000000000000000000a11ce' as Address
const devChain = defineChain({
  id: 31337,
  name: 'Dev',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [] } },
})
// Init code that deploys `PUSH1 0 PUSH1 0 REVERT`: every call to it reverts.
const REVERTING_INIT: Hex = '0x6460006000fd6000526005601bf3'

let anvil: AnvilInstance
let faults: FaultServer
let wallet: ReturnType<typeof walletAt>
let reverting: Address
let client: ReturnType<typeof createPublicClient>
let t: ControllerSetup

const walletAt = (url: string, timeout?: number) =>
  createWalletClient({
    account: FROM,
    chain: devChain,
    transport: http(url, { retryCount: 0, ...(timeout && { timeout }) }),
  })

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the call to fail')
    },
    (error: unknown) => error,
  )

const eth: TokenBalance = {
  name: 'Ether',
  symbol: 'ETH',
  chainId: 'eip155:1',
  address: 'eip155:1:0x0000000000000000000000000000000000000000',
  price: null,
  quantity: { decimals: '18', numeric: '100' },
  iconUrl: '',
}

/** The message the send flow rejects with when the wallet throws `error`. */
async function sentWith(error: unknown): Promise<SendTokenError> {
  t.evm.behaviour.sendToken = async () => {
    throw error
  }
  const rejected = await failure(sendToken(t.controller, { token: eth, amount: '1', to: TO }))
  expect(rejected).toBeInstanceOf(SendTokenError)
  return rejected as SendTokenError
}

beforeAll(async () => {
  anvil = await startAnvil()
  faults = await startFaultServer({ slowMs: 2_000 })
  wallet = walletAt(anvil.rpcUrl)
  client = createPublicClient({ chain: devChain, transport: http(anvil.rpcUrl) })
  const hash = await wallet.deployContract({ abi: [], bytecode: REVERTING_INIT })
  const receipt = await client.waitForTransactionReceipt({ hash })
  reverting = receipt.contractAddress as Address
  // One send, so that nonce 0 is used.
  await client.waitForTransactionReceipt({
    hash: await wallet.sendTransaction({ to: TO, value: 1n }),
  })
  t = setupController()
  await t.controller.initialize()
  await t.controller.connect({ namespace: 'eip155', connectorId: 'fake' })
}, 60_000)
afterAll(async () => {
  await anvil?.stop()
  await faults?.close()
})

describe("viem's transaction errors in the catalogue's words, through sendToken", () => {
  it.each([
    ['more than the balance', () => ({ to: TO, value: 10n ** 30n }), m.insufficientFunds],
    ['a used nonce', () => ({ to: TO, value: 1n, nonce: 0 }), m.nonceTooLow],
    ['a gas limit below 21,000', () => ({ to: TO, value: 1n, gas: 1_000n }), m.gasTooLow],
    [
      'a fee cap under the base fee',
      () => ({ to: TO, value: 1n, maxFeePerGas: 1n, maxPriorityFeePerGas: 1n }),
      m.feeCapTooLow,
    ],
    [
      'a fee cap beyond 2^256',
      () => ({ to: TO, value: 1n, maxFeePerGas: 2n ** 256n }),
      m.feeCapTooHigh,
    ],
    [
      'a tip above the fee cap',
      () => ({ to: TO, value: 1n, maxFeePerGas: 10n ** 9n, maxPriorityFeePerGas: 10n ** 10n }),
      m.tipAboveFeeCap,
    ],
  ])('%s', async (_, request, message) => {
    const error = await failure(wallet.sendTransaction(request() as never))
    expect(error).toBeInstanceOf(BaseError)
    const sent = await sentWith(error)
    expect(sent.message).toBe(message)
    expect(sent.category).toBe('INTERNAL_SDK_ERROR')
    // What the node said stays for developers.
    expect(sent.details).not.toBe('')
  })

  it('an unsupported transaction type', async () => {
    const error = new TransactionTypeNotSupportedError({ cause: new BaseError('type 0x7e') })
    expect((await sentWith(error)).message).toBe(m.unsupportedType)
  })

  it('a reverting contract, as wagmi meets it estimating the gas', async () => {
    const error = await failure(client.estimateGas({ account: FROM, to: reverting }))
    expect((await sentWith(error)).message).toBe(m.executionReverted)
  })

  it("a timed-out RPC: 'The request took too long to respond.'", async () => {
    const error = await failure(
      walletAt(`${faults.url}/slow`, 200).sendTransaction({ to: TO, value: 1n }),
    )
    expect((await sentWith(error)).message).toBe('The request took too long to respond.')
  })

  it("an unreachable RPC: 'Unavailable {chain} RPC url at {url}'", async () => {
    const url = `http://127.0.0.1:${await freePort()}/`
    const error = await failure(walletAt(url).sendTransaction({ to: TO, value: 1n }))
    const chain = t.stores.chain.getState().chains.eip155?.networkState.caipNetwork?.name ?? ''
    expect(chain).not.toBe('')
    expect((await sentWith(error)).message).toBe(errorMessages.rpcUrlUnavailable(chain, url))
  })

  it("keeps a refusal a refusal, and an unknown failure in viem's words", async () => {
    const refused = await sentWith(Object.assign(new Error('User rejected.'), { code: 4001 }))
    expect(refused.category).toBe('USER_REJECTED')
    expect(transactionErrorMessage(new Error('nonce too low'))).toBeUndefined()
    const other = await sentWith(new BaseError('Something odd'))
    expect(other.message).toBe('Something odd')
  })
})
