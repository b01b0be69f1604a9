/**
 * Every user- or developer-facing message of docs/behaviour.md#validation, #errors, verbatim. Views and tests read them
 * from here so that a wording change happens in one place.
 */
export const errorMessages = {
  // Chain and controller preconditions (docs/behaviour.md#validation, #errors)
  chainRequiredForAccountData: 'Chain is required to update chain account data',
  chainRequiredForAccountProp: 'Chain is required to set account prop',
  switchActiveNetworkNamespaceRequired:
    'ChainController:switchActiveNetwork - namespace is required',
  unsupportedChainNamespace: (namespace: string) => `Unsupported chain namespace: ${namespace}`,
  chainAdapterNotFound: 'Chain adapter not found',
  networkClientNotSet: 'NetworkController client not set',
  connectionClientNotSet: 'ConnectionController client not set',
  walletConnectConnectorNotFound: 'WalletConnectConnector not found',
  connectorChainsUnsupported: 'The connector does not support any of the requested chains',
  // Connection
  connectionRejected: 'Connection rejected',
  failedToConnect: 'Failed to connect',
  modalClosed: 'Modal closed',
  popupClosed: 'Popup closed',
  // RPC
  rpcTimeout: 'The request took too long to respond.',
  rpcUrlUnavailable: (chain: string, url: string) => `Unavailable ${chain} RPC url at ${url}`,
  rpcCallNotAllowed: 'Requested RPC call is not allowed',
  actionNotAllowed: 'Action not allowed',
  requestAborted: 'Request was aborted',
  somethingWentWrong: 'Something went wrong',
  anErrorOccurred: 'An error occurred',
  // Networks and features
  unsupportedChain: 'Unsupported chain',
  chainNotSupported: 'Chain is not supported',
  networkNotFound: 'Network not found',
  networkNotSupportedForSwaps: 'Network not supported for Swaps',
  networkNotSupportedForGasPrice: 'Network not supported for Gas Price',
  multiWalletNotEnabled: 'Multi-Wallet Not Enabled',
  // Account, auth and names
  tokenBalanceUnavailable: 'Token Balance Unavailable',
  errorSigningMessage: 'Error signing message',
  authInitFailed: 'A problem occurred while trying initialize authentication',
  addressOrAuthConnectorNotFound: 'Address or auth connector not found',
  authenticating: 'Authenticating...',
  siwxNotEnabled: 'SIWX is not enabled',
  noActiveCaipAddress: 'No ActiveCaipAddress found',
  errorResolvingName: 'Error resolving name',
  errorFetchingNameSuggestions: 'Error fetching name suggestions',
  errorFetchingNamesForAddress: 'Error fetching names for address',
  errorRegisteringName: (name: string) => `Error registering name ${name}`,
  tryAgainAfter: (seconds: number) => `Please try again after ${seconds} seconds`,
  // Frame
  emailLoginDependency: 'Unable to load email login dependency',
  iframeLoadFailed: 'iframe_load_failed',
  iframeRequestTimeout: 'iframe_request_timeout',
  // Transactions and send
  transactionsNeedAddress: "Transactions can't be fetched without an accountAddress",
  failedToFetchTransactions: 'Failed to fetch transactions',
  amountAndReceiverRequired: 'An amount and receiver address are required',
  tokenRequired: 'A token is required',
  tokenAddressRequired: 'An ERC-20 transfer needs the token address',
  invalidReceiver: 'Enter a valid address',
  invalidAmount: 'Enter an amount greater than 0',
  tooManyDecimals: (symbol: string, decimals: number) =>
    `${symbol} has at most ${decimals} decimal places`,
  insufficientFunds: 'Insufficient funds',
  insufficientFundsForFee: (symbol: string) => `Not enough ${symbol} left for the network fee`,
  sendFailed: 'The transaction could not be sent',
} as const
