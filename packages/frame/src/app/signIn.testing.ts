import { JSDOM } from 'jsdom'

/** A document for the frame's views in Node tests (integration tests run without a DOM). */
export function frameRoot(): HTMLElement {
  const dom = new JSDOM('<!doctype html><main id="frame-root"></main>')
  return dom.window.document.getElementById('frame-root') as unknown as HTMLElement
}

/** Types `code` into the frame's code view once it shows, as the visitor would. */
export async function enterCode(root: HTMLElement, code: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs
  const find = () => root.querySelector<HTMLInputElement>('[data-testid="signin-code"]')
  let input = find()
  while (!input) {
    if (Date.now() > deadline) throw new Error('The code view did not show')
    await new Promise((resolve) => setTimeout(resolve, 20))
    input = find()
  }
  input.value = code
  root.querySelector('form')!.requestSubmit()
}
