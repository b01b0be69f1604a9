import {
  formatQuantity,
  localDecimal,
  namespaceTraits,
  pushView,
  type SendEstimate,
  type TokenBalance,
} from '@latch/core'
import { looksLikeName, resolveAccountName } from '@latch/core/names'
import { estimateSend, maxSendable, toDecimalAmount, validateSend } from '@latch/core/send'
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react'
import { useStore } from 'zustand'
import { useLatch } from '../context.js'
import { useLatchAccount, useLatchNetwork } from '../hooks/index.js'
import { fill, type LazyMessages, localText } from '../messages.js'
import { ensureWalletStyles } from '../theme/walletStyles.js'
import { formatAvailable } from './availableAmount.js'
import { FeeRatePicker } from './FeeRatePicker.js'
import { sendMessages } from './lazyMessages.js'
import { pickedFeeRate, pickFeeRate } from './pickedFeeRate.js'
import { costLabel, sendCostsOf } from './sendCosts.js'
import { useTokenBalances } from './TokenBalances.js'
import { amountMarkHint, readAmount } from './WalletSendAmount.js'

const tokenKey = (token: { address?: string | undefined }) => token.address ?? 'native'

const sameToken = (a: TokenBalance | undefined, b: TokenBalance | undefined) =>
  a === b ||
  (!!a &&
    !!b &&
    a.chainId === b.chainId &&
    tokenKey(a) === tokenKey(b) &&
    a.quantity.numeric === b.quantity.numeric &&
    a.quantity.decimals === b.quantity.decimals)

/**
 * The fee of the send as typed, estimated again (after a short pause) whenever it changes; the
 * last good estimate stays while a new one is on its way.
 */
