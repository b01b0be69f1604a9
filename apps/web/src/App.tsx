import { LatchProvider, useAccount, useLatch, useThemeMode, useThemeStyle } from '@latch/react'
import { useState } from 'react'
import { ActivityPage } from './ActivityPage'
import { serverUrl } from './env'
import { Header } from './Header'
import { Landing } from './Landing'
import { createLatchConfig } from './latch'
import { StatusPanel } from './StatusPanel'

function Shell() {
  const { config } = useLatch()
  const theme = useThemeMode(config.themeMode)
  const style = useThemeStyle(config.themeVariables)
  const account = useAccount()
  const connected = account.isConnected && Boolean(account.address)
  return (
    <div className="latch-root app" data-theme={theme} style={style}>
      <Header />
      <main className="app-main" id="main">
        {connected ? <ActivityPage /> : <Landing status={account.status} />}
      </main>
      <footer className="app-footer">
        <StatusPanel serverUrl={serverUrl} />
      </footer>
    </div>
  )
}

export function App() {
  const [config] = useState(createLatchConfig)
  return (
    <LatchProvider config={config}>
      <Shell />
    </LatchProvider>
  )
}
