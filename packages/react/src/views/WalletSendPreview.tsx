import { closeModal, formatQuantity, goBack, localDecimal, truncateAddress } from '@latch/core'
import {
  addPendingTransaction,
  fetchTokenBalances,
  type SendTokenResult,
  sendToken,
  settlePendingTransaction,
  toDecimalAmount,
  waitForTransaction,
} from '@latch/core/send'
import { useEffect, useRef, useState } from 'react'
import { useLatch } from '../context.js'
import { useLatchAccount, useLatchNetwork } from '../hooks/index.js'
import { fill, localText } from '../messages.js'
import { ensureWalletStyles } from '../theme/walletStyles.js'
import { sendMessages } from './lazyMessages.js'
import { explorerTxUrl } from './networkImage.js'
import { pickedFeeRate } from './pickedFeeRate.js'
import { costLabel, sendCostsOf } from './sendCosts.js'
import { useSendEstimate } from './WalletSend.js'

export { WalletSend } from './WalletSend.js'

type Status = 'review' | 'signing' | 'rejected' | 'error' | 'pending' | 'confirmed' | 'failed'

/**
 * docs/behaviour.md#views (WalletSend, review step): what will be sent, to whom, on which network
 * and for what fee; then the wallet's confirmation, and the transaction until a block has it.
 */
export function WalletSendPreview() {
  const { stores, controller, api, history, messages } = useLatch('WalletSendPreview')
  const { network } = useLatchNetwork()
  const { namespace } = useLatchAccount()
  // The form resets once the wallet signs: the review keeps what it showed.
  const [draft] = useState(() => stores.send.getState())
  const [feeRate] = useState(() => pickedFeeRate(stores.send))
  const [status, setStatus] = useState<Status>('review')
  const [failure, setFailure] = useState<string>()
  const [sent, setSent] = useState<SendTokenResult>()
  const statusRef = useRef<HTMLParagraphElement>(null)
  const t = sendMessages(messages)
  ensureWalletStyles()
  const estimate = useSendEstimate({
    tokenKey: draft.token?.address ?? 'native',
    amount: draft.sendTokenAmount ?? '',
    receiver: draft.receiverAddress ?? '',
    feeRate,
  })

  useEffect(() => {
    if (status !== 'review') statusRef.current?.focus()
  }, [status])

  const token = draft.token
  if (!token || !draft.sendTokenAmount || !draft.receiverAddress) return null
  const nativeSymbol = network?.nativeCurrency.symbol ?? ''
  const nativeDecimals = network?.nativeCurrency.decimals ?? 18

  async function submit() {
    if (!token) return
    setStatus('signing')
    setFailure(undefined)
    let result: SendTokenResult
    try {
      result = await sendToken(controller, {
        token,
        amount: draft.sendTokenAmount ?? '',
        to: draft.receiverAddress ?? '',
        estimate,
        feeRate,
      })
    } catch (error) {
      const rejected = (error as { category?: string }).category === 'USER_REJECTED'
      setStatus(rejected ? 'rejected' : 'error')
      if (!rejected) setFailure(error instanceof Error ? error.message : undefined)
      return
    }
    setSent(result)
    setStatus('pending')
    const pending = { chain: result.network.caipNetworkId, hash: result.hash }
    addPendingTransaction(history, {
      ...pending,
      from: result.from,
      to: draft.receiverAddress ?? '',
      amount: draft.sendTokenAmount ?? '',
      symbol: token.symbol,
      name: token.name,
    })
    try {
      const { status: mined } = await waitForTransaction(controller, result)
      setStatus(mined === 'success' ? 'confirmed' : 'failed')
      settlePendingTransaction(history, pending, mined === 'success' ? 'confirmed' : 'failed')
    } catch (error) {
      setStatus('error')
      setFailure(error instanceof Error ? error.message : undefined)
    }
    // What the account holds has changed: read it again.
    fetchTokenBalances(controller, api, { force: true }).catch(() => {})
  }

  const busy = status === 'signing' || status === 'pending'
  const done = status === 'confirmed' || status === 'failed'
  const explorer = sent ? explorerTxUrl(network, sent.hash) : undefined
  const statusText: Partial<Record<Status, string>> = {
    signing: t.sending,
    rejected: t.rejected,
    pending: t.pending,
    confirmed: t.confirmed,
    failed: t.failed,
    error: failure ? localText(messages, failure) : t.failed,
  }

  return (
    <div className="latch-view" data-testid="view-send-preview">
      <dl className="latch-review">
        <div>
          <dt>{t.sendLabel}</dt>
          <dd data-testid="review-amount">
            {localDecimal(draft.sendTokenAmount ?? '')} {token.symbol}
          </dd>
        </div>
        <div>
          <dt>{t.receiver}</dt>
          <dd className="latch-mono" data-testid="review-receiver" title={draft.receiverAddress}>
            {draft.receiverProfileName ? (
              <>
                <span data-testid="review-receiver-name">{draft.receiverProfileName}</span>
                <br />
              </>
            ) : null}
            {draft.receiverAddress}
          </dd>
        </div>
        <div>
          <dt>{t.network}</dt>
          <dd>{network?.name}</dd>
        </div>
        {feeRate !== undefined ? (
          <div>
            <dt>{sendMessages(messages).feeRate}</dt>
            <dd data-testid="review-fee-rate">
              {fill(sendMessages(messages).feeRateValue, { rate: feeRate })}
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{t.fee}</dt>
          <dd data-testid="review-fee">
            {estimate
              ? fill(t.feeValue, {
                  amount: formatQuantity(toDecimalAmount(estimate.fee, nativeDecimals), 6),
                  symbol: nativeSymbol,
                })
              : t.feeUnknown}
          </dd>
        </div>
        {sendCostsOf(namespace, estimate).map((cost) => (
          <div key={cost.label}>
            <dt>{costLabel(t, cost)}</dt>
            <dd data-testid={`review-${cost.label}`}>
              {fill(t.feeValue, {
                amount: formatQuantity(toDecimalAmount(cost.amount, nativeDecimals), 6),
                symbol: nativeSymbol,
              })}
            </dd>
          </div>
        ))}
        {sent ? (
          <div>
            <dt>{t.transaction}</dt>
            <dd className="latch-mono" data-testid="send-hash" data-hash={sent.hash}>
              {explorer ? (
                <a href={explorer} target="_blank" rel="noreferrer noopener">
                  {truncateAddress(sent.hash)} <span aria-hidden="true">↗</span>
                  <span className="latch-visually-hidden"> ({t.viewOnExplorer})</span>
                </a>
              ) : (
                truncateAddress(sent.hash)
              )}
            </dd>
          </div>
        ) : null}
      </dl>
      <p
        ref={statusRef}
        tabIndex={-1}
        className="latch-send-status"
        data-testid="send-status"
        data-status={status}
        role="status"
      >
        {statusText[status] ?? ''}
      </p>
      {done ? (
        <button
          type="button"
          className="latch-primary-button"
          onClick={() => closeModal(stores.router)}
        >
          {t.done}
        </button>
      ) : sent ? null : (
        <div className="latch-actions-row">
          <button
            type="button"
            className="latch-secondary-button"
            disabled={busy}
            onClick={() => goBack(stores.router)}
          >
            {messages.modal.back}
          </button>
          <button
            type="button"
            className="latch-primary-button"
            disabled={busy}
            onClick={() => void submit()}
          >
            {status === 'signing' ? t.sending : t.sendLabel}
          </button>
        </div>
      )}
    </div>
  )
}
