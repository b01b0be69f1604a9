import type { NamespaceTraits } from './shared/traits.js'

// One map for the page: a namespace's traits are the same whichever controller registered them.
const registered = new Map<string, NamespaceTraits>()

/**
 * Makes a namespace's traits known to the code that looks them up (send checks, sign-in, views).
 * The controller registers the traits of every adapter the app passes; nothing else needs to.
 */
export function registerNamespace(traits: NamespaceTraits): void {
  registered.set(traits.namespace, traits)
}

/** The traits of `namespace`, when an adapter of it was registered. */
export function namespaceTraits(namespace: string | undefined): NamespaceTraits | undefined {
  return registered.get(namespace as string)
}

/** The traits of the namespace a CAIP-2 id or CAIP-10 account (eip155:1, or solana:<genesis>:<address>) names. */
export const traitsOfCaip = (id: string): NamespaceTraits | undefined =>
  namespaceTraits(id.split(':')[0])

/** The registered namespace whose accounts have names (docs/names.md): EVM's, where ENS lives. */
export function namingNamespace(): NamespaceTraits['namespace'] | undefined {
  for (const traits of registered.values()) if (traits.features.names) return traits.namespace
  return undefined
}
