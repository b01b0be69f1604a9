import { type CaipNetwork, imageUrl } from '@latch/core'

/** A network's icon on the Latch server (or the network's own url). */
export function networkImageUrl(serverUrl: string, network: CaipNetwork): string {
  return network.assets.imageUrl ?? imageUrl(serverUrl, 'asset', network.assets.imageId)
}

export function explorerAddressUrl(
  network: CaipNetwork | undefined,
  address: string,
): string | undefined {
  const base = network?.blockExplorers?.default.url
  return base ? `${base.replace(/\/$/, '')}/address/${address}` : undefined
}

export function explorerTxUrl(network: CaipNetwork | undefined, hash: string): string | undefined {
  const base = network?.blockExplorers?.default.url
  return base ? `${base.replace(/\/$/, '')}/tx/${hash}` : undefined
}
