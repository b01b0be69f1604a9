// Hostile pages for the approval attack specs. Each is served with route.fulfill.

/** A foreign origin that frames an allowed page (which embeds the wallet). */
export const FOREIGN_ORIGIN = 'http://foreign-framer.test'

export const framerHtml = (innerUrl: string) => `<!doctype html><html lang="en"><head>
<meta charset="utf-8"><title>Foreign framer</title></head><body>
<h1>Totally legit site</h1>
<iframe id="inner" src="${innerUrl}" style="width:900px;height:700px;border:0"></iframe>
</body></html>`

/**
 * Turns an allowed page that embeds the wallet into a clickjacking trap: the wallet frame is
 * made 1 % opaque, a full-page "Claim" button sits under it, and hovering the button fires
 * `personal_sign` so that the user's click lands on the frame's Approve.
 */
export function armClickjack(request: { method: string; params: unknown[] }) {
  const style = document.createElement('style')
  style.id = 'clickjack'
  style.textContent = 'iframe[data-latch-frame] { opacity: 0.01 !important; }'
  document.head.append(style)
  const bait = document.createElement('button')
  bait.id = 'bait'
  bait.textContent = 'Claim your airdrop'
  Object.assign(bait.style, {
    position: 'fixed',
    inset: '0',
    fontSize: '48px',
    zIndex: '1',
  })
  const w = window as unknown as {
    latch: { request(r: unknown): Promise<unknown> }
    attack?: Promise<unknown>
    attackOutcome?: unknown
  }
  bait.addEventListener(
    'mouseenter',
    () => {
      w.attack = w.latch.request(request).then(
        (value) => (w.attackOutcome = { value }),
        (e: { message: string; code?: number }) =>
          (w.attackOutcome = { error: { message: e.message, code: e.code } }),
      )
    },
    { once: true },
  )
  document.body.append(bait)
}
