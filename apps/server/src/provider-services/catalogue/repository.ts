import type { CatalogueWallet as CatalogueWalletEntry } from '@latch/core/wire'
import {
  and,
  arrayOverlaps,
  asc,
  count,
  eq,
  ilike,
  inArray,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm'
import { chainFamilies } from '../../chains/index.js'
import {
  type CatalogueWallet,
  catalogueWallets,
  type NewCatalogueWallet,
} from '../../db/schema/provider.js'
import type { Db } from '../../db/types.js'
import { type CuratedWallet, curatedWallets } from './dataset.js'

function namespaceOf(caipNetworkId: string): string {
  return caipNetworkId.split(':', 1)[0] ?? ''
}

const walletsAddAnyChain = new Set(
  chainFamilies.filter((family) => family.walletsAddAnyChain).map((family) => family.namespace),
)

/** One wallet as `GET /getWallets` returns it, in the reference's field names. */
export type WalletEntry = CatalogueWalletEntry

export interface WalletQuery {
  page: number
  entries: number
  include?: string[] | undefined
  exclude?: string[] | undefined
  chains?: string[] | undefined
  search?: string | undefined
  badgeType?: string | undefined
}

export function toWalletEntry(row: CatalogueWallet): WalletEntry {
  return {
    id: row.id,
    name: row.name,
    homepage: row.homepage,
    image_id: row.imageId,
    order: row.order,
    rdns: row.rdns,
    chains: row.chains,
    mobile_link: row.mobileLink,
    desktop_link: row.desktopLink,
    webapp_link: row.webappLink,
    app_store: row.appStore,
    play_store: row.playStore,
    chrome_store: row.chromeStore,
    injected: row.injected,
    badge_type: row.badgeType,
  }
}

function curatedRow(wallet: CuratedWallet, index: number): NewCatalogueWallet {
  return {
    id: wallet.id,
    name: wallet.name,
    imageId: wallet.id,
    rdns: wallet.rdns,
    chains: wallet.chains,
    homepage: wallet.homepage,
    mobileLink: wallet.mobileLink,
    desktopLink: wallet.desktopLink,
    webappLink: wallet.webappLink,
    order: (index + 1) * 10,
    source: 'curated',
  }
}

/**
 * Writes the shipped dataset into the catalogue table; run on every start, so a new release's
 * dataset replaces the old one. Rows imported by `catalogue sync` are left alone.
 */
export async function seedCatalogue(db: Db): Promise<number> {
  const rows = curatedWallets.map(curatedRow)
  await upsertWallets(db, rows, 'curated')
  return rows.length
}

/**
 * Writes catalogue rows. A row already there is refreshed (every column the new rows carry) only
 * when it came from the same source, so a sync never overwrites a curated wallet, nor a new
 * release's dataset an imported one.
 */
export async function upsertWallets(
  db: Db,
  rows: NewCatalogueWallet[],
  source: 'curated' | 'explorer',
): Promise<void> {
  const first = rows[0]
  if (!first) return
  const columns = Object.keys(first).filter(
    (key): key is Exclude<keyof NewCatalogueWallet, 'id' | 'source'> =>
      key !== 'id' && key !== 'source',
  )
  const set: Record<string, SQL> = { updatedAt: sql`now()` }
  for (const key of columns) set[key] = sql`excluded.${sql.identifier(catalogueWallets[key].name)}`
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insert(catalogueWallets)
      .values(rows.slice(i, i + 200))
      .onConflictDoUpdate({
        target: catalogueWallets.id,
        set,
        setWhere: eq(catalogueWallets.source, source),
      })
  }
}

/** `%`, `_` and `\` in a search are literal characters, not patterns. */
function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

function chainFilter(chains: string[]): SQL | undefined {
  const exact = arrayOverlaps(catalogueWallets.chains, chains)
  // A wallet of a family that adds any of its chains on request (EVM: wallet_addEthereumChain)
  // is listed for every chain of that family, so a request for e.g. the local dev chain still
  // lists those wallets, as the Connect view needs.
  const open = new Set(
    chains.map(namespaceOf).filter((namespace) => walletsAddAnyChain.has(namespace)),
  )
  if (open.size === 0) return exact
  return or(
    exact,
    ...[...open].map(
      (namespace) =>
        sql`exists (select 1 from unnest(${catalogueWallets.chains}) as c where c like ${`${namespace}:%`})`,
    ),
  )
}

/** Filters, orders (order, then name) and pages the catalogue; `count` ignores paging. */
export async function queryWallets(
  db: Db,
  query: WalletQuery,
): Promise<{ data: WalletEntry[]; count: number }> {
  const conditions: (SQL | undefined)[] = []
  if (query.include?.length) conditions.push(inArray(catalogueWallets.id, query.include))
  if (query.exclude?.length) conditions.push(notInArray(catalogueWallets.id, query.exclude))
  if (query.chains?.length) conditions.push(chainFilter(query.chains))
  const search = query.search?.trim()
  if (search) conditions.push(ilike(catalogueWallets.name, likePattern(search)))
  if (query.badgeType && query.badgeType !== 'none')
    conditions.push(eq(catalogueWallets.badgeType, query.badgeType))
  const where = and(...conditions)
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(catalogueWallets)
      .where(where)
      .orderBy(asc(catalogueWallets.order), asc(catalogueWallets.name), asc(catalogueWallets.id))
      .limit(query.entries)
      .offset((query.page - 1) * query.entries),
    db.select({ value: count() }).from(catalogueWallets).where(where),
  ])
  return { data: rows.map(toWalletEntry), count: total?.value ?? 0 }
}

export async function findWalletByImageId(
  db: Db,
  imageId: string,
): Promise<CatalogueWallet | undefined> {
  const [row] = await db
    .select()
    .from(catalogueWallets)
    .where(eq(catalogueWallets.imageId, imageId))
    .limit(1)
  return row
}
