import type { TransactionImage } from '@latch/core'
import { useState } from 'react'

/** A token or NFT picture; a missing or broken image falls back to a lettered disc. */
export function TokenImage({ image }: { image: TransactionImage }) {
  const [broken, setBroken] = useState(false)
  const shape = image.kind === 'nft' ? 'latch-image latch-image--nft' : 'latch-image'
  if (!image.url || broken)
    return (
      <span className={`${shape} latch-image--fallback`} aria-hidden="true">
        {image.fallback.toUpperCase()}
      </span>
    )
  return (
    <img className={shape} src={image.url} alt="" loading="lazy" onError={() => setBroken(true)} />
  )
}
