import { createStore, type StoreApi } from 'zustand/vanilla'
import type { CaipNetwork } from '../networks/types.js'

export interface DappMetadata {
  name: string
  description: string
  url: string
  icons: string[]
}

export interface Features {
  email: boolean
  socials: readonly string[] | false
  swaps: boolean
  onramp: boolean
  activity: boolean
  receive: boolean
  send: boolean
  allWallets: boolean
  analytics: boolean
  legalCheckbox: boolean
  smartSessions: boolean
  collapseWallets: boolean
  pay: boolean
  multiWallet: boolean
  /** The modal's "UX by Latch" footer (the remote `reown_branding` flag). */
  branding: boolean
}

/** docs/behaviour.md#limits defaults. */
export const defaultFeatures: Features = {
  email: true,
  socials: ['google', 'x', 'farcaster', 'discord', 'apple', 'github', 'facebook'],
  swaps: true,
  onramp: true,
  activity: true,
  receive: true,
  send: true,
  allWallets: true,
  analytics: true,
  legalCheckbox: false,
  smartSessions: false,
  collapseWallets: false,
  pay: false,
  multiWallet: false,
  branding: true,
}

export interface OptionsState {
  projectId: string | undefined
  metadata: DappMetadata | undefined
  networks: CaipNetwork[]
  defaultNetwork: CaipNetwork | undefined
  features: Features
  /** Reconnect stored connections on start (docs/behaviour.md#flows). */
  enableReconnect: boolean
  /** Let the wallet sit on a network the app does not list without opening UnsupportedChain. */
  allowUnsupportedChain: boolean
  enableNetworkSwitch: boolean
  /** Basic WalletConnect mode: no UnsupportedChain view. */
  basic: boolean
  /** Wallets hidden from the connector list, by rdns or by name (docs/behaviour.md#validation). */
  excludeWalletRdns: string[]
  excludeWalletNames: string[]
  /** Mobile changes connector rules (the generic browser wallet stays visible). */
  isMobile: boolean
  /** The links the legal checkbox names (docs/behaviour.md#flags); http(s) only. */
  termsConditionsUrl?: string | undefined
  privacyPolicyUrl?: string | undefined
}

export type OptionsStore = StoreApi<OptionsState>

export function createOptionsStore(options: Partial<OptionsState> = {}): OptionsStore {
  return createStore<OptionsState>()(() => ({
    projectId: undefined,
    metadata: undefined,
    networks: [],
    defaultNetwork: undefined,
    features: defaultFeatures,
    enableReconnect: true,
    allowUnsupportedChain: false,
    enableNetworkSwitch: true,
    basic: false,
    excludeWalletRdns: [],
    excludeWalletNames: [],
    isMobile: false,
    ...options,
  }))
}

/**
 * Whether a wallet landing on a network the app does not list should be asked to leave it (the
 * React modal opens UnsupportedChain): not when the app allows such networks, cannot switch
 * networks, or runs in basic mode.
 */
export function promptsUnsupportedChain(options: OptionsState): boolean {
  return options.enableNetworkSwitch && !options.allowUnsupportedChain && !options.basic
}
