import type { ReactNode } from 'react'

export interface WalletItemProps {
  name: string
  imageUrl?: string | undefined
  tag?: string | undefined
  /** A button when given, else a link to `href`. */
  onSelect?: (() => void) | undefined
  href?: string | undefined
  label?: string | undefined
  testId?: string | undefined
  children?: ReactNode
}

function WalletImage({ name, imageUrl }: { name: string; imageUrl: string | undefined }) {
  return imageUrl ? (
    <img className="latch-wallet-image" src={imageUrl} alt="" width={40} height={40} />
  ) : (
    <span className="latch-wallet-image latch-wallet-image--fallback" aria-hidden="true">
      {name.slice(0, 1).toUpperCase()}
    </span>
  )
}

/** One wallet in a list: icon, name, what `children` add (its chains), an optional tag (Installed, Recent). */
export function WalletItem({
  name,
  imageUrl,
  tag,
  onSelect,
  href,
  label,
  testId,
  children,
}: WalletItemProps) {
  const content = (
    <>
      <WalletImage name={name} imageUrl={imageUrl} />
      <span className="latch-wallet-name">{name}</span>
      {children}
      {tag ? <span className="latch-tag">{tag}</span> : null}
    </>
  )
  if (onSelect)
    return (
      <li>
        <button
          type="button"
          className="latch-list-item"
          onClick={onSelect}
          aria-label={label}
          data-testid={testId}
        >
          {content}
        </button>
      </li>
    )
  return (
    <li>
      <a
        className="latch-list-item"
        href={href}
        target="_blank"
        rel="noreferrer noopener"
        aria-label={label}
        data-testid={testId}
      >
        {content}
      </a>
    </li>
  )
}