export function useSendEstimate(draft: {
  tokenKey: string
  amount: string
  receiver: string
  /** The picked fee rate, for families whose adapter offers rates (FeeRatePicker). */
  feeRate?: number | undefined
}) {
  const { controller, stores } = useLatch('useSendEstimate')
  const [estimate, setEstimate] = useState<SendEstimate | undefined>()
  // biome-ignore lint/correctness/useExhaustiveDependencies: the draft's fields are the inputs
  useEffect(() => {
    const token = stores.send.getState().token
    if (!token) return
    let live = true
    const timer = setTimeout(() => {
      estimateSend(controller, {
        token,
        amount: draft.amount,
        to: draft.receiver,
        feeRate: draft.feeRate,
      }).then(
        (next) => {
          if (live) setEstimate(next)
        },
        // A call that would fail (more than the balance, a token that refuses) has no fee to
        // show; the wallet says why when asked.
        () => {
          if (live) setEstimate(undefined)
        },
      )
    }, 300)
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [controller, stores, draft.tokenKey, draft.amount, draft.receiver, draft.feeRate])
  return estimate
}

type NameLookup =
  | { state: 'none' }
  | { state: 'resolving'; name: string }
  | { state: 'resolved'; name: string; address: string }
  | { state: 'failed'; name: string; message: string }

/**
 * The receiver field: an address as typed, or a name (`alice.latch.id`) looked up after a short
 * pause, whose address goes to the send store with the name beside it.
 */
function useReceiver() {
  const { stores, config } = useLatch('useReceiver')
  const send = useStore(stores.send)
  const [text, setText] = useState(send.receiverProfileName ?? send.receiverAddress ?? '')
  const [lookup, setLookup] = useState<NameLookup>({ state: 'none' })
  // biome-ignore lint/correctness/useExhaustiveDependencies: the server is fixed per client
  useEffect(() => {
    if (!looksLikeName(text)) {
      setLookup({ state: 'none' })
      return
    }
    const name = text.trim()
    if (send.receiverProfileName === name && send.receiverAddress)
      return setLookup({ state: 'resolved', name, address: send.receiverAddress })
    setLookup({ state: 'resolving', name })
    const abort = new AbortController()
    const server = { serverUrl: config.serverUrl, projectId: config.projectId }
    const timer = setTimeout(() => {
      resolveAccountName(server, name, { signal: abort.signal }).then(
        (found) => {
          const address = found.address
          stores.send.setState({
            receiverAddress: address,
            receiverProfileName: found.name,
            receiverProfileImageUrl: found.avatar,
          })
          setLookup({ state: 'resolved', name: found.name, address })
        },
        (error: unknown) => {
          if (abort.signal.aborted) return
          setLookup({
            state: 'failed',
            name,
            message: error instanceof Error ? error.message : String(error),
          })
        },
      )
    }, 300)
    return () => {
      abort.abort()
      clearTimeout(timer)
    }
  }, [text])
  const change = (value: string) => {
    setText(value)
    // Until a name resolves there is no address to send to.
    stores.send.setState({
      receiverAddress: looksLikeName(value) ? undefined : value.trim(),
      receiverProfileName: undefined,
      receiverProfileImageUrl: undefined,
    })
  }
  return { text, lookup, change }
}

/** docs/behaviour.md#views (WalletSend): token, amount (with Max), receiver; then the review. */
/** The receiver field's hint: a name or an address where names exist, else "<label> address". */
function receiverPlaceholder(t: LazyMessages['send'], namespace: string | undefined): string {
  const traits = namespaceTraits(namespace)
  if (!traits || traits.features.names) return t.receiverPlaceholder
  return fill(t.receiverPlaceholderAddress, { label: traits.label })
}

export function WalletSend() {
  const { stores, messages } = useLatch('WalletSend')
  const { balances, state } = useTokenBalances()
  const { namespace } = useLatchAccount()
  const { network } = useLatchNetwork()
  const send = useStore(stores.send)
  const [error, setError] = useState<{ field: string; message: string }>()
  // The amount as typed, in the locale's writing; undefined once Max wrote the store's own.
  const [typed, setTyped] = useState<string>()
  const t = sendMessages(messages)
  const ids = {
    token: useId(),
    amount: useId(),
    receiver: useId(),
    error: useId(),
    hint: useId(),
    lookup: useId(),
  }
  const receiverField = useReceiver()
  const [feeRate, setFeeRate] = useState(() => pickedFeeRate(stores.send))
  const chooseFeeRate = useCallback(
    (rate: number | undefined) => {
      setFeeRate(rate)
      pickFeeRate(stores.send, rate)
    },
    [stores],
  )
  ensureWalletStyles()

  // The first token until the visitor picks one; a token gone from the list is dropped.
  useEffect(() => {
    const chosen = send.token
      ? balances.find((b) => tokenKey(b) === tokenKey(send.token ?? {}))
      : undefined
    const next = chosen ?? balances[0]
    // Compared by content: the chain-read native fallback is a fresh object on every render, and
    // an identity check would set it again forever.
    if (!sameToken(next, send.token)) stores.send.setState({ token: next })
  }, [balances, send.token, stores])

  const amount = send.sendTokenAmount ?? ''
  const receiver = send.receiverAddress ?? ''
  const typedAmount = typed === undefined ? undefined : readAmount(typed)
  // A refused text keeps nothing to send (the store holds ''), and says so at once.
  const refused = typed !== undefined && typedAmount === undefined
  const shownError = refused ? { field: 'amount', message: amountMarkHint(t.amountMark) } : error
  const estimate = useSendEstimate({
    tokenKey: send.token ? tokenKey(send.token) : '',
    amount,
    receiver,
    feeRate,
  })
  const nativeSymbol = network?.nativeCurrency.symbol ?? ''
  const nativeDecimals = network?.nativeCurrency.decimals ?? 18

  if (state !== 'loading' && balances.length === 0)
    return (
      <div className="latch-view" data-testid="view-send">
        <p className="latch-hint">{fill(t.noTokens, { network: network?.name ?? '' })}</p>
      </div>
    )

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (!namespace) return
    if (refused) {
      document.getElementById(ids.amount)?.focus()
      return
    }
    const { lookup } = receiverField
    if (lookup.state === 'resolving' || lookup.state === 'failed') {
      setError({
        field: 'receiver',
        message: lookup.state === 'failed' ? lookup.message : fill(t.resolving, lookup),
      })
      document.getElementById(ids.receiver)?.focus()
      return
    }
    const check = validateSend({
      token: send.token,
      amount,
      receiver,
      namespace,
      fee: estimate?.fee,
    })
    if (!check.ok) {
      setError({ field: check.field, message: check.message })
      document.getElementById(ids[check.field])?.focus()
      return
    }
    setError(undefined)
    pushView(stores.router, 'WalletSendPreview')
  }

  const invalid = (field: string) => (shownError?.field === field ? true : undefined)
  const describedBy = (field: string, extra?: string) =>
    [shownError?.field === field ? ids.error : undefined, extra].filter(Boolean).join(' ') ||
    undefined

  return (
    <form className="latch-view latch-form" data-testid="view-send" onSubmit={onSubmit} noValidate>
      <label className="latch-label" htmlFor={ids.token}>
        {t.token}
      </label>
      <select
        id={ids.token}
        className="latch-input latch-select"
        value={send.token ? tokenKey(send.token) : ''}
        aria-invalid={invalid('token')}
        aria-describedby={describedBy('token')}
        onChange={(event) => {
          const token = balances.find((b) => tokenKey(b) === event.target.value)
          stores.send.setState({ token })
        }}
      >
        {balances.map((token) => (
          <option key={tokenKey(token)} value={tokenKey(token)}>
            {token.symbol} · {formatQuantity(token.quantity.numeric)}
          </option>
        ))}
      </select>

      <label className="latch-label" htmlFor={ids.amount}>
        {t.amount}
      </label>
      <div className="latch-amount-row">
        <input
          id={ids.amount}
          className="latch-input"
          inputMode="decimal"
          autoComplete="off"
          placeholder={localDecimal('0.0')}
          // Shown as typed, in the locale's writing (0,01 in German), kept with a point (0.01);
          // a store value that did not come from the text (Max) is shown in that writing too.
          value={
            typed !== undefined && (typedAmount ?? '') === amount ? typed : localDecimal(amount)
          }
          aria-invalid={invalid('amount')}
          aria-describedby={describedBy('amount', ids.hint)}
          onChange={(event) => {
            setTyped(event.target.value)
            stores.send.setState({ sendTokenAmount: readAmount(event.target.value) ?? '' })
          }}
        />
        <button
          type="button"
          className="latch-secondary-button"
          aria-label={t.maxLabel}
          disabled={!send.token}
          onClick={() => {
            if (!send.token) return
            const max = maxSendable(send.token, estimate?.fee)
            setTyped(undefined)
            stores.send.setState({
              sendTokenAmount: toDecimalAmount(max, Number(send.token.quantity.decimals)),
            })
          }}
        >
          {t.max}
        </button>
      </div>
      <p className="latch-field-hint" id={ids.hint}>
        {send.token
          ? fill(t.available, {
              amount: formatAvailable(send.token.quantity.numeric),
              symbol: send.token.symbol,
            })
          : ''}
      </p>

      <label className="latch-label" htmlFor={ids.receiver}>
        {t.receiver}
      </label>
      <input
        id={ids.receiver}
        className="latch-input latch-mono"
        autoComplete="off"
        spellCheck={false}
        placeholder={receiverPlaceholder(t, namespace)}
        value={receiverField.text}
        aria-invalid={invalid('receiver') ?? (receiverField.lookup.state === 'failed' || undefined)}
        aria-describedby={describedBy('receiver', ids.lookup)}
        onChange={(event) => receiverField.change(event.target.value)}
      />
      <p
        className="latch-field-hint latch-mono"
        id={ids.lookup}
        role="status"
        data-testid="send-receiver-name"
      >
        {receiverField.lookup.state === 'resolving'
          ? fill(t.resolving, receiverField.lookup)
          : receiverField.lookup.state === 'resolved'
            ? fill(t.resolved, receiverField.lookup)
            : receiverField.lookup.state === 'failed'
              ? receiverField.lookup.message
              : ''}
      </p>

      <FeeRatePicker value={feeRate} onChange={chooseFeeRate} />
      <p className="latch-field-hint" data-testid="send-fee">
        {t.fee}:{' '}
        {estimate
          ? fill(t.feeValue, {
              amount: formatQuantity(toDecimalAmount(estimate.fee, nativeDecimals), 6),
              symbol: nativeSymbol,
            })
          : t.feeUnknown}
      </p>
      {sendCostsOf(namespace, estimate).map((cost) => (
        <p key={cost.label} className="latch-field-hint" data-testid={`send-${cost.label}`}>
          {costLabel(t, cost)}:{' '}
          {fill(t.feeValue, {
            amount: formatQuantity(toDecimalAmount(cost.amount, nativeDecimals), 6),
            symbol: nativeSymbol,
          })}
        </p>
      ))}
      {shownError ? (
        <p className="latch-field-error" id={ids.error} role="alert">
          {localText(messages, shownError.message)}
        </p>
      ) : null}
      <button type="submit" className="latch-primary-button" disabled={!send.token}>
        {t.preview}
      </button>
    </form>
  )
}
