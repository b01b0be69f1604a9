/**
 * Signature requests as dapps send them on mainnet (field layouts and domains of the deployed
 * contracts: USDC, DAI, Uniswap's Permit2 and Universal Router, Seaport 1.5), for the decoder tests.
 */
export const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
export const DAI = '0x6B175474E89094C44Da98b954EedeAC495271d0F'
export const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'
export const PERMIT2 = '0x000000000022D473030F116dDEE9F6B43aC78BA3'
export const UNIVERSAL_ROUTER = '0x3fC91A3afd70395Cd496C647d5a6CC9D4B2b7FAD'
export const SEAPORT = '0x00000000000000ADc04C56Bf30aC9d3c0aAF14dC'
export const OWNER = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'
export const MAX_UINT256 = (2n ** 256n - 1n).toString()
export const MAX_UINT160 = (2n ** 160n - 1n).toString()
export const MAX_UINT48 = (2n ** 48n - 1n).toString()

const domainType = (withVersion = true) => [
  { name: 'name', type: 'string' },
  ...(withVersion ? [{ name: 'version', type: 'string' }] : []),
  { name: 'chainId', type: 'uint256' },
  { name: 'verifyingContract', type: 'address' },
]

export const usdcPermit = {
  types: {
    EIP712Domain: domainType(),
    Permit: [
      { name: 'owner', type: 'address' },
      { name: 'spender', type: 'address' },
      { name: 'value', type: 'uint256' },
      { name: 'nonce', type: 'uint256' },
      { name: 'deadline', type: 'uint256' },
    ],
  },
  primaryType: 'Permit',
  domain: { name: 'USD Coin', version: '2', chainId: 1, verifyingContract: USDC },
  message: {
    owner: OWNER,
    spender: UNIVERSAL_ROUTER,
    value: '250000000',
    nonce: 3,
    deadline: 1767225600,
  },
}

export const daiPermit = {
  types: {
    EIP712Domain: domainType(),
    Permit: [
      { name: 'holder', type: 'address' },
      { name: 'spender', type: 'address' },
      { name: 'nonce', type: 'uint256' },
      { name: 'expiry', type: 'uint256' },
      { name: 'allowed', type: 'bool' },
    ],
  },
  primaryType: 'Permit',
  domain: { name: 'Dai Stablecoin', version: '1', chainId: '1', verifyingContract: DAI },
  message: { holder: OWNER, spender: UNIVERSAL_ROUTER, nonce: 0, expiry: 0, allowed: true },
}

const permitDetails = [
  { name: 'token', type: 'address' },
  { name: 'amount', type: 'uint160' },
  { name: 'expiration', type: 'uint48' },
  { name: 'nonce', type: 'uint48' },
]

export const permit2Single = {
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'chainId', type: 'uint256' },
      { name: 'verifyingContract', type: 'address' },
    ],
    PermitSingle: [
      { name: 'details', type: 'PermitDetails' },
      { name: 'spender', type: 'address' },
      { name: 'sigDeadline', type: 'uint256' },
    ],
    PermitDetails: permitDetails,
  },
  domain: { name: 'Permit2', chainId: '1', verifyingContract: PERMIT2 },
  primaryType: 'PermitSingle',
  message: {
    details: { token: USDC, amount: MAX_UINT160, expiration: '1769817600', nonce: '0' },
    spender: UNIVERSAL_ROUTER,
    sigDeadline: '1767227400',
  },
}

export const permit2Batch = {
  types: {
    EIP712Domain: permit2Single.types.EIP712Domain,
    PermitBatch: [
      { name: 'details', type: 'PermitDetails[]' },
      { name: 'spender', type: 'address' },
      { name: 'sigDeadline', type: 'uint256' },
    ],
    PermitDetails: permitDetails,
  },
  domain: permit2Single.domain,
  primaryType: 'PermitBatch',
  message: {
    details: [
      { token: USDC, amount: '1000000000', expiration: '1769817600', nonce: '1' },
      { token: WETH, amount: MAX_UINT160, expiration: MAX_UINT48, nonce: '0' },
    ],
    spender: UNIVERSAL_ROUTER,
    sigDeadline: '1767227400',
  },
}

