import type { AnnouncedWallet } from './connectors.js'

interface AnnouncementTarget {
  addEventListener(type: string, listener: (event: unknown) => void): void
  removeEventListener(type: string, listener: (event: unknown) => void): void
  dispatchEvent(event: unknown): boolean
}

export interface AnnouncedWallets {
  /** The wallets announced so far, one per rdns (a later announcement replaces an earlier one). */
  list(): AnnouncedWallet[]
  /** Called on every new or changed announcement. */
  subscribe(listener: () => void): () => void
  destroy(): void
}

function isAnnouncement(detail: unknown): detail is AnnouncedWallet {
  if (typeof detail !== 'object' || detail === null) return false
  const { info, provider } = detail as { info?: Record<string, unknown>; provider?: unknown }
  return (
    typeof info?.rdns === 'string' &&
    typeof info.name === 'string' &&
    typeof info.uuid === 'string' &&
    typeof provider === 'object' &&
    provider !== null
  )
}

/**
 * Listens for EIP-6963 wallet announcements on the page. wagmi discovers the same wallets and
 * makes a connector for each (id = rdns); this keeps what wagmi's connectors do not expose
 * synchronously: the announced name, icon and the provider object, which tells an announced
 * wallet apart from the legacy `window.ethereum` it may also own.
 */
export function watchAnnouncedWallets(
  target: AnnouncementTarget | undefined = (globalThis as { window?: AnnouncementTarget }).window,
): AnnouncedWallets {
  const wallets = new Map<string, AnnouncedWallet>()
  const listeners = new Set<() => void>()
  const onAnnounce = (event: unknown) => {
    const detail = (event as { detail?: unknown }).detail
    if (!isAnnouncement(detail)) return
    const before = wallets.get(detail.info.rdns)
    if (before && before.provider === detail.provider && before.info.uuid === detail.info.uuid)
      return
    wallets.set(detail.info.rdns, { info: { ...detail.info }, provider: detail.provider })
    for (const listener of [...listeners]) listener()
  }
  if (target) {
    target.addEventListener('eip6963:announceProvider', onAnnounce)
    target.dispatchEvent(new Event('eip6963:requestProvider'))
  }
  return {
    list: () => [...wallets.values()],
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    destroy() {
      target?.removeEventListener('eip6963:announceProvider', onAnnounce)
      listeners.clear()
    },
  }
}
