import type { Address, Hex } from 'viem'

/**
 * Where the dev chain's 4337 contracts live: their canonical addresses on every public chain, so
 * libraries' defaults (permissionless, viem) need no overrides on the dev chain.
 */
export const ARACHNID_DEPLOYER: Address = '0x4e59b44847b379578588920cA78FbF26c0B4956C'
export const SAFE_SINGLETON_FACTORY: Address = '0x914d7Fec6aaC8cd542e72Bca78B30650d45643d7'

export const ENTRY_POINT_07: Address = '0x0000000071727De22E5E9d8BAf0edAc6f37da032'
export const ENTRY_POINT_08: Address = '0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108'

/** Safe 1.4.1 (SafeL2 is the singleton permissionless uses) and the 4337 module 0.3.0 (for v0.7). */
export const safeAddresses = {
  safeL2: '0x29fcB43b46531BcA003ddC8FCB67FFE91900C762',
  safe: '0x41675C099F32341bf84BFc5382aF534df5C7461a',
  safeProxyFactory: '0x4e1DCf7AD4e460CfD30791CCC4F9c8a4f820ec67',
  multiSend: '0x38869bf66a61cF6bDB996A6aE40D5853Fd43B526',
  multiSendCallOnly: '0x9641d764fc13c8B624c04430C7356C1C7C8102e2',
  compatibilityFallbackHandler: '0xfd0732Dc9E303f09fCEf3a7388Ad10A83459Ec99',
  safe4337Module: '0x75cf11467937ce3F2f357CE24ffc3DBF8fD5c226',
  safeModuleSetup: '0x2dd68b007B46fBe91B9A7c3EDa5A7a1063cB5b47',
} as const satisfies Record<string, Address>

/** The salts their deployers used (found by matching the published creation code to the address). */
export const ENTRY_POINT_07_SALT: Hex =
  '0x90d8084deab30c2a37c45e8d47f49f2f7965183cb6990a98943ef94940681de3'
export const ENTRY_POINT_08_SALT: Hex =
  '0x0a59dbff790c23c976a548690c27297883cc66b4c67024f9117b0238995e35e9'
export const ZERO_SALT: Hex = `0x${'00'.repeat(32)}`
