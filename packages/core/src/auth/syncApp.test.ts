import { describe, expect, it } from 'vitest'
import { createStores } from '../stores/index.js'
import { syncAuthApp } from './syncApp.js'
import type { AuthAppData, AuthConnector } from './types.js'

const metadata = (name: string) => ({ name, description: '', url: 'https://a.example', icons: [] })

function connector(sent: AuthAppData[]): AuthConnector {
  return {
    connectorId: 'latch-auth',
    namespaces: ['eip155'],
    signInWithEmail: async () => {},
    updateEmail: async () => ({ action: 'VERIFY_PRIMARY_OTP' }),
    updateEmailPrimaryCode: async () => {},
    updateEmailSecondaryCode: async () => ({ email: '' }),
    syncApp: (data) => void sent.push(data),
    getUser: () => undefined,
    subscribe: () => () => {},
  }
}

describe('syncAuthApp', () => {
  it('tells the connector the theme and metadata now, and again when the metadata changes', () => {
    const sent: AuthAppData[] = []
    const stores = createStores({ metadata: metadata('A') })
    const stop = syncAuthApp({ auth: connector(sent), stores }, { themeMode: 'light' })
    expect(sent).toEqual([{ themeMode: 'light', metadata: metadata('A') }])
    stores.options.setState({ enableReconnect: false })
    expect(sent).toHaveLength(1)
    stores.options.setState({ metadata: metadata('B') })
    expect(sent.at(-1)).toEqual({ themeMode: 'light', metadata: metadata('B') })
    stop()
    stores.options.setState({ metadata: metadata('C') })
    expect(sent).toHaveLength(2)
  })

  it('does nothing without a connector that syncs', () => {
    const stores = createStores()
    expect(() => syncAuthApp({ auth: undefined, stores })()).not.toThrow()
  })
})
