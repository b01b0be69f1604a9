/** '0xf39F…b92266': 4 leading and 6 trailing characters (docs/behaviour.md#limits). */
export function truncateAddress(address: string, leading = 4, trailing = 6): string {
  if (address.length <= leading + trailing + 1) return address
  return `${address.slice(0, leading)}…${address.slice(-trailing)}`
}

/** The auth display name: past 30 characters, cut and marked with '...' (docs/behaviour.md#validation). */
export function truncateDisplayName(name: string, max = 30): string {
  return name.length > max ? `${name.slice(0, max)}...` : name
}

/**
 * docs/behaviour.md#validation: the social user name when there is one (Discord's tag without
 * the trailing 0 of new-style accounts), otherwise the email; cut past 30 characters.
 */
export function authDisplayName(user: {
  username?: string | null | undefined
  provider?: string | null | undefined
  email?: string | null | undefined
}): string {
  let name = user.username || user.email || ''
  if (user.username && user.provider === 'discord' && name.endsWith('0')) name = name.slice(0, -1)
  if (user.provider === 'discord' && name.endsWith('#')) name = name.slice(0, -1)
  return truncateDisplayName(name)
}
