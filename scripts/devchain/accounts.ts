import { type Address, getContractAddress, keccak256, stringToHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

/**
 * Accounts 0 to 3 of the standard test mnemonic (`test test … junk`), which anvil unlocks.
 * Written out rather than derived at import time (key derivation is slow); a unit test checks them.
 */
export const mnemonicAddresses = [
  '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
  '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
] as const satisfies readonly Address[]

/** The two accounts whose seeded history the wallet app shows: dev accounts 0 and 1. */
export const demoAccounts = [mnemonicAddresses[0], mnemonicAddresses[1]] as const

/**
 * Deploys the seed's contracts and plays the faucet and the spammer. It is not a mnemonic account,
 * so nothing a developer does with accounts 0-9 can move its nonce and with it the contract
 * addresses. The key is public and for the dev chain only.
 */
export const deployerPrivateKey = keccak256(stringToHex('latch devchain deployer'))
export const deployer = privateKeyToAccount(deployerPrivateKey)

/** Addresses without keys that receive things in the seeded history (never send). */
export function strangerAddress(index: number): Address {
  return `0x${keccak256(stringToHex(`latch devchain stranger ${index}`)).slice(-40)}`
}

/** Order of the deployer's deployments; the nonce of each fixes its address on every fresh chain. */
export const deploymentNonces = {
  lusd: 0,
  demo: 1,
  latchPass: 2,
  latchItems: 3,
  spamNft: 4,
  swap: 5,
} as const

export type DevContractName = keyof typeof deploymentNonces

function deployedAt(nonce: number): Address {
  return getContractAddress({ from: deployer.address, nonce: BigInt(nonce) })
}

/** Where the seed deploys each contract; the web app and the indexer can rely on these. */
export const devContracts = {
  lusd: deployedAt(deploymentNonces.lusd),
  demo: deployedAt(deploymentNonces.demo),
  latchPass: deployedAt(deploymentNonces.latchPass),
  latchItems: deployedAt(deploymentNonces.latchItems),
  spamNft: deployedAt(deploymentNonces.spamNft),
  swap: deployedAt(deploymentNonces.swap),
} as const satisfies Record<DevContractName, Address>

/** What the seed deploys, for apps that label tokens and flag spam without asking the chain. */
export const devTokens = {
  lusd: { address: devContracts.lusd, name: 'Latch USD', symbol: 'LUSD', decimals: 6 },
  demo: { address: devContracts.demo, name: 'Demo Token', symbol: 'DEMO', decimals: 18 },
} as const

export const devCollections = {
  latchPass: {
    address: devContracts.latchPass,
    standard: 'erc721',
    name: 'Latch Pass',
    symbol: 'PASS',
    baseUri: 'https://latch.example/pass/',
    spam: false,
  },
  latchItems: {
    address: devContracts.latchItems,
    standard: 'erc1155',
    name: 'Latch Items',
    symbol: 'ITEMS',
    baseUri: 'https://latch.example/items/{id}.json',
    spam: false,
  },
  spamNft: {
    address: devContracts.spamNft,
    standard: 'erc721',
    name: 'Claim reward at https://free-mint.example',
    symbol: 'CLAIM',
    baseUri: 'https://free-mint.example/claim/',
    spam: true,
  },
} as const
