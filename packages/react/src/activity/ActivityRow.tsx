import {
  exactDateTime,
  formatQuantity,
  presentTransaction,
  relativeTimeFrom,
  type Transaction,
} from '@latch/core'
import { fill, type OccasionalMessages } from '../messages.js'
import { TokenImage } from './TokenImage.js'

export interface ActivityRowProps {
  transaction: Transaction
  messages: OccasionalMessages['activity']
  explorerTxUrl: ((chain: string, hash: string) => string | undefined) | undefined
  now: Date
}

export function ActivityRow({ transaction, messages, explorerTxUrl, now }: ActivityRowProps) {
  const row = presentTransaction(transaction)
  const title = messages.operations?.[transaction.metadata.operationType] ?? row.title
  const href = explorerTxUrl?.(row.chain, row.hash)
  const [first, second] = row.descriptions
  return (
    <li
      className="latch-activity-row"
      data-status={row.status}
      data-testid="activity-row"
      data-tx-hash={row.hash}
    >
      <span className="latch-activity-images">
        {row.images.length ? (
          row.images.slice(0, 2).map((image, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a row's images have no identity beyond their place
            <TokenImage key={`${image.kind}${i}`} image={image} />
          ))
        ) : (
          <TokenImage image={{ kind: 'token', url: undefined, fallback: row.title.slice(0, 1) }} />
        )}
      </span>
      <span className="latch-activity-text">
        <span className="latch-activity-title">
          {title}
          <span className={`latch-status latch-status--${row.status}`}>
            {messages.status[row.status]}
          </span>
        </span>
        <span className="latch-activity-description">
          {second === undefined ? first : `${first} → ${second}`}
          <OperationFee transaction={transaction} messages={messages} />
        </span>
      </span>
      <span className="latch-activity-meta">
        <time dateTime={row.minedAt} title={exactDateTime(row.minedAt)}>
          {relativeTimeFrom(row.minedAt, now)}
        </time>
        {href ? (
          <a
            href={href}
            target="_blank"
            rel="noreferrer noopener"
            aria-label={`${messages.viewOnExplorer}: ${title} ${first ?? ''}`}
          >
            ↗
          </a>
        ) : null}
      </span>
    </li>
  )
}

/** A smart account's operation: "Sponsored" when a paymaster paid its fee, else the fee. */
function OperationFee({
  transaction,
  messages,
}: Pick<ActivityRowProps, 'transaction' | 'messages'>) {
  const operation = transaction.metadata.userOperation
  if (!operation) return null
  const { numeric, symbol } = operation.fee
  return (
    <span data-testid="activity-fee" title={`${numeric} ${symbol}`}>
      {' · '}
      {operation.sponsored
        ? messages.sponsored
        : fill(messages.fee, { amount: `${formatQuantity(numeric)} ${symbol}` })}
    </span>
  )
}
