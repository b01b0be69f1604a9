import { ConnectButton } from '@latch/react'
import { NetworkSwitcher } from './NetworkSwitcher'

export function Header() {
  return (
    <header className="app-header">
      <h1 className="app-brand">Latch</h1>
      <nav className="app-actions" aria-label="Wallet">
        <NetworkSwitcher />
        <ConnectButton />
      </nav>
    </header>
  )
}
