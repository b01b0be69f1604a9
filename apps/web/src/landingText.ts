import type { Features, NamespaceTraits } from '@latch/core'
import type { LatchClient } from '@latch/react'
import { appMessages } from './messages'

/** What this page's Latch can do, read from its config: the landing says this and no more. */
export interface LandingFacts {
  /** Chain families of the enabled adapters, as people say them ('EVM', 'Solana', …). */
  families: string[]
  walletConnect: boolean
  /** How a visitor signs in to the embedded wallet: 'email', 'a social account', 'Farcaster'. */
  signIns: string[]
  history: boolean
  send: boolean
  receive: boolean
  names: boolean
  siwx: boolean
}

const t = appMessages.landing

function familyName(traits: NamespaceTraits): string {
  return (t.families as Record<string, string | undefined>)[traits.namespace] ?? traits.label
}

export function landingFacts(
  client: Pick<LatchClient, 'config'>,
  features: Features,
  walletConnect: boolean,
): LandingFacts {
  const traits = (client.config.adapters ?? []).map((adapter) => adapter.traits)
  const auth = client.config.auth
  const socials = features.socials || []
  const signIns = auth
    ? [
        ...(features.email ? [t.signIn.email] : []),
        ...(auth.connectSocial && socials.some((s) => s !== 'farcaster') ? [t.signIn.social] : []),
        ...(auth.connectFarcaster && socials.includes('farcaster') ? [t.signIn.farcaster] : []),
      ]
    : []
  return {
    families: [...new Set(traits.map(familyName))],
    walletConnect,
    signIns,
    history: features.activity,
    send: features.send && traits.some((x) => x.features.send),
    receive: features.receive,
    names: traits.some((x) => x.features.names),
    siwx: client.config.siwx !== undefined,
  }
}

const and = (items: string[]) => new Intl.ListFormat('en', { type: 'conjunction' }).format(items)
const or = (items: string[]) => new Intl.ListFormat('en', { type: 'disjunction' }).format(items)
const fill = (template: string, value: string) => template.replace('{list}', value)

/**
 * The landing's paragraph, built from the facts: a family, a sign-in or a feature appears when
 * the app enables it, so the text stays true as families land (Bitcoin shows up with its adapter).
 */
export function landingBody(facts: LandingFacts): string {
  const ways = [
    ...(facts.families.length ? [fill(t.browserWallets, and(facts.families))] : []),
    ...(facts.walletConnect ? [t.walletConnect] : []),
    ...(facts.signIns.length ? [fill(t.embedded, or(facts.signIns))] : []),
  ]
  const moves = facts.send && facts.receive ? t.sendReceive : facts.send ? t.send : t.receive
  const does = [
    ...(facts.history ? [t.history] : []),
    ...(facts.send || facts.receive ? [moves] : []),
    ...(facts.names ? [t.names] : []),
    ...(facts.siwx ? [t.siwx] : []),
  ]
  return [
    ways.length ? fill(t.connects, or(ways)) : '',
    does.length ? fill(t.does, and(does)) : '',
    t.rest,
  ]
    .filter(Boolean)
    .join(' ')
}
