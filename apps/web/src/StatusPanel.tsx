import { useEffect, useState } from 'react'
import { fetchHealth, type Health } from './health'

type State =
  | { kind: 'loading' }
  | { kind: 'ready'; health: Health }
  | { kind: 'error'; message: string }

/** Proves the wiring: the page reaches the server, which reaches the database and the chain. */
export function StatusPanel({ serverUrl }: { serverUrl: string }) {
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

  if (state.kind === 'loading') return <p aria-busy="true">Checking the local stack…</p>
  if (state.kind === 'error')
    return (
      <p role="alert" className="status-error">
        {state.message}
      </p>
    )

  const { database, chain } = state.health
  return (
    <dl className="status" aria-label="Local stack status">
      <div>
        <dt>Server</dt>
        <dd data-testid="server-status">{state.health.status}</dd>
      </div>
      <div>
        <dt>Database</dt>
        <dd data-testid="database-status">
          {database.ok ? 'reachable' : 'unreachable'} ({database.kind})
        </dd>
      </div>
      <div>
        <dt>Chain id</dt>
        <dd data-testid="chain-id">{chain.ok ? chain.chainId : 'unreachable'}</dd>
      </div>
      <div>
        <dt>Latest block</dt>
        <dd data-testid="block-number">{chain.ok ? chain.blockNumber : (chain.error ?? '—')}</dd>
      </div>
    </dl>
  )
}
