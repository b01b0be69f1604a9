/** The same chains for each of `walletIds`: a family whose wallets all list its one chain. */
export function walletsWithChains(
  walletIds: readonly string[],
  chains: readonly string[],
): Record<string, readonly string[]> {
  return Object.fromEntries(walletIds.map((id) => [id, chains]))
}
