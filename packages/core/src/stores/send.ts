import { createStore, type StoreApi } from 'zustand/vanilla'
import type { TokenBalance } from './account.js'

/** docs/behaviour.md#send-state. Only its reset is used here; sending itself comes with the send issue. */
export interface SendState {
  token: TokenBalance | undefined
  sendTokenAmount: number | undefined
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
