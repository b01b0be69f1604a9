import { serverUrl } from './env'
import { StatusPanel } from './StatusPanel'

export function App() {
  return (
    <main>
      <h1>Latch</h1>
      <p>
        Latch connects a visitor&apos;s crypto wallet — EVM, Solana, Bitcoin, Polkadot or Cosmos, or
        an embedded wallet behind email sign-in — and shows that wallet&apos;s transaction history,
        grouped by year and month. Every cloud piece runs on your own server.
      </p>
      <h2>Local stack</h2>
      <StatusPanel serverUrl={serverUrl} />
    </main>
  )
}
