import { useEffect, useState } from 'react'
import { type Address, createWalletClient, custom, type EIP1193Provider } from 'viem'
import { mainnet } from 'viem/chains'

// The least a dapp ships to connect a browser wallet: EIP-6963 discovery with window.ethereum as
// the fallback, and viem's wallet client for the request. The bench compares the web app with it.
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

export function App() {
  const wallets = useWallets()
  const [address, setAddress] = useState<Address>()
  const [error, setError] = useState<string>()

  async function connect() {
    const legacy = (window as { ethereum?: EIP1193Provider }).ethereum
    const provider = wallets[0]?.provider ?? legacy
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
        <button type="button" data-testid="latch-connect-button" onClick={connect}>
          {address ? `${address.slice(0, 6)}…${address.slice(-4)}` : 'Connect Wallet'}
        </button>
      </header>
      <main>{error ? <p role="alert">{error}</p> : <p>Connect a browser wallet.</p>}</main>
    </>
  )
}
