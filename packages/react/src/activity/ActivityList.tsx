import { monthGroupTitle, orderedGroups, type TransactionsStore } from '@latch/core'
import { useEffect, useMemo, useRef } from 'react'
import type { OccasionalMessages } from '../messages.js'
import { ActivityRow } from './ActivityRow.js'
import { activityEn } from './activityMessages.js'
import { useTransactionHistory } from './useTransactionHistory.js'

export interface ActivityListProps {
  history: TransactionsStore
  account: string | undefined
  caipNetworkId: string | undefined
  explorerTxUrl?: (chain: string, hash: string) => string | undefined
  messages?: OccasionalMessages['activity']
}

function SkeletonRows({ count }: { count: number }) {
  return (
    <ul className="latch-activity-skeleton" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <li key={i} className="latch-activity-row latch-skeleton" />
      ))}
    </ul>
  )
}

/** The account's history: month groups newest first, more pages as the list scrolls. */
export function ActivityList({
  history,
  account,
  caipNetworkId,
  explorerTxUrl,
  messages = activityEn,
}: ActivityListProps) {
  const state = useTransactionHistory(history, account, caipNetworkId)
  const groups = useMemo(() => orderedGroups(state.transactionsByYear), [state.transactionsByYear])
  const sentinel = useRef<HTMLDivElement>(null)
  const now = new Date()
  const { loadMore } = state

  useEffect(() => {
    const target = sentinel.current
    if (!target || !state.next || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) loadMore()
    })
    observer.observe(target)
    return () => observer.disconnect()
  }, [state.next, loadMore])

  const firstLoad = state.loading && groups.length === 0
  return (
    <div className="latch-activity" aria-busy={state.loading}>
      {groups.map((group) => {
        const title = monthGroupTitle(group.year, group.month, now)
        return (
          // A group, not a landmark: the page and the modal may both show the list.
          // biome-ignore lint/a11y/useSemanticElements: a fieldset is for form controls
          <div
            key={`${group.year}-${group.month}`}
            className="latch-activity-group"
            role="group"
            aria-label={title}
          >
            <h3 className="latch-activity-month" data-testid="activity-month">
              {title}
            </h3>
            <ul className="latch-activity-rows">
              {group.transactions.map((transaction) => (
                <ActivityRow
                  key={transaction.id}
                  transaction={transaction}
                  messages={messages}
                  explorerTxUrl={explorerTxUrl}
                  now={now}
                />
              ))}
            </ul>
          </div>
        )
      })}
      {state.loading ? (
        <>
          <p className="latch-visually-hidden" role="status">
            {firstLoad ? messages.loading : messages.loadingMore}
          </p>
          <SkeletonRows count={firstLoad ? 6 : 2} />
        </>
      ) : null}
      {!state.loading && state.error ? (
        <div className="latch-activity-error" role="alert">
          <p>{messages.errorTitle}</p>
          <button type="button" onClick={state.retry}>
            {messages.retry}
          </button>
        </div>
      ) : null}
      {!state.loading && !state.error && state.empty ? (
        <div className="latch-activity-empty" data-testid="activity-empty">
          <p className="latch-activity-empty-title">
            {state.unsupported ? messages.unsupportedTitle : messages.emptyTitle}
          </p>
          <p>{state.unsupported ? messages.unsupportedBody : messages.emptyBody}</p>
        </div>
      ) : null}
      {state.next ? (
        <div ref={sentinel} className="latch-activity-sentinel" data-testid="activity-sentinel" />
      ) : null}
    </div>
  )
}
