import { qrModulesPath } from '@latch/core'
import { useMemo } from 'react'
import { encode } from 'uqr'

/**
 * A QR code as one SVG path of dark modules, always dark on light for any scanner; no canvas and
 * no injected markup. With a logo, the error correction is the highest ('H', 30% of modules
 * recoverable) and the logo hides under 6% of them.
 */
export function QrCode({
  text,
  label,
  testId,
  logoUrl,
}: {
  text: string
  label: string
  testId: string
  logoUrl?: string | undefined
}) {
  const { path, size } = useMemo(() => {
    const qr = encode(text, { ecc: logoUrl ? 'H' : 'M', border: 2 })
    return { path: qrModulesPath(qr.data), size: qr.size }
  }, [text, logoUrl])
  const logo = Math.round(size * 0.22)
  const offset = (size - logo) / 2
  return (
    <svg
      className="latch-qr"
      data-testid={testId}
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
      {logoUrl ? (
        <>
          <rect x={offset - 1} y={offset - 1} width={logo + 2} height={logo + 2} fill="#fff" />
          <image href={logoUrl} x={offset} y={offset} width={logo} height={logo} />
        </>
      ) : null}
    </svg>
  )
}
