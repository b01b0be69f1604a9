import { act, cleanup, render } from '@testing-library/react'
import { useRef } from 'react'
import { createPortal } from 'react-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useFocusTrap } from './useFocusTrap.js'

// jsdom lays nothing out: every element would count as hidden. Here each one has a box.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'getClientRects').mockReturnValue([
    new DOMRect(0, 0, 10, 10),
  ] as unknown as DOMRectList)
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

function Dialog({ onEscape }: { onEscape: () => void }) {
  const ref = useRef<HTMLDivElement>(null)
  useFocusTrap(ref, true, onEscape)
  // Appended to the body beside the page, as the modal is.
  return createPortal(
    <div ref={ref} role="dialog" tabIndex={-1} className="latch-root">
      <button type="button" data-latch-skip-autofocus="true">
        Back
      </button>
      <input aria-label="Email" />
      <button type="button">Continue</button>
    </div>,
    document.body,
  )
}

function Page({ open, onEscape = () => {} }: { open: boolean; onEscape?: () => void }) {
  return (
    <>
      <button type="button">Open</button>
      {open ? <Dialog onEscape={onEscape} /> : null}
    </>
  )
}

/** The frame after the commit, then the task after it: when the trap moves focus in. */
const afterFrame = () =>
  act(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))))

function setup() {
  const view = render(<Page open={false} />)
  const opener = view.getByRole('button', { name: 'Open' })
  opener.focus()
  return { view, opener, page: view.container }
}

describe('useFocusTrap', () => {
  it('makes the page inert in the commit that opens, and moves focus in after the first frame', async () => {
    const { view, opener, page } = setup()
    view.rerender(<Page open />)
    // The commit that shows the dialog makes the page behind inert; focus has not moved yet, so
    // the click's task does not pay for style, layout and the field's focus set-up.
    expect(page.hasAttribute('inert')).toBe(true)
    expect(document.activeElement).toBe(opener)
    await afterFrame()
    // The first control not marked to be skipped: the email field, not Back.
    expect(document.activeElement).toBe(view.getByRole('textbox', { name: 'Email' }))
  })

  it('takes Tab and Escape before focus has moved in', () => {
    const onEscape = vi.fn()
    const { view } = setup()
    view.rerender(<Page open onEscape={onEscape} />)
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true }))
    // Tab from outside lands on the dialog's first control.
    expect(document.activeElement).toBe(view.getByRole('button', { name: 'Back' }))
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))
    expect(onEscape).toHaveBeenCalledTimes(1)
  })

  it('closed before its first frame, it leaves focus with the opener and the page live', async () => {
    const { view, opener, page } = setup()
    view.rerender(<Page open />)
    view.rerender(<Page open={false} />)
    await afterFrame()
    await afterFrame()
    expect(document.activeElement).toBe(opener)
    expect(page.hasAttribute('inert')).toBe(false)
  })

  it('gives focus back to the opener on close', async () => {
    const { view, opener } = setup()
    view.rerender(<Page open />)
    await afterFrame()
    expect(document.activeElement).not.toBe(opener)
    view.rerender(<Page open={false} />)
    expect(document.activeElement).toBe(opener)
  })
})
