import type { Address } from 'viem'
import type { ChainEvent, ChainTx } from './types.js'

/*
 * Offline spam rules for NFT collections (nothing here calls out to a reputation service).
 *
 * 1. Unsolicited airdrop: one transaction that the recipients did not send moves tokens of one
 *    NFT contract to at least `airdropMinRecipients` distinct accounts. Real mints are sent by
 *    the buyer; mass pushes into strangers' wallets are the spammer's distribution method.
 * 2. Lure text: the collection's name or symbol contains a link (a scheme, `www.`, or a domain
 *    ending like `.com`/`.xyz`), or a lure word (claim, reward, free, airdrop, bonus, voucher,
 *    gift, prize, winner, redeem, visit, giveaway, "eligible"), or currency bait such as `$`.
 * 3. Operator lists: an address on the deny list is always spam; one on the allow list never is,
 *    whatever rules 1–2 say. The lists apply at read time, so editing them needs no reindex.
 *
 * Rules 1–2 are evaluated when the indexer first sees the collection (and rule 1 again for every
 * later transaction); once a collection is flagged it stays flagged.
 */

export const DEFAULT_AIRDROP_MIN_RECIPIENTS = 5

const LINK =
  /(https?:\/\/|www\.|\b[a-z0-9-]+\.(com|io|xyz|net|org|app|site|top|club|link|online|fun|live|gift|claims?|pro|vip|co|me|cc|ly|gg|to|finance|network|website|info|biz|tk|ml|ga|cf|gq)\b)/i
const LURE =
  /\b(claim|claims|claimable|reward|rewards|free|airdrop|airdrops|bonus|voucher|vouchers|gift|gifts|prize|prizes|winner|redeem|visit|giveaway|eligible|congratulations)\b/i
const BAIT = /[$€£]|\bt\.me\b/i

/** The reason the name or symbol looks like a lure, or null. */
export function lureTextReason(name: string | null, symbol: string | null): string | null {
  for (const text of [name, symbol]) {
    if (!text) continue
    if (LINK.test(text)) return 'name-link'
    if (LURE.test(text)) return 'name-lure'
    if (BAIT.test(text)) return 'name-bait'
  }
  return null
}

/**
 * NFT contracts that pushed tokens to `minRecipients` or more distinct accounts, none of them the
 * transaction's sender, within one transaction.
 */
export function unsolicitedAirdrops(
  tx: Pick<ChainTx, 'from'>,
  events: readonly ChainEvent[],
  minRecipients = DEFAULT_AIRDROP_MIN_RECIPIENTS,
): Address[] {
  const recipients = new Map<Address, Set<Address>>()
  for (const event of events) {
    if ((event.kind !== 'erc721' && event.kind !== 'erc1155') || !event.token) continue
    if (event.to === tx.from) continue
    const set = recipients.get(event.token) ?? new Set<Address>()
    recipients.set(event.token, set)
    set.add(event.to)
  }
  return [...recipients].filter(([, set]) => set.size >= minRecipients).map(([token]) => token)
}

export interface SpamPolicy {
  allow: ReadonlySet<string>
  deny: ReadonlySet<string>
}

export const EMPTY_SPAM_POLICY: SpamPolicy = { allow: new Set(), deny: new Set() }

/** Builds a policy from comma-separated address lists (`LATCH_SPAM_ALLOW`, `LATCH_SPAM_DENY`). */
export function spamPolicyFrom(allow = '', deny = ''): SpamPolicy {
  const parse = (list: string) =>
    new Set(
      list
        .split(',')
        .map((item) => item.trim().toLowerCase())
        .filter((item) => /^0x[0-9a-f]{40}$/.test(item)),
    )
  return { allow: parse(allow), deny: parse(deny) }
}

export function isSpam(token: string, storedReason: string | null, policy: SpamPolicy): boolean {
  const key = token.toLowerCase()
  if (policy.deny.has(key)) return true
  if (policy.allow.has(key)) return false
  return storedReason !== null
}
