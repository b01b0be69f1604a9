import { namingNamespace } from '../adapters/registry.js'
import { callLatchServer, type LatchServer } from '../api/call.js'
import { signMessage } from '../controller/actions/signMessage.js'
import type { LatchController } from '../controller/index.js'
import { errorMessages } from '../errors/messages.js'
import {
  type AccountNameRecord,
  coinTypeOfChain,
  DEFAULT_NAME_SUFFIX,
  fullName,
  type NameRegistrationMessage,
  nameProblem,
  nameProblemMessages,
} from '../wire/names.js'
import { AccountNameError } from './errors.js'
import { rememberIdentity } from './identity.js'

export interface RegisterAccountNameParameters {
  /** The label (`alice`) or the full name (`alice.latch.id`). */
  name: string
  /** The server's zone; default `latch.id`. */
  suffix?: string | undefined
}

/**
 * docs/behaviour.md#name-registration: the active EVM account signs a dated message naming the
 * name, the server registers it, and the account's profile name becomes it. Any EVM wallet can
 * register, not only the embedded one: the server checks the signature, EOA or contract.
 */
export async function registerAccountName(
  controller: Pick<
    LatchController,
    'stores' | 'errors' | 'getAdapter' | 'setChainAccountData' | 'storage'
  >,
  server: LatchServer,
  { name, suffix = DEFAULT_NAME_SUFFIX }: RegisterAccountNameParameters,
): Promise<AccountNameRecord> {
  const label = name.trim().toLowerCase().replace(`.${suffix.toLowerCase()}`, '')
  const problem = nameProblem(label)
  if (problem) throw new AccountNameError('NAME_INVALID', nameProblemMessages[problem])
  const full = fullName(label, suffix)
  const namespace = namingNamespace()
  const chain = namespace ? controller.stores.chain.getState().chains[namespace] : undefined
  const network = chain?.networkState.caipNetwork
  const address = chain?.accountState.address
  if (!namespace || !network)
    throw new AccountNameError('NETWORK_NOT_FOUND', errorMessages.networkNotFound)
  if (!address)
    throw new AccountNameError('NO_ACCOUNT', errorMessages.addressOrAuthConnectorNotFound)
  const message: NameRegistrationMessage = {
    name: full,
    attributes: {},
    timestamp: Math.floor(Date.now() / 1000),
  }
  const text = JSON.stringify(message)
  let signature: string
  try {
    ;({ signature } = await signMessage(controller, { message: text, namespace }))
  } catch (error) {
    const declined = (error as { category?: string }).category === 'USER_REJECTED'
    throw new AccountNameError(
      declined ? 'USER_REJECTED' : 'SIGNATURE_FAILED',
      errorMessages.errorRegisteringName(full),
      { cause: error },
    )
  }
  let record: AccountNameRecord
  try {
    record = await callLatchServer<AccountNameRecord>(server, 'POST', '/v1/profile/account', {
      body: {
        coin_type: coinTypeOfChain(Number(network.id)),
        address,
        message: text,
        signature,
      },
    })
  } catch (error) {
    throw AccountNameError.from(error, errorMessages.errorRegisteringName(full))
  }
  const avatar = record.attributes[0]?.avatar
  rememberIdentity(controller.storage, address, { name: record.name, avatar: avatar ?? null })
  controller.setChainAccountData(namespace, { profileName: record.name, profileImage: avatar })
  return record
}
