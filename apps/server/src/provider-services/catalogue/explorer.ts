import type { NewCatalogueWallet } from '../../db/schema/provider.js'
import type { Db } from '../../db/types.js'
import { getJson, isObject } from '../../net/get-json.js'
import { curatedWallets } from './dataset.js'
import { upsertWallets } from './repository.js'

/** The WalletConnect Explorer API (v3); operators with network access pass their project id. */
export const DEFAULT_EXPLORER_URL = 'https://explorer-api.walletconnect.com'
const PAGE_SIZE = 100
const MAX_PAGES = 100

/** One listing of `GET /v3/wallets` as documented; every field may be missing or null. */
export interface ExplorerListing {
  id?: unknown
  name?: unknown
  homepage?: unknown
  chains?: unknown
  image_id?: unknown
  app?: { browser?: unknown; ios?: unknown; android?: unknown; chrome?: unknown } | null
  injected?: unknown
  rdns?: unknown
  mobile?: { native?: unknown; universal?: unknown } | null
  desktop?: { native?: unknown; universal?: unknown } | null
  badge_type?: unknown
}

export interface ExplorerPage {
  count?: unknown
  listings?: Record<string, ExplorerListing> | null
}

export class CatalogueSyncError extends Error {
  override name = 'CatalogueSyncError'
}

const ID = /^[A-Za-z0-9._-]{1,128}$/
const CAIP2 = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/

function text(value: unknown, max = 2_048): string | null {
  return typeof value === 'string' &&
    value.length > 0 &&
    value.length <= max &&
    !value.includes('\u0000')
    ? value
    : null
}

/**
 * Web links of a listing are shown to visitors as links: https only, so an imported listing
 * cannot smuggle `javascript:`, `data:` or plain-http pages into the modal.
 */
function url(value: unknown): string | null {
  const candidate = text(value)
  if (!candidate) return null
  try {
    return new URL(candidate).protocol === 'https:' ? candidate : null
  } catch {
    return null
  }
}

// Schemes a page must never follow, whatever a listing calls its native app link.
const UNSAFE_SCHEMES = /^(javascript|data|vbscript|file|blob|about|http):/i

/** A native deep link (`metamask://`): an app's own scheme, never one a browser would run. */
function nativeLink(value: unknown): string | null {
  const candidate = text(value)
  if (!candidate || !/^[a-z][a-z0-9+.-]*:/i.test(candidate)) return null
  return UNSAFE_SCHEMES.test(candidate.trim()) ? null : candidate
}

function injected(value: unknown): { namespace: string; injected_id: string }[] | null {
  if (!Array.isArray(value)) return null
  const items = value.flatMap((item) => {
    const namespace = text(item?.namespace, 32)
    const id = text(item?.injected_id, 128)
    return namespace && id ? [{ namespace, injected_id: id }] : []
  })
  return items.length > 0 ? items : null
}

const curatedRdns = new Set(curatedWallets.flatMap((w) => (w.rdns ? [w.rdns.toLowerCase()] : [])))
const curatedNames = new Set(curatedWallets.map((w) => w.name.toLowerCase()))

export type MappedListing =
  | { kind: 'wallet'; row: NewCatalogueWallet }
  | { kind: 'duplicate'; name: string }
  | { kind: 'invalid' }

/**
 * Maps one Explorer listing to a catalogue row. Explorer ids are kept, so clients that pass the
 * reference's wallet ids in include/exclude keep working. A wallet the curated dataset already
 * has (same rdns or name) is skipped: the curated entry wins.
 */
export function mapListing(listing: ExplorerListing, position: number): MappedListing {
  const id = typeof listing.id === 'string' && ID.test(listing.id) ? listing.id : null
  const name = text(listing.name, 200)
  if (!id || !name) return { kind: 'invalid' }
  const rdns = text(listing.rdns, 253)
  if ((rdns && curatedRdns.has(rdns.toLowerCase())) || curatedNames.has(name.toLowerCase()))
    return { kind: 'duplicate', name }
  const chains = Array.isArray(listing.chains)
    ? [
        ...new Set(
          listing.chains.filter((c): c is string => typeof c === 'string' && CAIP2.test(c)),
        ),
      ]
    : []
  const imageId =
    typeof listing.image_id === 'string' && ID.test(listing.image_id) ? listing.image_id : id
  return {
    kind: 'wallet',
    row: {
      id,
      name,
      imageId,
      rdns,
      chains,
      homepage: url(listing.homepage),
      mobileLink: nativeLink(listing.mobile?.native) ?? url(listing.mobile?.universal),
      desktopLink: nativeLink(listing.desktop?.native) ?? url(listing.desktop?.universal),
      webappLink: url(listing.app?.browser),
      appStore: url(listing.app?.ios),
      playStore: url(listing.app?.android),
      chromeStore: url(listing.app?.chrome),
      injected: injected(listing.injected),
      badgeType: listing.badge_type === 'certified' ? 'certified' : 'none',
      order: 10_000 + position,
      source: 'explorer',
    },
  }
}

export interface SyncOptions {
  /** The Explorer project id (the operator's key). */
  projectId: string
  baseUrl?: string | undefined
  fetch?: typeof fetch | undefined
}

export interface SyncResult {
  fetched: number
  imported: number
  duplicates: number
  invalid: number
}

async function fetchPage(options: SyncOptions, page: number): Promise<ExplorerPage> {
  const endpoint = new URL('/v3/wallets', options.baseUrl ?? DEFAULT_EXPLORER_URL)
  endpoint.searchParams.set('projectId', options.projectId)
  endpoint.searchParams.set('entries', String(PAGE_SIZE))
  endpoint.searchParams.set('page', String(page))
  const body = await getJson(`The Explorer API (page ${page})`, endpoint, {
    fetch: options.fetch,
    fail: (message, status) =>
      new CatalogueSyncError(
        status === 401 || status === 403 ? `${message} (check the project id)` : message,
      ),
  })
  if (!isObject(body)) throw new CatalogueSyncError('The Explorer API answered a non-object')
  return body as ExplorerPage
}

/** Imports every listing of the Explorer API into the catalogue; curated rows are never touched. */
export async function syncCatalogue(db: Db, options: SyncOptions): Promise<SyncResult> {
  const result: SyncResult = { fetched: 0, imported: 0, duplicates: 0, invalid: 0 }
  const rows: NewCatalogueWallet[] = []
  for (let page = 1; page <= MAX_PAGES; page++) {
    const body = await fetchPage(options, page)
    const listings = Object.values(body.listings ?? {})
    for (const listing of listings) {
      const mapped = mapListing(listing, result.fetched++)
      if (mapped.kind === 'wallet') rows.push(mapped.row)
      else if (mapped.kind === 'duplicate') result.duplicates++
      else result.invalid++
    }
    const total = typeof body.count === 'number' ? body.count : 0
    if (listings.length < PAGE_SIZE || result.fetched >= total) break
  }
  const unique = [...new Map(rows.map((row) => [row.id, row])).values()]
  await upsertWallets(db, unique, 'explorer')
  result.imported = unique.length
  return result
}
