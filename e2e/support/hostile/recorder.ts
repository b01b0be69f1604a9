import type { Page } from '@playwright/test'

// A hostile script in the dapp page: it records everything a script there can observe — every
// DOM event with the value of its target, every message posted to the window or to any
// MessagePort, every response body its fetch and XMLHttpRequest read, every popup it can reach,
// storage and resource timings — so a spec can show no sign-in secret ever reaches the page.

export interface Recording {
  events: string[]
  messages: string[]
  responses: string[]
  popups: string[]
  storage: string
  resources: string[]
}

/** Installs the recorder before any of the page's own scripts run. */
export async function installRecorder(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const rec: Recording = {
      events: [],
      messages: [],
      responses: [],
      popups: [],
      storage: '',
      resources: [],
    }
    Object.assign(window, { __recording: rec })
    const text = (value: unknown) => {
      try {
        return typeof value === 'string' ? value : JSON.stringify(value)
      } catch {
        return String(value)
      }
    }
    for (const type of ['input', 'change', 'keydown', 'paste', 'submit', 'click', 'focusin']) {
      document.addEventListener(
        type,
        (event) => {
          const target = event.target as { value?: unknown; outerHTML?: string } | null
          const clip = (event as ClipboardEvent).clipboardData?.getData('text') ?? ''
          rec.events.push(
            `${type} ${(event as KeyboardEvent).key ?? ''} ${text(target?.value)} ${clip}`,
          )
        },
        true,
      )
    }
    window.addEventListener('message', (event) => rec.messages.push(text(event.data)), true)
    const onmessage = Object.getOwnPropertyDescriptor(MessagePort.prototype, 'onmessage')!
    Object.defineProperty(MessagePort.prototype, 'onmessage', {
      configurable: true,
      get() {
        return onmessage.get!.call(this)
      },
      set(fn: (event: MessageEvent) => unknown) {
        onmessage.set!.call(this, (event: MessageEvent) => {
          rec.messages.push(text(event.data))
          return fn.call(this, event)
        })
      },
    })
    const realFetch = window.fetch
    window.fetch = async (...args) => {
      const response = await realFetch(...args)
      response
        .clone()
        .text()
        .then((body) => rec.responses.push(body))
        .catch(() => {})
      return response
    }
    const realOpen = XMLHttpRequest.prototype.open
    XMLHttpRequest.prototype.open = function (this: XMLHttpRequest, ...args: unknown[]) {
      this.addEventListener('load', () => rec.responses.push(String(this.responseText)))
      return (realOpen as (...a: unknown[]) => void).apply(this, args)
    } as typeof XMLHttpRequest.prototype.open
    const realWindowOpen = window.open.bind(window)
    window.open = (...args: Parameters<typeof window.open>) => {
      const popup = realWindowOpen(...args)
      // Reads whatever a same-origin-policy-bound script can read of the popup, until it closes.
      const timer = setInterval(() => {
        if (!popup || popup.closed) return clearInterval(timer)
        try {
          rec.popups.push(`${popup.location.href} ${popup.document.body?.innerText ?? ''}`)
        } catch {
          rec.popups.push('(cross-origin)')
        }
      }, 50)
      return popup
    }
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) rec.resources.push(entry.name)
    }).observe({ type: 'resource', buffered: true })
  })
}

/** Everything the hostile script recorded, storage and cookies included, as one string. */
export async function recorded(page: Page): Promise<string> {
  return page.evaluate(() => {
    const rec = (window as unknown as { __recording: Recording }).__recording
    rec.storage = JSON.stringify({
      local: { ...localStorage },
      session: { ...sessionStorage },
      cookie: document.cookie,
      body: document.body.innerHTML,
    })
    return JSON.stringify(rec)
  })
}
