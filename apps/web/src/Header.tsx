import { ConnectButton } from '@latch/react'
import { useAppMessages } from './messages'
import { NetworkSwitcher } from './NetworkSwitcher'

export function Header() {
  const t = useAppMessages()
  return (
    <header className="app-header">
      <h1 className="app-brand">{t.brand}</h1>
      <nav className="app-actions" aria-label={t.walletNav}>
        <NetworkSwitcher />
        <ConnectButton />
      </nav>
    </header>
  )
}
