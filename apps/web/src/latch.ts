import {
  arbitrumNetwork,
  baseNetwork,
  createDevNetwork,
  type EvmNetwork,
  ethereumNetwork,
  evmMainnets,
  optimismNetwork,
  polygonNetwork,
  sepoliaNetwork,
  withRpcProxy,
} from '@latch/core'
import { createEvmAdapter } from '@latch/core/evm'
import type { LatchConfig } from '@latch/react'
import { chainRpcUrl, isDev, projectId, serverUrl } from './env'

// Public networks reach their nodes through the Latch server's JSON-RPC proxy, so the page
// talks to one origin only (and a dev or test stack never leaves loopback).
const proxied = (networks: readonly EvmNetwork[]) =>
  networks.map((n) => withRpcProxy(n, serverUrl, projectId))

export const devNetwork = createDevNetwork(chainRpcUrl)

/** Development: the seeded dev chain first (the default) and a few public networks. */
export const networks: EvmNetwork[] = isDev
  ? [
      devNetwork,
      ...proxied([
        ethereumNetwork,
        sepoliaNetwork,
        baseNetwork,
        optimismNetwork,
        arbitrumNetwork,
        polygonNetwork,
      ]),
    ]
  : proxied(evmMainnets)

/** A visitor's own opt-out: analytics stay off (and no analytics request is made) when set. */
export const ANALYTICS_OPT_OUT_KEY = 'latch-web.analytics'

function analyticsOptedOut(): boolean {
  try {
    return globalThis.localStorage?.getItem(ANALYTICS_OPT_OUT_KEY) === 'off'
  } catch {
    return false
  }
}

export function createLatchConfig(): LatchConfig {
  const adapter = createEvmAdapter({
    networks,
    assetImageUrl: (id) => new URL(`/public/getAssetImage/${id}`, serverUrl).toString(),
  })
  return {
    projectId,
    serverUrl,
    adapters: [adapter],
    networks,
    defaultNetwork: networks[0],
    // Twenty rows fill a screen; the next page comes as the list scrolls.
    historyPageSize: 20,
    ...(analyticsOptedOut() ? { features: { analytics: false } } : {}),
  }
}