const tokenPermissions = [
  { name: 'token', type: 'address' },
  { name: 'amount', type: 'uint256' },
]

export const permit2TransferFrom = {
  types: {
    EIP712Domain: permit2Single.types.EIP712Domain,
    PermitTransferFrom: [
      { name: 'permitted', type: 'TokenPermissions' },
      { name: 'spender', type: 'address' },
      { name: 'nonce', type: 'uint256' },
      { name: 'deadline', type: 'uint256' },
    ],
    TokenPermissions: tokenPermissions,
  },
  domain: permit2Single.domain,
  primaryType: 'PermitTransferFrom',
  message: {
    permitted: { token: DAI, amount: '5000000000000000000' },
    spender: UNIVERSAL_ROUTER,
    nonce: '1993350',
    deadline: '1767225600',
  },
}

export const permit2BatchTransferFrom = {
  types: {
    EIP712Domain: permit2Single.types.EIP712Domain,
    PermitBatchTransferFrom: [
      { name: 'permitted', type: 'TokenPermissions[]' },
      { name: 'spender', type: 'address' },
      { name: 'nonce', type: 'uint256' },
      { name: 'deadline', type: 'uint256' },
    ],
    TokenPermissions: tokenPermissions,
  },
  domain: permit2Single.domain,
  primaryType: 'PermitBatchTransferFrom',
  message: {
    permitted: [
      { token: DAI, amount: '5000000000000000000' },
      { token: USDC, amount: MAX_UINT256 },
    ],
    spender: UNIVERSAL_ROUTER,
    nonce: '7',
    deadline: '1767225600',
  },
}

const seaportItem = [
  { name: 'itemType', type: 'uint8' },
  { name: 'token', type: 'address' },
  { name: 'identifierOrCriteria', type: 'uint256' },
  { name: 'startAmount', type: 'uint256' },
  { name: 'endAmount', type: 'uint256' },
]

export const seaportOrder = (consideration: Record<string, unknown>[]) => ({
  types: {
    EIP712Domain: domainType(),
    OrderComponents: [
      { name: 'offerer', type: 'address' },
      { name: 'zone', type: 'address' },
      { name: 'offer', type: 'OfferItem[]' },
      { name: 'consideration', type: 'ConsiderationItem[]' },
      { name: 'orderType', type: 'uint8' },
      { name: 'startTime', type: 'uint256' },
      { name: 'endTime', type: 'uint256' },
      { name: 'zoneHash', type: 'bytes32' },
      { name: 'salt', type: 'uint256' },
      { name: 'conduitKey', type: 'bytes32' },
      { name: 'counter', type: 'uint256' },
    ],
    OfferItem: seaportItem,
    ConsiderationItem: [...seaportItem, { name: 'recipient', type: 'address' }],
  },
  primaryType: 'OrderComponents',
  domain: { name: 'Seaport', version: '1.5', chainId: 1, verifyingContract: SEAPORT },
  message: {
    offerer: OWNER,
    zone: '0x004C00500000aD104D7DBd00e3ae0A5C00560C00',
    offer: [
      {
        itemType: '2',
        token: '0xBC4CA0EdA7647A8aB7C2061c2E118A18a936f13D',
        identifierOrCriteria: '7804',
        startAmount: '1',
        endAmount: '1',
      },
    ],
    consideration,
    orderType: '0',
    startTime: '1767139200',
    endTime: '1769817600',
    zoneHash: '0x0000000000000000000000000000000000000000000000000000000000000000',
    salt: '24446860302761739304752683030156737591518664810215442929808784621098726351597',
    conduitKey: '0x0000007b02230091a7ed01230072f7006a004d60a8d4e71d599b8104250f0000',
    counter: '0',
  },
})

export const seaportListing = seaportOrder([
  {
    itemType: '0',
    token: '0x0000000000000000000000000000000000000000',
    identifierOrCriteria: '0',
    startAmount: '9750000000000000000',
    endAmount: '9750000000000000000',
    recipient: OWNER,
  },
  {
    itemType: '0',
    token: '0x0000000000000000000000000000000000000000',
    identifierOrCriteria: '0',
    startAmount: '250000000000000000',
    endAmount: '250000000000000000',
    recipient: '0x0000a26b00c1F0DF003000390027140000fAa719',
  },
])
