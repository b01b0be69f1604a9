import { ConnectButton } from '@latch/react'
import { appMessages } from './messages'
import { NetworkSwitcher } from './NetworkSwitcher'

export function Header() {
  return (
    <header className="app-header">
      <h1 className="app-brand">{appMessages.brand}</h1>
      <nav className="app-actions" aria-label={appMessages.walletNav}>
        <NetworkSwitcher />
        <ConnectButton />
      </nav>
    </header>
  )
}
