import { getAddress } from 'viem'
import { callLatchServer, type LatchServer } from '../api/call.js'
import { errorMessages } from '../errors/messages.js'
import type { AccountNameRecord, NameSuggestionsResponse } from '../wire/names.js'
import { AccountNameError } from './errors.js'

/**
 * Whether a receiver field holds a name rather than an address: a dot and no 0x prefix
 * (`alice.latch.id`, `vitalik.eth`).
 */
export const looksLikeName = (value: string) => {
  const v = value.trim()
  return v.includes('.') && !/^0x/i.test(v) && !/\s/.test(v)
}

/** Who a registry name belongs to. NAME_NOT_FOUND when nobody registered it. */
export async function lookupAccountName(
  server: LatchServer,
  name: string,
  options: { signal?: AbortSignal | undefined } = {},
): Promise<AccountNameRecord> {
  try {
    return await callLatchServer<AccountNameRecord>(
      server,
      'GET',
      `/v1/profile/account/${encodeURIComponent(name.trim())}`,
      { signal: options.signal },
    )
  } catch (error) {
    throw AccountNameError.from(error, errorMessages.errorResolvingName)
  }
}

/**
 * The checksummed address a name points to, for a send: the registry's record (the address it was
 * registered with, whichever EVM chain).
 */
export async function resolveAccountName(
  server: LatchServer,
  name: string,
  options: { signal?: AbortSignal | undefined } = {},
): Promise<{ name: string; address: string; avatar: string | undefined }> {
  const record = await lookupAccountName(server, name, options)
  const [entry] = Object.values(record.addresses)
  if (!entry) throw new AccountNameError('NAME_NOT_FOUND', errorMessages.errorResolvingName)
  // Checksummed, as a send form and a wallet expect to show it.
  return {
    name: record.name,
    address: getAddress(entry.address),
    avatar: record.attributes[0]?.avatar,
  }
}

/** The name asked for with whether it is registered, then free names like it. */
export async function getNameSuggestions(
  server: LatchServer,
  input: string,
  options: { signal?: AbortSignal | undefined } = {},
): Promise<NameSuggestionsResponse['suggestions']> {
  try {
    const { suggestions } = await callLatchServer<NameSuggestionsResponse>(
      server,
      'GET',
      `/v1/profile/suggestions/${encodeURIComponent(input.trim())}`,
      { signal: options.signal },
    )
    return suggestions
  } catch (error) {
    throw AccountNameError.from(error, errorMessages.errorFetchingNameSuggestions)
  }
}

/** Every name of an address, the primary first. */
export async function getNamesForAddress(
  server: LatchServer,
  address: string,
  options: { signal?: AbortSignal | undefined } = {},
): Promise<AccountNameRecord[]> {
  try {
    return await callLatchServer<AccountNameRecord[]>(
      server,
      'GET',
      `/v1/profile/reverse/${encodeURIComponent(address)}`,
      { signal: options.signal },
    )
  } catch (error) {
    throw AccountNameError.from(error, errorMessages.errorFetchingNamesForAddress)
  }
}
