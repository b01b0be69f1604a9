import type { CatalogueWalletFacts, FamilyCatalogue } from '../../chains/types.js'

/** One wallet of the curated catalogue, its chains gathered from every family. */
export interface CuratedWallet {
  id: string
  name: string
  rdns: string | null
  chains: string[]
  homepage: string
  mobileLink: string | null
  desktopLink: string | null
  webappLink: string | null
}

export class CatalogueDataError extends Error {
  override name = 'CatalogueDataError'
}

/**
 * The catalogue in its order: the families' own wallets at their places, the shared wallets
 * filling the rest in turn; each wallet's chains are every family's share for it, in the
 * families' registration order. Inconsistent data (a place taken twice or out of range, a wallet
 * twice, chains for a wallet nobody lists, a wallet with no chain) throws at start.
 */
export function mergeCatalogue(
  shared: readonly CatalogueWalletFacts[],
  families: readonly FamilyCatalogue[],
): CuratedWallet[] {
  const placed = new Map<number, CatalogueWalletFacts>()
  for (const { place, ...wallet } of families.flatMap((family) => family.wallets ?? [])) {
    if (placed.has(place)) throw new CatalogueDataError(`Catalogue place ${place} is taken twice`)
    placed.set(place, wallet)
  }
  const total = shared.length + placed.size
  const rest = [...shared]
  const ordered: CatalogueWalletFacts[] = []
  for (let place = 1; place <= total; place++) {
    const wallet = placed.get(place) ?? rest.shift()
    if (!wallet) throw new CatalogueDataError(`Catalogue place ${place} is beyond the list`)
    ordered.push(wallet)
  }
  const ids = new Set(ordered.map((wallet) => wallet.id))
  if (ids.size !== ordered.length)
    throw new CatalogueDataError('A catalogue wallet is listed twice')
  for (const family of families) {
    const unknown = Object.keys(family.walletChains).find((id) => !ids.has(id))
    if (unknown) throw new CatalogueDataError(`Chains given for unknown wallet ${unknown}`)
  }
  return ordered.map((wallet) => curated(wallet, families))
}

function curated(
  wallet: CatalogueWalletFacts,
  families: readonly FamilyCatalogue[],
): CuratedWallet {
  const chains = [...new Set(families.flatMap((family) => family.walletChains[wallet.id] ?? []))]
  if (chains.length === 0) throw new CatalogueDataError(`Wallet ${wallet.id} lists no chain`)
  return {
    id: wallet.id,
    name: wallet.name,
    rdns: wallet.rdns,
    chains,
    homepage: wallet.homepage,
    mobileLink: wallet.mobileLink ?? null,
    desktopLink: wallet.desktopLink ?? null,
    webappLink: wallet.webappLink ?? null,
  }
}
