import { createStore, type StoreApi } from 'zustand/vanilla'
import type { TokenBalance } from './account.js'

/**
 * docs/behaviour.md#send-state: the send form between its views. The amount is kept as typed (a
 * decimal string): a float would round large or very precise amounts.
 */
export interface SendState {
  token: TokenBalance | undefined
  sendTokenAmount: string | undefined
  receiverAddress: string | undefined
  receiverProfileName: string | undefined
  receiverProfileImageUrl: string | undefined
  tokenBalances: TokenBalance[]
  loading: boolean
}

export type SendStore = StoreApi<SendState>

export function initialSendState(): SendState {
  return {
    token: undefined,
    sendTokenAmount: undefined,
    receiverAddress: undefined,
    receiverProfileName: undefined,
    receiverProfileImageUrl: undefined,
    tokenBalances: [],
    loading: false,
  }
}

export function createSendStore(): SendStore {
  return createStore<SendState>()(initialSendState)
}

export function resetSend(store: SendStore): void {
  store.setState(initialSendState(), true)
}
