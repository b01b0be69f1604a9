import { describe, expect, it, vi } from 'vitest'
import { createApprovalUi } from './approve.js'

function setup() {
  const root = document.createElement('main')
  document.body.replaceChildren(root)
  const visibility = { show: vi.fn(), hide: vi.fn() }
  return { root, visibility, ui: createApprovalUi(root, visibility) }
}

const request = {
  method: 'personal_sign',
  origin: 'http://localhost:5173',
  dappName: 'Dapp',
  details: [['Message', '<img src=x onerror="alert(1)">']] as [string, string][],
}

describe('approval UI', () => {
  it('asks the page to show the frame, renders details as text, resolves on Approve', async () => {
    const { root, visibility, ui } = setup()
    const answer = ui.approve(request)
    await vi.waitFor(() => expect(visibility.show).toHaveBeenCalled())
    expect(root.querySelector('[data-view="ApproveTransaction"] h1')?.textContent).toBe(
      'Sign message',
    )
    expect(root.querySelector('img')).toBeNull()
    expect(root.querySelector('dd')?.textContent).toBe('<img src=x onerror="alert(1)">')
    root.querySelector<HTMLButtonElement>('[data-testid="approve"]')!.click()
    expect(await answer).toBe(true)
    expect(visibility.hide).toHaveBeenCalled()
    expect(root.children).toHaveLength(0)
  })

  it('resolves false on Reject and on abort, one request at a time', async () => {
    const { root, ui } = setup()
    const first = ui.approve(request)
    const controller = new AbortController()
    const second = ui.approve({ ...request, method: 'eth_sendTransaction' }, controller.signal)
    await vi.waitFor(() => expect(root.querySelectorAll('[data-view]')).toHaveLength(1))
    root.querySelector<HTMLButtonElement>('[data-testid="reject"]')!.click()
    expect(await first).toBe(false)
    await vi.waitFor(() => expect(root.querySelector('h1')?.textContent).toBe('Send transaction'))
    controller.abort()
    expect(await second).toBe(false)
  })
})
