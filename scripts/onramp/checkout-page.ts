/** The sandbox's pages: plain HTML, no script, nothing loaded from elsewhere. */

const esc = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title>
<style>body{font:15px system-ui,sans-serif;max-width:380px;margin:40px auto;padding:0 16px;color:#141414}
h1{font-size:20px}.box{border:1px solid #ddd;border-radius:12px;padding:16px}label{display:block;margin:12px 0 4px}
input{width:100%;box-sizing:border-box;padding:10px;border:1px solid #bbb;border-radius:8px;font:inherit}
button{margin-top:16px;width:100%;padding:12px;border:0;border-radius:8px;background:#7d00ff;color:#fff;font:inherit;cursor:pointer}
.note{color:#666;font-size:13px}.error{color:#b00020}.ok{color:#0a7d32}</style></head><body>
<p class="note">MoonPay sandbox · development only · no real money</p>${body}</body></html>`
}

export interface CheckoutView {
  fiatAmount: string
  fiatCurrency: string
  cryptoAmount: string
  asset: string
  walletAddress: string
  signedQuery: string
  error?: string
}

export function checkoutPage(v: CheckoutView): string {
  return page(
    'Checkout',
    `<h1>Buy ${esc(v.asset)}</h1><div class="box">
<p>You pay <strong>${esc(v.fiatAmount)} ${esc(v.fiatCurrency)}</strong> and get about <strong>${esc(v.cryptoAmount)} ${esc(v.asset)}</strong></p>
<p class="note">to ${esc(v.walletAddress)}</p>
${v.error ? `<p class="error" role="alert">${esc(v.error)}</p>` : ''}
<form method="post" action="/checkout">
<input type="hidden" name="q" value="${esc(v.signedQuery)}">
<label for="card">Card number</label>
<input id="card" name="card" inputmode="numeric" autocomplete="off" placeholder="4242 4242 4242 4242" required>
<label for="expiry">Expiry</label><input id="expiry" name="expiry" placeholder="12/34" value="12/34">
<label for="cvc">CVC</label><input id="cvc" name="cvc" placeholder="123" value="123">
<button type="submit">Pay ${esc(v.fiatAmount)} ${esc(v.fiatCurrency)}</button>
</form>
<p class="note">Test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined.</p></div>`,
  )
}

export function resultPage(
  outcome: 'completed' | 'failed',
  detail: { asset: string; cryptoAmount: string; txHash?: string; reason?: string },
): string {
  return outcome === 'completed'
    ? page(
        'Payment complete',
        `<h1 class="ok">Payment complete</h1><div class="box"><p>${esc(detail.cryptoAmount)} ${esc(detail.asset)} sent.</p><p class="note">Transaction ${esc(detail.txHash ?? '')}</p><p>You can close this window.</p></div>`,
      )
    : page(
        'Payment declined',
        `<h1 class="error">Payment declined</h1><div class="box"><p>${esc(detail.reason ?? 'Declined')}</p><p>Nothing was charged and nothing was sent. You can close this window.</p></div>`,
      )
}

export function errorPage(message: string): string {
  return page('Sandbox error', `<h1 class="error">Cannot check out</h1><p>${esc(message)}</p>`)
}
