import { useModal } from '@latch/react'

/** What a visitor without a connected wallet sees. */
export function Landing({ status }: { status: string }) {
  const modal = useModal()
  const busy = status === 'reconnecting' || status === 'connecting'
  return (
    <section className="app-landing" aria-labelledby="landing-title">
      <h2 id="landing-title">Your wallet&apos;s history, on your own server</h2>
      <p>
        Latch connects a visitor&apos;s crypto wallet — EVM, Solana, Bitcoin, Polkadot or Cosmos, or
        an embedded wallet behind email sign-in — and shows that wallet&apos;s transaction history,
        grouped by year and month. Every cloud piece runs on your own server.
      </p>
      <button
        type="button"
        className="app-cta"
        aria-haspopup="dialog"
        disabled={busy}
        onClick={() => modal.open({ view: 'Connect' })}
      >
        {busy ? 'Reconnecting…' : 'Connect a wallet to see its activity'}
      </button>
    </section>
  )
}
