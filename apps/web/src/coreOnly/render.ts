import type { Connector, TransactionsState } from '@latch/core'

/** One button per wallet; a click asks that wallet to connect. */
export function renderWallets(
  list: HTMLUListElement,
  connectors: Connector[],
  connect: (connectorId: string) => void,
): void {
  list.replaceChildren(
    ...connectors.map((connector) => {
      const button = document.createElement('button')
      button.type = 'button'
      button.textContent = connector.name
      button.addEventListener('click', () => connect(connector.id))
      const item = document.createElement('li')
      item.append(button)
      return item
    }),
  )
}

/** The history's rows, newest first, each with its hash; the status says loading, empty or failed. */
export function renderHistory(
  list: HTMLUListElement,
  status: HTMLElement,
  state: TransactionsState,
): void {
  status.textContent = state.loading
    ? 'Loading…'
    : (state.error ?? (state.empty ? 'No transactions yet.' : ''))
  list.replaceChildren(
    ...state.transactions.map((transaction) => {
      const item = document.createElement('li')
      item.dataset.testid = 'core-history-row'
      item.dataset.txHash = transaction.metadata.hash
      item.textContent = `${transaction.metadata.minedAt} ${transaction.metadata.operationType} ${transaction.metadata.hash}`
      return item
    }),
  )
}
