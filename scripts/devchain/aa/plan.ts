import { type Address, concat, encodeAbiParameters, getContractAddress, type Hex } from 'viem'
import {
  ARACHNID_DEPLOYER,
  ENTRY_POINT_07,
  ENTRY_POINT_07_SALT,
  ENTRY_POINT_08,
  ENTRY_POINT_08_SALT,
  SAFE_SINGLETON_FACTORY,
  safeAddresses,
  ZERO_SALT,
} from './addresses.js'
import { aaCreationCode } from './artifacts.js'

/** One CREATE2 deployment through a deterministic deployer: the call is `salt ++ creation code`. */
export interface AaDeployment {
  name: string
  factory: Address
  salt: Hex
  initCode: Hex
  /** The canonical address; the creation code must land there or the deployment is refused. */
  address: Address
}

export const predictedAddress = (d: Pick<AaDeployment, 'factory' | 'salt' | 'initCode'>) =>
  getContractAddress({ opcode: 'CREATE2', from: d.factory, salt: d.salt, bytecode: d.initCode })

/**
 * Every deployment, in order: the entry points first (the 4337 module names v0.7's in its
 * constructor). Safe's own contracts came through the Safe singleton factory; the entry points
 * and the 4337 module through the Arachnid deployer, as their authors deployed them.
 */
export function aaDeployments(): AaDeployment[] {
  const code = aaCreationCode
  const viaSafeFactory = (name: keyof typeof safeAddresses, initCode: Hex): AaDeployment => ({
    name,
    factory: SAFE_SINGLETON_FACTORY,
    salt: ZERO_SALT,
    initCode,
    address: safeAddresses[name],
  })
  const moduleInit = concat([
    code.safe4337Module(),
    encodeAbiParameters([{ type: 'address' }], [ENTRY_POINT_07]),
  ])
  return [
    {
      name: 'entryPoint07',
      factory: ARACHNID_DEPLOYER,
      salt: ENTRY_POINT_07_SALT,
      initCode: code.entryPoint07(),
      address: ENTRY_POINT_07,
    },
    {
      name: 'entryPoint08',
      factory: ARACHNID_DEPLOYER,
      salt: ENTRY_POINT_08_SALT,
      initCode: code.entryPoint08(),
      address: ENTRY_POINT_08,
    },
    viaSafeFactory('safeL2', code.safeL2()),
    viaSafeFactory('safe', code.safe()),
    viaSafeFactory('safeProxyFactory', code.safeProxyFactory()),
    viaSafeFactory('multiSend', code.multiSend()),
    viaSafeFactory('multiSendCallOnly', code.multiSendCallOnly()),
    viaSafeFactory('compatibilityFallbackHandler', code.compatibilityFallbackHandler()),
    {
      name: 'safe4337Module',
      factory: ARACHNID_DEPLOYER,
      salt: ZERO_SALT,
      initCode: moduleInit,
      address: safeAddresses.safe4337Module,
    },
    {
      name: 'safeModuleSetup',
      factory: ARACHNID_DEPLOYER,
      salt: ZERO_SALT,
      initCode: code.safeModuleSetup(),
      address: safeAddresses.safeModuleSetup,
    },
  ]
}
