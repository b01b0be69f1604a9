// A page that uses @latch/core alone, no React (issue 31): `createLatch` builds the stores,
// controller, API client and history; `mount()` starts the watchers; the page draws the state.
// Served by the dev server at /core-only.html; not an input of the web app's build.
import { activeAccountState, bindHistory, createDevNetwork, createLatch } from '@latch/core'
import { createEvmAdapter } from '@latch/core/evm'
import { chainRpcUrl, projectId, serverUrl } from '../env'
import { renderHistory, renderWallets } from './render'

const network = createDevNetwork(chainRpcUrl)
const adapter = createEvmAdapter({ networks: [network] })
const latch = createLatch(
  { projectId, serverUrl, adapters: [adapter] },
  { sdkType: 'latch', sdkVersion: 'core-only-0.1.0' },
)

const byTestId = <E extends HTMLElement>(id: string) =>
  document.querySelector(`[data-testid="${id}"]`) as E
const wallets = byTestId<HTMLUListElement>('core-wallets')
const account = byTestId<HTMLOutputElement>('core-account')
const more = byTestId<HTMLButtonElement>('core-history-more')

const connectedAddress = () => {
  const state = activeAccountState(latch.stores.chain.getState())
  return state?.status === 'connected' ? state.address : undefined
}

function drawWallets() {
  const connectors = latch.stores.connectors
    .getState()
    .connectors.filter((connector) => connector.chain === adapter.namespace)
  renderWallets(wallets, connectors, (connectorId) => {
    latch.controller
      .connect({ namespace: adapter.namespace, connectorId })
      .catch((error: unknown) => {
        account.textContent = `not connected (${(error as Error).message})`
      })
  })
}

function drawAccount() {
  const address = connectedAddress()
  account.textContent = address ?? 'not connected'
  // The first list binds the history; from then on the history watcher follows the account.
  if (address && latch.history.getState().boundTo === undefined)
    bindHistory(
      latch.history,
      address,
      latch.stores.chain.getState().activeCaipNetwork?.caipNetworkId,
    )
}

function drawHistory() {
  const state = latch.history.getState()
  renderHistory(byTestId('core-history'), byTestId('core-history-status'), state)
  more.hidden = !state.next || state.loading
}

more.addEventListener('click', () => {
  const address = connectedAddress()
  const caipNetworkId = latch.stores.chain.getState().activeCaipNetwork?.caipNetworkId
  if (address) latch.history.fetchTransactions(address, caipNetworkId).catch(() => {})
})
latch.stores.connectors.subscribe(drawWallets)
latch.stores.chain.subscribe(drawAccount)
latch.history.subscribe(drawHistory)
latch.mount()
drawWallets()
void latch.initialize()
