import { openModal } from '@latch/core'
import { act, cleanup, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { mount, TestAuth, view } from './authDouble.testing.js'

afterEach(cleanup)

/** The connector double, telling the page what the real one hears from the frame (onApproval). */
class ApprovingAuth extends TestAuth {
  private approvalListeners = new Set<(pending: boolean) => void>()
  onApproval(listener: (pending: boolean) => void) {
    this.approvalListeners.add(listener)
    return () => this.approvalListeners.delete(listener)
  }
  /** What the frame tells; resolves once the modal's watcher (a chunk of its own) has acted. */
  async frameShowsApproval(pending: boolean) {
    await act(async () => {
      for (const listener of this.approvalListeners) listener(pending)
      // The watcher's `then` was queued first on this same module: it has run when this resolves.
      await import('../modal/watchApproval.js')
    })
  }
}

describe('ApproveTransaction', () => {
  it('opens the modal while the frame shows an approval the app asked for, and closes after', async () => {
    const auth = new ApprovingAuth()
    const { client, dialog } = await mount({ auth })
    const router = client.stores.router
    act(() => router.setState({ open: false }))
    await auth.frameShowsApproval(true)
    const shown = await within(document.body).findByTestId('view-approve-transaction')
    expect(router.getState()).toMatchObject({ open: true, route: { view: 'ApproveTransaction' } })
    expect(within(shown).getByRole('status').textContent).toContain('Approve in the secure window')
    // Nothing in the page's view can decide in the visitor's name.
    expect(within(shown).queryAllByRole('button')).toEqual([])
    await auth.frameShowsApproval(false)
    expect(router.getState().open).toBe(false)
    expect(dialog.isConnected).toBe(false)
  })

  it('is pushed on the open view and goes back to it once the frame is done', async () => {
    const auth = new ApprovingAuth()
    const { client, dialog } = await mount({ auth })
    act(() => openModal(client.stores.router, 'Networks'))
    await auth.frameShowsApproval(true)
    await within(dialog).findByTestId('view-approve-transaction')
    expect(within(dialog).getByRole('heading', { level: 2 }).textContent).toBe('Approve')
    await auth.frameShowsApproval(false)
    await waitFor(() => expect(view(dialog)).toBe('Networks'))
    expect(client.stores.router.getState().open).toBe(true)
  })

  it('leaves a view that asked the wallet itself on screen, with its own wait', async () => {
    const auth = new ApprovingAuth()
    const { client, dialog } = await mount({ auth })
    for (const view of ['WalletSendPreview', 'SIWXSignMessage', 'RegisterAccountName'] as const) {
      act(() => openModal(client.stores.router, view))
      await auth.frameShowsApproval(true)
      expect(client.stores.router.getState().history.map((r) => r.view)).toEqual([view])
      await auth.frameShowsApproval(false)
      expect(client.stores.router.getState()).toMatchObject({ open: true, route: { view } })
    }
    expect(within(dialog).queryByTestId('view-approve-transaction')).toBeNull()
  })

  it('leaves the modal alone at the end when the visitor already went elsewhere', async () => {
    const auth = new ApprovingAuth()
    const { client, dialog } = await mount({ auth })
    await auth.frameShowsApproval(true)
    await within(dialog).findByTestId('view-approve-transaction')
    act(() => openModal(client.stores.router, 'Account'))
    await auth.frameShowsApproval(false)
    expect(client.stores.router.getState()).toMatchObject({
      open: true,
      route: { view: 'Account' },
    })
  })
})
