import { InternalRpcError, SwitchChainError, UnknownRpcError, UserRejectedRequestError } from 'viem'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  ChainAdapterNotFoundError,
  ChainRequiredError,
  ClientNotSetError,
  ConnectionFailedError,
  ConnectionRejectedError,
  ConnectorChainsUnsupportedError,
  errorMessages,
  findRpcCode,
  LatchError,
  NamespaceRequiredError,
  NetworkNotFoundError,
  RpcTimeoutError,
  RpcUrlUnavailableError,
  rpcErrorClasses,
  rpcErrorFromPayload,
  UnsupportedNamespaceError,
} from './index.js'

afterEach(() => {
  vi.useRealTimers()
})

describe('error classes', () => {
  it.each([
    [
      new ChainRequiredError('updateChainAccountData'),
      'Chain is required to update chain account data',
    ],
    [new ChainRequiredError('setAccountProp'), 'Chain is required to set account prop'],
    [new NamespaceRequiredError(), 'ChainController:switchActiveNetwork - namespace is required'],
    [new UnsupportedNamespaceError('tron'), 'Unsupported chain namespace: tron'],
    [new ChainAdapterNotFoundError(), 'Chain adapter not found'],
    [new ClientNotSetError('NetworkController'), 'NetworkController client not set'],
    [new ClientNotSetError('ConnectionController'), 'ConnectionController client not set'],
    [
      new ConnectorChainsUnsupportedError(),
      'The connector does not support any of the requested chains',
    ],
    [new NetworkNotFoundError(), 'Network not found'],
    [new ConnectionRejectedError(), 'Connection rejected'],
    [new ConnectionFailedError(), 'Failed to connect'],
    [new RpcTimeoutError(), 'The request took too long to respond.'],
    [
      new RpcUrlUnavailableError('Ethereum', 'http://x'),
      'Unavailable Ethereum RPC url at http://x',
    ],
  ])('%s has the catalogue message', (error, message) => {
    expect(error).toBeInstanceOf(LatchError)
    expect(error.message).toBe(message)
  })

  it('defaults the category to INTERNAL_SDK_ERROR', () => {
    expect(new LatchError('x').category).toBe('INTERNAL_SDK_ERROR')
    expect(new ChainAdapterNotFoundError().category).toBe('INTERNAL_SDK_ERROR')
    expect(new ConnectionRejectedError().category).toBe('USER_REJECTED')
    expect(new RpcTimeoutError().category).toBe('RPC_ERROR')
  })

  it('keeps the wording of docs/behaviour.md#errors for the other catalogue messages', () => {
    expect(errorMessages.errorRegisteringName('bob')).toBe('Error registering name bob')
    expect(errorMessages.tryAgainAfter(12)).toBe('Please try again after 12 seconds')
    expect(errorMessages.transactionsNeedAddress).toBe(
      "Transactions can't be fetched without an accountAddress",
    )
    expect(errorMessages.walletConnectConnectorNotFound).toBe('WalletConnectConnector not found')
    expect(errorMessages.multiWalletNotEnabled).toBe('Multi-Wallet Not Enabled')
  })
})

describe('RPC code map', () => {
  const codes = [
    -32700, -32600, -32601, -32602, -32603, -32000, -32001, -32002, -32003, -32004, -32005, -32006,
    4001, 4100, 4200, 4900, 4901, 4902, 5700, 5710, 5720, 5730, 5740, 5750, 5760,
  ]

  it.each(codes)('maps %i to a typed error carrying that code', (code) => {
    expect(rpcErrorClasses[code]).toBeDefined()
    const error = rpcErrorFromPayload({ code, message: 'm' })
    expect(error.code).toBe(code)
    expect(error).not.toBeInstanceOf(UnknownRpcError)
  })

  it('maps well-known codes onto the classes wallets and wagmi use', () => {
    expect(rpcErrorFromPayload({ code: 4001, message: 'm' })).toBeInstanceOf(
      UserRejectedRequestError,
    )
    expect(rpcErrorFromPayload({ code: 4902, message: 'm' })).toBeInstanceOf(SwitchChainError)
    expect(rpcErrorFromPayload({ code: -32603, message: 'm' })).toBeInstanceOf(InternalRpcError)
  })

  it('gives an unknown RPC error for an unknown code', () => {
    expect(rpcErrorFromPayload({ code: 1234, message: 'm' })).toBeInstanceOf(UnknownRpcError)
  })

  it('finds a code along the cause chain', () => {
    const inner = Object.assign(new Error('inner'), { code: 4001 })
    expect(findRpcCode(new Error('outer', { cause: inner }))).toBe(4001)
    expect(findRpcCode(new Error('none'))).toBeUndefined()
  })
})

describe('LatchError', () => {
  it('carries a short message, details from its cause, and a name', () => {
    const cause = new TypeError('fetch failed: ECONNREFUSED 127.0.0.1:8787')
    const error = new ConnectionFailedError({ cause })
    expect(error.shortMessage).toBe(error.message)
    expect(error.message).toBe(errorMessages.failedToConnect)
    expect(error.details).toBe('fetch failed: ECONNREFUSED 127.0.0.1:8787')
    expect(error.name).toBe('ConnectionFailedError')
  })

  it('takes explicit details over the cause, and is empty without either', () => {
    expect(new LatchError('Short', { details: 'long story', cause: new Error('x') }).details).toBe(
      'long story',
    )
    expect(new LatchError('Short').details).toBe('')
  })

  it('takes its details from the innermost Latch error that has them', () => {
    const root = new RangeError('root')
    const top = new LatchError('top', { cause: new LatchError('middle', { cause: root }) })
    expect(top.details).toBe('root')
  })
})
