import type { AuthConnector } from '@latch/core'

/** 'eoa' or a smart account (docs/behaviour.md#flows). */
export type AccountType = 'eoa' | 'smartAccount'

/**
 * What the page side of the embedded wallet asks of one namespace once the frame client loads
 * (connector/<namespace>/namespace.ts). The connector's first load, before any click, carries
 * only each namespace's name (connector/<namespace>/index.ts).
 */
export interface PageNamespace {
  /** CAIP-2 namespace. */
  readonly namespace: AuthConnector['namespaces'][number]
  /** The account type a sign-in asks for when neither the page nor the visitor chose one. */
  readonly defaultAccountType: AccountType
}
