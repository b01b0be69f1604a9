import { type Address, concat, encodeAbiParameters, type Hex, keccak256, stringToHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { ARACHNID_DEPLOYER, ENTRY_POINT_07 } from './addresses.js'
import { aaCreationCode } from './artifacts.js'
import { type AaDeployment, predictedAddress } from './plan.js'

/**
 * The dev chain's paymaster: the VerifyingPaymaster sample that @account-abstraction/contracts
 * 0.7.0 publishes, for EntryPoint v0.7. It pays for an operation whose paymasterData carries a
 * signature of this key over the operation: the server signs per project policy (ERC-7677,
 * docs/smart-accounts.md#the-paymaster). The key is public and for the dev chain only; a
 * deployment deploys its own paymaster with a signer whose key only its server holds.
 */
export const DEV_PAYMASTER_SIGNER_KEY: Hex = keccak256(
  stringToHex('latch devchain paymaster signer'),
)
export const devPaymasterSigner = privateKeyToAccount(DEV_PAYMASTER_SIGNER_KEY).address

/** What the paymaster keeps deposited at the entry point to pay for operations. */
export const DEV_PAYMASTER_DEPOSIT = 100n * 10n ** 18n

/**
 * CREATE2 through the Arachnid deployer with a Latch salt: the address is the same on every fresh
 * dev chain. (Its owner is the deployer contract, so no one can withdraw the deposit: fine for a
 * dev chain that tops it up on every start.)
 */
export function devPaymasterDeployment(): AaDeployment {
  const d = {
    name: 'verifyingPaymaster',
    factory: ARACHNID_DEPLOYER,
    salt: keccak256(stringToHex('latch devchain verifying paymaster')),
    initCode: concat([
      aaCreationCode.verifyingPaymaster(),
      encodeAbiParameters(
        [{ type: 'address' }, { type: 'address' }],
        [ENTRY_POINT_07, devPaymasterSigner],
      ),
    ]),
  }
  return { ...d, address: predictedAddress(d) }
}

export const devPaymasterAddress = (): Address => devPaymasterDeployment().address
