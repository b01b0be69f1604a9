import { useEffect, useState } from 'react'
import { fetchHealth, type Health } from './health'
import { type AppMessages, appMessages } from './messages'

type State =
  | { kind: 'loading' }
  | { kind: 'ready'; health: Health }
  | { kind: 'error'; message: string }

/** Proves the wiring: the page reaches the server, which reaches the database and the chain. */
export function StatusPanel({
  serverUrl,
  messages: t = appMessages.status,
}: {
  serverUrl: string
  messages?: AppMessages['status']
}) {
  const [state, setState] = useState<State>({ kind: 'loading' })

  useEffect(() => {
    const controller = new AbortController()
    const load = () =>
      fetchHealth(serverUrl, controller.signal).then(
        (health) => setState({ kind: 'ready', health }),
        (error: Error) => {
          if (!controller.signal.aborted) setState({ kind: 'error', message: error.message })
        },
      )
    load()
    // New blocks arrive while the page is open; a slow poll keeps the number honest.
    const timer = setInterval(load, 4000)
    return () => {
      controller.abort()
      clearInterval(timer)
    }
  }, [serverUrl])

  if (state.kind === 'loading') return <p aria-busy="true">{t.checking}</p>
  if (state.kind === 'error')
    return (
      <p role="alert" className="status-error">
        {state.message}
      </p>
    )

  const { database, chain } = state.health
  return (
    <dl className="status" aria-label={t.label}>
      <div>
        <dt>{t.server}</dt>
        <dd data-testid="server-status">{state.health.status}</dd>
      </div>
      <div>
        <dt>{t.database}</dt>
        <dd data-testid="database-status">
          {database.ok ? t.reachable : t.unreachable} ({database.kind})
        </dd>
      </div>
      <div>
        <dt>{t.chainId}</dt>
        <dd data-testid="chain-id">{chain.ok ? chain.chainId : t.unreachable}</dd>
      </div>
      <div>
        <dt>{t.latestBlock}</dt>
        <dd data-testid="block-number">{chain.ok ? chain.blockNumber : (chain.error ?? '—')}</dd>
      </div>
    </dl>
  )
}
