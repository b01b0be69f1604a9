import { useCallback, useEffect, useState } from 'react'
import { type Address, createWalletClient, custom, type EIP1193Provider } from 'viem'
import { mainnet } from 'viem/chains'

// The least a dapp ships to connect a browser wallet: EIP-6963 discovery with window.ethereum as
// the fallback, a hand-written dialog to pick the wallet in, and viem's wallet client for the
// request. The bench compares the web app with it: bytes, the button's paint, click → dialog painted.
type Announced = { info: { rdns: string; name: string }; provider: EIP1193Provider }

function useWallets(): Announced[] {
  const [wallets, setWallets] = useState<Announced[]>([])
  useEffect(() => {
    const onAnnounce = (event: Event) => {
      const detail = (event as CustomEvent<Announced>).detail
      setWallets((list) =>
        list.some((w) => w.info.rdns === detail.info.rdns) ? list : [...list, detail],
      )
    }
    window.addEventListener('eip6963:announceProvider', onAnnounce)
    window.dispatchEvent(new Event('eip6963:requestProvider'))
    return () => window.removeEventListener('eip6963:announceProvider', onAnnounce)
  }, [])
  return wallets
}

/** The wallets to pick from, as a plain dialog: Escape or Close shuts it. */
function WalletDialog(props: {
  wallets: Announced[]
  onPick: (provider?: EIP1193Provider) => void
  onClose: () => void
}) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') props.onClose()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [props.onClose])
  return (
    <div className="backdrop">
      <div role="dialog" aria-modal="true" aria-labelledby="floor-dialog-title" className="dialog">
        <h2 id="floor-dialog-title">Connect a wallet</h2>
        <ul>
          {props.wallets.map((w) => (
            <li key={w.info.rdns}>
              <button type="button" onClick={() => props.onPick(w.provider)}>
                {w.info.name}
              </button>
            </li>
          ))}
          <li>
            <button type="button" onClick={() => props.onPick()}>
              Browser wallet
            </button>
          </li>
        </ul>
        <button type="button" onClick={props.onClose}>
          Close
        </button>
      </div>
    </div>
  )
}

export function App() {
  const wallets = useWallets()
  const [address, setAddress] = useState<Address>()
  const [error, setError] = useState<string>()
  const [open, setOpen] = useState(false)
  const close = useCallback(() => setOpen(false), [])

  async function connect(picked?: EIP1193Provider) {
    setOpen(false)
    const provider = picked ?? (window as { ethereum?: EIP1193Provider }).ethereum
    if (!provider) return setError('No browser wallet found.')
    try {
      const client = createWalletClient({ chain: mainnet, transport: custom(provider) })
      const [account] = await client.requestAddresses()
      setAddress(account)
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e))
    }
  }

  return (
    <>
      <header>
        <h1>Floor</h1>
        <button type="button" data-testid="latch-connect-button" onClick={() => setOpen(true)}>
          {address ? `${address.slice(0, 6)}…${address.slice(-4)}` : 'Connect Wallet'}
        </button>
      </header>
      <main>{error ? <p role="alert">{error}</p> : <p>Connect a browser wallet.</p>}</main>
      {open ? <WalletDialog wallets={wallets} onPick={connect} onClose={close} /> : null}
    </>
  )
}
