import { createRequire } from 'node:module'
import type { Locator } from '@playwright/test'
import { PNG } from 'pngjs'

// jsqr is CommonJS whose types declare an ES default export: required, it is the function itself.
const jsQR = createRequire(import.meta.url)('jsqr') as (
  data: Uint8ClampedArray,
  width: number,
  height: number,
) => { data: string } | null

/** What a phone camera would read from the QR code on screen: the pixels, not the DOM. */
export async function readQrCode(qr: Locator): Promise<string | undefined> {
  const png = PNG.sync.read(await qr.screenshot())
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data
}
