/** '0xf39F…b92266': 4 leading and 6 trailing characters (docs/behaviour.md#limits). */
export function truncateAddress(address: string, leading = 4, trailing = 6): string {
  if (address.length <= leading + trailing + 1) return address
  return `${address.slice(0, leading)}…${address.slice(-trailing)}`
}

/** The auth display name: past 30 characters, cut and marked with '...' (docs/behaviour.md#validation). */
export function truncateDisplayName(name: string, max = 30): string {
  return name.length > max ? `${name.slice(0, max)}...` : name
}
