import { describe, expect, it } from 'vitest'
import { closeAlert, showAlert } from './alerts.js'
import { findConnection, removeConnection, upsertConnection } from './connections.js'
import { applyConnectorRules, type Connector } from './connectors.js'
import { EVENT_HISTORY_LIMIT, emitEvent, onEvent } from './events.js'
import { createStores } from './index.js'
import {
  closeModal,
  goBack,
  openModal,
  pushView,
  referenceOnlyViewNames,
  replaceView,
  selectRoute,
  viewNames,
} from './router.js'

describe('connections store', () => {
  it('keeps one connection per connector id, matched case-insensitively', () => {
    const { connections } = createStores()
    upsertConnection(connections, 'eip155', {
      connectorId: 'io.metamask',
      accounts: [{ address: '0x1' }],
    })
    upsertConnection(connections, 'eip155', {
      connectorId: 'IO.MetaMask',
      accounts: [{ address: '0x2' }],
    })
    expect(connections.getState().connections.eip155).toEqual([
      { connectorId: 'IO.MetaMask', accounts: [{ address: '0x2' }] },
    ])
    expect(findConnection(connections.getState(), 'eip155', 'io.METAMASK')?.accounts).toEqual([
      { address: '0x2' },
    ])
    removeConnection(connections, 'eip155', 'io.metamask')
    expect(connections.getState().connections.eip155).toEqual([])
  })
})

describe('router store', () => {
  it('lists the views of docs/behaviour.md#views', () => {
    const seedViews = [
      'Connect',
      'ConnectingExternal',
      'ConnectingWalletConnect',
      'ConnectingWalletConnectBasic',
      'ConnectingFarcaster',
      'AllWallets',
      'EmailLogin',
      'ProfileWallets',
      'UpdateEmailWallet',
      'SwitchNetwork',
      'SwitchActiveChain',
      'SIWXSignMessage',
      'ApproveTransaction',
      'Account',
      'RegisterAccountName',
      'RegisterAccountNameSuccess',
      'Swap',
      'UnsupportedChain',
    ]
    expect([...viewNames, ...referenceOnlyViewNames]).toEqual(expect.arrayContaining(seedViews))
    // A name is a view of the modal or the reference's alone, never both.
    expect(
      viewNames.filter((name) => (referenceOnlyViewNames as readonly string[]).includes(name)),
    ).toEqual([])
  })

  it('pushes, replaces and goes back', () => {
    const { router } = createStores()
    openModal(router, 'Connect')
    pushView(router, 'AllWallets')
    pushView(router, 'AllWallets')
    pushView(router, { view: 'ConnectingExternal', connectorId: 'x' })
    expect(selectRoute(router.getState(), 'ConnectingExternal')?.connectorId).toBe('x')
    expect(selectRoute(router.getState(), 'SwitchNetwork')).toBeUndefined()
    replaceView(router, 'Account')
    expect(router.getState().history.map((r) => r.view)).toEqual([
      'Connect',
      'AllWallets',
      'Account',
    ])
    goBack(router)
    goBack(router)
    goBack(router)
    expect(router.getState()).toMatchObject({
      open: true,
      route: { view: 'Connect' },
      history: [{ view: 'Connect' }],
    })
    closeModal(router)
    expect(router.getState().open).toBe(false)
  })
})

describe('alerts store', () => {
  it('shows an alert, and a once-alert only once', () => {
    const { alerts } = createStores()
    showAlert(alerts, 'Multi-Wallet Not Enabled', 'info', { once: 'multi' })
    closeAlert(alerts)
    showAlert(alerts, 'Multi-Wallet Not Enabled', 'info', { once: 'multi' })
    expect(alerts.getState().open).toBe(false)
    showAlert(alerts, 'Network not found', 'error')
    expect(alerts.getState()).toMatchObject({ open: true, message: 'Network not found' })
  })
})

describe('events store', () => {
  it('notifies listeners of one event name and caps its history', () => {
    const { events } = createStores()
    const seen: string[] = []
    const stop = onEvent(events, 'disconnect', (e) => seen.push(e.event))
    for (let i = 0; i < EVENT_HISTORY_LIMIT + 5; i++)
      emitEvent(events, { type: 'track', event: 'x' })
    emitEvent(events, { type: 'sdk', event: 'disconnect' })
    stop()
    emitEvent(events, { type: 'sdk', event: 'disconnect' })
    expect(seen).toEqual(['disconnect'])
    expect(events.getState().history).toHaveLength(EVENT_HISTORY_LIMIT)
  })
})

describe('options store', () => {
  it('has the defaults of docs/behaviour.md#limits', () => {
    const { options } = createStores()
    expect(options.getState()).toMatchObject({
      enableReconnect: true,
      allowUnsupportedChain: false,
      features: { email: true, activity: true, multiWallet: false, pay: false, send: true },
    })
  })
})

describe('connector list rules', () => {
  const browserWallet: Connector = {
    id: 'injected',
    name: 'Browser Wallet',
    type: 'INJECTED',
    chain: 'eip155',
  }
  const trust: Connector = {
    id: 'com.trustwallet.app',
    name: 'Trust Wallet',
    type: 'ANNOUNCED',
    chain: 'eip155',
    info: { rdns: 'com.trustwallet.app' },
  }
  const rabby: Connector = {
    id: 'io.rabby',
    name: 'Rabby Wallet',
    type: 'ANNOUNCED',
    chain: 'eip155',
    info: { rdns: 'io.rabby' },
  }
  const base = { isMobile: false, excludeWalletRdns: [], excludeWalletNames: [] }

  it("shows 'Trust Wallet' as 'Trust'", () => {
    expect(applyConnectorRules([trust], base).map((c) => c.name)).toEqual(['Trust'])
  })

  it("hides the generic 'Browser Wallet' on desktop when none is detected", () => {
    expect(applyConnectorRules([browserWallet], base)).toEqual([])
    expect(applyConnectorRules([{ ...browserWallet, provider: {} }], base)).toHaveLength(1)
    expect(applyConnectorRules([browserWallet], { ...base, isMobile: true })).toHaveLength(1)
  })

  it('hides wallets excluded by rdns or by name', () => {
    expect(
      applyConnectorRules([trust, rabby], { ...base, excludeWalletRdns: ['IO.RABBY'] }).map(
        (c) => c.id,
      ),
    ).toEqual(['com.trustwallet.app'])
    expect(
      applyConnectorRules([trust, rabby], { ...base, excludeWalletNames: ['trust wallet'] }).map(
        (c) => c.id,
      ),
    ).toEqual(['io.rabby'])
  })
})
