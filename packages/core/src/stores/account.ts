export type ConnectionStatus = 'connecting' | 'connected' | 'disconnected' | 'reconnecting'
export type AccountType = 'eoa' | 'smartAccount' | 'payment' | 'ordinal'
export type SocialProvider =
  | 'google'
  | 'github'
  | 'apple'
  | 'facebook'
  | 'x'
  | 'discord'
  | 'farcaster'

export interface TokenBalance {
  name: string
  symbol: string
  chainId: string
  address?: string | undefined
  /** Null when the server has no price source. */
  value?: number | null | undefined
  price: number | null
  quantity: { decimals: string; numeric: string }
  iconUrl: string
}

export interface ConnectedWalletInfo {
  name: string
  icon?: string | undefined
  rdns?: string | undefined
  [key: string]: unknown
}

export interface EmbeddedWalletUser {
  email?: string | null | undefined
  address: string
  chainId: string | number
  accounts?: { address: string; type: 'eoa' | 'smartAccount' }[] | undefined
  userName?: string | undefined
  preferredAccountType?: AccountType | undefined
  smartAccountDeployed?: boolean | undefined
}

/**
 * docs/behaviour.md#account-state: one per chain namespace, kept inside that namespace's chain state.
 * The CAIP address is not stored: `selectCaipAddress` derives it from address and network.
 */
export interface AccountState {
  address: string | undefined
  status: ConnectionStatus
  user: EmbeddedWalletUser | undefined
  socialProvider: SocialProvider | undefined
  preferredAccountType: AccountType | undefined
  smartAccountDeployed: boolean
  connectedWalletInfo: ConnectedWalletInfo | undefined
  profileName: string | undefined
  profileImage: string | undefined
  balance: string | undefined
  balanceSymbol: string | undefined
  currentTab: number
  tokenBalance: TokenBalance[]
  addressLabels: Record<string, string>
  addressExplorerUrl: string | undefined
  socialWindow: unknown
  farcasterUrl: string | undefined
}

export function initialAccountState(): AccountState {
  return {
    address: undefined,
    status: 'disconnected',
    user: undefined,
    socialProvider: undefined,
    preferredAccountType: undefined,
    smartAccountDeployed: false,
    connectedWalletInfo: undefined,
    profileName: undefined,
    profileImage: undefined,
    balance: undefined,
    balanceSymbol: undefined,
    currentTab: 0,
    tokenBalance: [],
    addressLabels: {},
    addressExplorerUrl: undefined,
    socialWindow: undefined,
    farcasterUrl: undefined,
  }
}

/**
 * docs/behaviour.md#reset-of-account: status 'disconnected'; address, balance, profile, tokens and social
 * data cleared; smartAccountDeployed false. Preferences that outlive a session stay.
 */
export function resetAccountState(state: AccountState): AccountState {
  return {
    ...initialAccountState(),
    preferredAccountType: state.preferredAccountType,
    currentTab: state.currentTab,
    addressLabels: state.addressLabels,
  }
}
