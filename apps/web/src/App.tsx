import { LatchProvider, useLatch, useLatchAccount, useThemeMode, useThemeStyle } from '@latch/react'
import { lazy, Suspense, useEffect, useState } from 'react'
import { serverUrl } from './env'
import { Header } from './Header'
import { Landing } from './Landing'
import { LanguageLinks } from './LanguageLinks'
import { createPageClient } from './latch'
import { useAppMessages } from './messages'
import { StatusPanel } from './StatusPanel'

// The history screen (and its formatters) loads when an account is connected, not on the landing.
const ActivityPage = lazy(() => import('./ActivityPage').then((m) => ({ default: m.ActivityPage })))

function Shell() {
  const { config } = useLatch()
  const theme = useThemeMode(config.themeMode)
  const style = useThemeStyle(config.themeVariables)
  const account = useLatchAccount()
  const connected = account.isConnected && Boolean(account.address)
  const t = useAppMessages()
  return (
    <div className="latch-root app" data-theme={theme} style={style}>
      <Header />
      <main className="app-main" id="main">
        {connected ? (
          <Suspense fallback={<p aria-busy="true">{t.activity.loading}</p>}>
            <ActivityPage />
          </Suspense>
        ) : (
          <Landing status={account.status} />
        )}
      </main>
      <footer className="app-footer">
        <StatusPanel serverUrl={serverUrl} messages={t.status} />
        <LanguageLinks />
      </footer>
    </div>
  )
}

export function App() {
  const [client] = useState(createPageClient)
  // Screen readers and the browser's spelling and hyphenation follow the page's language.
  useEffect(() => {
    document.documentElement.lang = client.locale
  }, [client])
  return (
    <LatchProvider config={client.config} client={client}>
      <Shell />
    </LatchProvider>
  )
}
