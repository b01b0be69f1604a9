import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ApprovalView } from '../decode/view.js'
import { APPROVE_DELAY_MS, type ApprovalRequest, createApprovalUi } from './approve.js'

/**
 * A stand-in for the browser's IntersectionObserver (jsdom has none) that the test drives:
 * `report` delivers an entry as Chromium would for the frame's view.
 */
class FakeObserver {
  static last: FakeObserver | undefined
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit & { trackVisibility?: boolean },
  ) {
    FakeObserver.last = this
  }
  observe() {}
  disconnect() {}
  report(entry: { ratio: number; isVisible?: boolean }) {
    this.callback(
      [
        {
          isIntersecting: entry.ratio > 0,
          intersectionRatio: entry.ratio,
          isVisible: entry.isVisible,
        } as unknown as IntersectionObserverEntry,
      ],
      this as unknown as IntersectionObserver,
    )
  }
}

function setup({ observer = false, v2 = false } = {}) {
  if (observer) {
    vi.stubGlobal('IntersectionObserver', FakeObserver)
    class Entry {}
    if (v2) Object.defineProperty(Entry.prototype, 'isVisible', { value: false })
    vi.stubGlobal('IntersectionObserverEntry', Entry)
  }
  const root = document.createElement('main')
  document.body.replaceChildren(root)
  const visibility = { show: vi.fn(), hide: vi.fn() }
  return { root, visibility, ui: createApprovalUi(root, visibility) }
}

const view: ApprovalView = {
  title: 'Sign message',
  dangers: ['Likely phishing: this is a test.'],
  summary: ['Sign in to app.example'],
  sections: [
    {
      title: 'Message',
      fields: [
        { label: 'Message', value: '<img src=x onerror="alert(1)">' },
        { label: 'Nested', children: [{ label: 'inner', value: 'deep value', mono: true }] },
      ],
    },
  ],
  raw: { label: 'Raw bytes (hex)', text: '0x3c696d67' },
}
const request: ApprovalRequest = {
  method: 'personal_sign',
  origin: 'http://localhost:5173',
  dappName: 'Uniswap',
  view,
}
const button = (root: HTMLElement, id: string) =>
  root.querySelector<HTMLButtonElement>(`[data-testid="${id}"]`)!

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('approval UI', () => {
  it('shows the verified origin first, the page-given name as its claim, dangers, and text only', async () => {
    const { root, visibility, ui } = setup()
    void ui.approve(request)
    await vi.waitFor(() => expect(visibility.show).toHaveBeenCalled())
    const section = root.querySelector('[data-view="ApproveTransaction"]')!
    expect(section.firstElementChild?.textContent).toBe(
      'Request from http://localhost:5173 (verified by the wallet)',
    )
    expect(root.querySelector('[data-testid="dapp-claim"]')?.textContent).toBe(
      'The page calls itself “Uniswap” (its own claim, not verified).',
    )
    expect(root.querySelector('[role="alert"]')?.textContent).toBe(
      'Likely phishing: this is a test.',
    )
    expect(root.querySelector('img')).toBeNull()
    expect(root.textContent).toContain('<img src=x onerror="alert(1)">')
    expect(root.textContent).toContain('deep value')
    expect(root.querySelector('details.raw pre')?.textContent).toBe('0x3c696d67')
  })

  it('starts with focus on Reject and Approve disabled for 500 ms', async () => {
    vi.useFakeTimers()
    const { root, ui } = setup()
    const answer = ui.approve(request)
    await vi.advanceTimersByTimeAsync(0)
    expect(document.activeElement).toBe(button(root, 'reject'))
    const approve = button(root, 'approve')
    expect(approve.disabled).toBe(true)
    approve.click()
    await vi.advanceTimersByTimeAsync(APPROVE_DELAY_MS - 1)
    expect(approve.disabled).toBe(true)
    approve.click()
    await vi.advanceTimersByTimeAsync(1)
    expect(approve.disabled).toBe(false)
    approve.click()
    expect(await answer).toBe(true)
  })

  it('a new request restarts the wait', async () => {
    vi.useFakeTimers()
    const { root, ui } = setup()
    const first = ui.approve(request)
    const second = ui.approve({ ...request, method: 'eth_sendTransaction' })
    await vi.advanceTimersByTimeAsync(APPROVE_DELAY_MS)
    button(root, 'approve').click()
    expect(await first).toBe(true)
    await vi.advanceTimersByTimeAsync(0)
    expect(root.querySelector('[data-method="eth_sendTransaction"]')).not.toBeNull()
    expect(button(root, 'approve').disabled).toBe(true)
    await vi.advanceTimersByTimeAsync(APPROVE_DELAY_MS)
    expect(button(root, 'approve').disabled).toBe(false)
    button(root, 'reject').click()
    expect(await second).toBe(false)
  })

  it('counts only time fully visible; partly hidden disarms', async () => {
    vi.useFakeTimers()
    const { root, ui } = setup({ observer: true })
    void ui.approve(request)
    await vi.advanceTimersByTimeAsync(APPROVE_DELAY_MS * 4)
    const approve = button(root, 'approve')
    expect(approve.disabled).toBe(true)
    FakeObserver.last!.report({ ratio: 1 })
    await vi.advanceTimersByTimeAsync(APPROVE_DELAY_MS - 100)
    FakeObserver.last!.report({ ratio: 0.5 })
    await vi.advanceTimersByTimeAsync(APPROVE_DELAY_MS)
    expect(approve.disabled).toBe(true)
    FakeObserver.last!.report({ ratio: 1 })
    await vi.advanceTimersByTimeAsync(APPROVE_DELAY_MS)
    expect(approve.disabled).toBe(false)
  })

  it('moves focus back to Reject once the frame is shown (a hidden frame takes no focus)', async () => {
    const { root, ui } = setup({ observer: true })
    void ui.approve(request)
    await vi.waitFor(() => expect(root.querySelector('[data-view]')).not.toBeNull())
    const outside = document.createElement('button')
    document.body.append(outside)
    outside.focus()
    FakeObserver.last!.report({ ratio: 1 })
    expect(document.activeElement).toBe(button(root, 'reject'))
    // Focus the user moved inside the view stays where it is.
    button(root, 'approve').removeAttribute('disabled')
    button(root, 'approve').focus()
    FakeObserver.last!.report({ ratio: 1 })
    expect(document.activeElement).toBe(button(root, 'approve'))
    button(root, 'reject').click()
  })

  it('with trackVisibility, an obscured or faded frame keeps Approve disabled', async () => {
    vi.useFakeTimers()
    const { root, ui } = setup({ observer: true, v2: true })
    const answer = ui.approve(request)
    await vi.advanceTimersByTimeAsync(0)
    expect(FakeObserver.last!.options).toMatchObject({ trackVisibility: true, delay: 100 })
    FakeObserver.last!.report({ ratio: 1, isVisible: false })
    await vi.advanceTimersByTimeAsync(APPROVE_DELAY_MS * 4)
    const approve = button(root, 'approve')
    expect(approve.disabled).toBe(true)
    FakeObserver.last!.report({ ratio: 1, isVisible: true })
    await vi.advanceTimersByTimeAsync(APPROVE_DELAY_MS)
    expect(approve.disabled).toBe(false)
    // Faded again (the page set opacity): disabled at once.
    FakeObserver.last!.report({ ratio: 1, isVisible: false })
    expect(approve.disabled).toBe(true)
    approve.click()
    button(root, 'reject').click()
    expect(await answer).toBe(false)
  })

  it('resolves false on Reject and on abort, one request at a time', async () => {
    const { root, ui } = setup()
    const first = ui.approve(request)
    const controller = new AbortController()
    const second = ui.approve({ ...request, method: 'eth_sendTransaction' }, controller.signal)
    await vi.waitFor(() => expect(root.querySelectorAll('[data-view]')).toHaveLength(1))
    button(root, 'reject').click()
    expect(await first).toBe(false)
    await vi.waitFor(() =>
      expect(root.querySelector('[data-method="eth_sendTransaction"]')).not.toBeNull(),
    )
    controller.abort()
    expect(await second).toBe(false)
  })
})

