import { type RouteOf, replaceView } from '@latch/core'
import { useEffect, useMemo, useState } from 'react'
import { useStore } from 'zustand'
import { useLatch } from '../context.js'
import { useLatchNetwork } from '../hooks/index.js'
import { fill } from '../messages.js'
import { type BuySession, createBuyApi } from './BuyApi.js'
import { buyMessages } from './BuyMessages.js'

/** How often the session is read while it is not final; the server asks the provider at most every 3 s. */
const READ_EVERY_MS = 1500

/** Whether the chain has the transaction in a block yet, asked of the network's own RPC. */
async function seenOnChain(rpcUrl: string, hash: string, signal: AbortSignal): Promise<boolean> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_getTransactionReceipt',
      params: [hash],
    }),
    signal,
  })
  const body = (await response.json()) as { result?: { blockNumber?: string } | null }
  return Boolean(body.result?.blockNumber)
}

/**
 * A purchase after the checkout opened: waiting for payment, then for the provider's transfer,
 * then for the chain to have it; done shows the amount and refreshes the balance.
 */
export function BuyStatus() {
  const { stores, config, controller, messages } = useLatch('BuyStatus')
  const t = buyMessages(messages)
  const route = useStore(stores.router, (s) => s.route) as RouteOf<'BuyStatus'>
  const { network } = useLatchNetwork()
  const api = useMemo(() => createBuyApi(config.serverUrl, config.projectId), [config])
  const [session, setSession] = useState<BuySession>()
  const [onChain, setOnChain] = useState(false)
  const [readError, setReadError] = useState<string>()
  const rpcUrl = network?.rpcUrls.default.http[0]

  useEffect(() => {
    const abort = new AbortController()
    let timer: ReturnType<typeof setTimeout> | undefined
    const read = async () => {
      try {
        const next = await api.session(route.sessionId, abort.signal)
        setSession(next)
        setReadError(undefined)
        if (next.status === 'failed') return
        if (next.status === 'completed' && next.txHash) {
          if (!rpcUrl || (await seenOnChain(rpcUrl, next.txHash, abort.signal))) {
            setOnChain(true)
            await controller.fetchBalance().catch(() => {})
            return
          }
        }
      } catch (error) {
        if (abort.signal.aborted) return
        setReadError((error as Error).message)
      }
      timer = setTimeout(read, READ_EVERY_MS)
    }
    void read()
    return () => {
      abort.abort()
      clearTimeout(timer)
    }
  }, [api, route.sessionId, rpcUrl, controller])

  const provider = route.provider
  const symbol = session?.asset ?? ''
  const status = session?.status ?? 'created'
  const text =
    status === 'failed'
      ? fill(t.statusFailed, { reason: session?.failureReason ?? '' })
      : status === 'completed'
        ? onChain
          ? fill(t.statusCompleted, { amount: session?.cryptoAmount ?? '', symbol })
          : fill(t.statusWaitingChain, { provider })
        : status === 'pending'
          ? fill(t.statusPending, { provider, symbol })
          : fill(t.statusCreated, { provider })
  const shown = status === 'completed' && onChain ? 'done' : status

  return (
    <div className="latch-view" data-testid="view-buy-status" data-status={shown}>
      <p
        className={status === 'failed' ? 'latch-field-error' : 'latch-hint'}
        role="status"
        data-testid="buy-status"
      >
        {text}
      </p>
      {route.checkoutUrl && status === 'created' ? (
        <p className="latch-field-hint">
          {t.popupBlocked}{' '}
          <a href={route.checkoutUrl} target="_blank" rel="noreferrer noopener">
            {t.openCheckout}
          </a>
        </p>
      ) : null}
      {session?.txHash ? (
        <p className="latch-field-hint latch-mono" data-testid="buy-tx">
          {fill(t.transaction, { hash: session.txHash })}
        </p>
      ) : null}
      {readError ? <p className="latch-field-error">{readError}</p> : null}
      {status === 'failed' ? (
        <button
          type="button"
          className="latch-secondary-button"
          data-testid="buy-try-again"
          onClick={() => replaceView(stores.router, 'Buy')}
        >
          {t.tryAgain}
        </button>
      ) : null}
      {shown === 'done' ? (
        <button
          type="button"
          className="latch-primary-button"
          data-testid="buy-done"
          onClick={() => replaceView(stores.router, 'Account')}
        >
          {t.backToAccount}
        </button>
      ) : null}
    </div>
  )
}
