import type { OpenSmartAccount } from './session.js'

/** Loads the smart-account chunk on first use only. */
export const openSmartAccount: OpenSmartAccount = async (owner, chainId, routes) =>
  (await import('./account.js')).openSafeAccount(owner, chainId, routes)
