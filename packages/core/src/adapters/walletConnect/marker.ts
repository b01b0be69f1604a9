import type { CreateConnectorFn } from '@wagmi/core'

/** Set while a session exists, so a page load knows whether to load the SDK at all. */
const SESSION_MARKER = 'walletConnect.session'

export function sessionMarker(config: Parameters<CreateConnectorFn>[0]) {
  return {
    set: async () => config.storage?.setItem(SESSION_MARKER as never, true as never),
    clear: async () => config.storage?.removeItem(SESSION_MARKER as never),
    get: async () => Boolean(await config.storage?.getItem(SESSION_MARKER as never)),
  }
}
