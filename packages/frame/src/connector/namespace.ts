import type { AuthConnector } from '@latch/core'

/** 'eoa' or a smart account (docs/behaviour.md#flows). */
export type AccountType = 'eoa' | 'smartAccount'

/**
 * What the page side of the embedded wallet knows of one namespace: plain data, so that the
 * connector's first load (before any click) carries only a few bytes per namespace. The
 * namespace's connector (wagmi's, the wallet standard's) lives in its folder beside this file and
 * loads with it.
 */
export interface PageNamespace {
  /** CAIP-2 namespace. */
  readonly namespace: AuthConnector['namespaces'][number]
  /** The account type a sign-in asks for when neither the page nor the visitor chose one. */
  readonly defaultAccountType: AccountType
}
