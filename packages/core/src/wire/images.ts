/** Where the Latch server serves each kind of image; the id follows as one path segment. */
export const imagePaths = {
  wallet: '/getWalletImage',
  asset: '/public/getAssetImage',
  currency: '/public/getCurrencyImage',
  token: '/public/getTokenImage',
} as const

export type ImageKind = keyof typeof imagePaths

/** `/public/getAssetImage/<id>`, the id encoded so it stays one segment. */
export function imagePath(kind: ImageKind, id: string): string {
  return `${imagePaths[kind]}/${encodeURIComponent(id)}`
}

/** The absolute URL of an image on the server at `baseUrl` (its origin; a path in it is replaced). */
export function imageUrl(baseUrl: string | URL, kind: ImageKind, id: string): string {
  return new URL(imagePath(kind, id), baseUrl).href
}