describe('email change confirmation', () => {
  const change = {
    origin: 'http://localhost:5173',
    from: 'ada@example.com',
    to: 'mallory@evil.example',
  }

  it('names both addresses, focuses Cancel and holds Confirm for 500 ms', async () => {
    vi.useFakeTimers()
    const { root, visibility, ui } = setup()
    const answer = ui.confirmEmailChange(change)
    await vi.advanceTimersByTimeAsync(0)
    const view = root.querySelector('[data-view="ConfirmEmailChange"]')!
    expect(view.querySelector('h1')?.textContent).toBe(
      'Change sign-in email from ada@example.com to mallory@evil.example',
    )
    expect(view.firstElementChild?.textContent).toBe(
      'Request from http://localhost:5173 (verified by the wallet)',
    )
    expect(visibility.show).toHaveBeenCalled()
    expect(document.activeElement).toBe(button(root, 'cancel'))
    const confirm = button(root, 'confirm')
    confirm.click()
    await vi.advanceTimersByTimeAsync(APPROVE_DELAY_MS - 1)
    expect(confirm.disabled).toBe(true)
    await vi.advanceTimersByTimeAsync(1)
    confirm.click()
    expect(await answer).toBe(true)
    expect(root.querySelector('[data-view]')).toBeNull()
    expect(visibility.hide).toHaveBeenCalled()
  })

  it('with trackVisibility, a faded frame keeps Confirm disabled; Cancel resolves false', async () => {
    vi.useFakeTimers()
    const { root, ui } = setup({ observer: true, v2: true })
    const answer = ui.confirmEmailChange(change)
    await vi.advanceTimersByTimeAsync(0)
    FakeObserver.last!.report({ ratio: 1, isVisible: false })
    await vi.advanceTimersByTimeAsync(APPROVE_DELAY_MS * 4)
    expect(button(root, 'confirm').disabled).toBe(true)
    button(root, 'confirm').click()
    button(root, 'cancel').click()
    expect(await answer).toBe(false)
  })

  it('waits its turn behind an approval and shows addresses as text only', async () => {
    const { root, ui } = setup()
    const first = ui.approve(request)
    const second = ui.confirmEmailChange({ ...change, to: '"<img src=x onerror=alert(1)>"@x.io' })
    await vi.waitFor(() => expect(root.querySelectorAll('[data-view]')).toHaveLength(1))
    expect(root.querySelector('[data-view="ConfirmEmailChange"]')).toBeNull()
    button(root, 'reject').click()
    expect(await first).toBe(false)
    await vi.waitFor(() =>
      expect(root.querySelector('[data-view="ConfirmEmailChange"]')).not.toBeNull(),
    )
    expect(root.querySelector('img')).toBeNull()
    expect(root.textContent).toContain('"<img src=x onerror=alert(1)>"@x.io')
    button(root, 'cancel').click()
    expect(await second).toBe(false)
  })
})
