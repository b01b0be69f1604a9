import { ensureStyles } from './useTheme.js'

// The account actions' styles (tokens, send, receive): injected by those views, so the modal's
// first paint carries none of them.
const walletCss = `
.latch-mono { font-family: ui-monospace, 'SF Mono', Menlo, monospace; overflow-wrap: anywhere; }
.latch-tokens { display: grid; gap: 0.2em; }
.latch-tokens-empty { margin: 0; color: var(--latch-fg-2); }
.latch-token-list { list-style: none; margin: 0; padding: 0; display: grid; gap: 0.2em; }
.latch-token { display: flex; align-items: center; gap: 0.7em; padding: 0.5em 0.2em; }
.latch-token-name { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.latch-token-amount { font-variant-numeric: tabular-nums; font-weight: 600; text-align: end; }
.latch-receive { justify-items: center; text-align: center; }
.latch-qr { width: min(15em, 70vw); height: auto; border-radius: 0.6em; border: 1px solid var(--latch-border); }
.latch-qr--placeholder { aspect-ratio: 1; display: grid; place-items: center; background: var(--latch-bg-2); }
.latch-walletconnect { gap: 0.8em; }
.latch-walletconnect-outcome { display: grid; gap: 0.5em; justify-items: center; }
.latch-walletconnect-basic .latch-list-item[aria-disabled] { opacity: 0.5; pointer-events: none; }
.latch-receive-address { display: grid; gap: 0.5em; justify-items: center; }
.latch-receive-address p { margin: 0; }
.latch-copy-button { display: inline-flex; align-items: center; gap: 0.4em; }
.latch-receive-warning { margin: 0; color: var(--latch-fg-2); }
.latch-receive-networks { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: 0.4em; justify-content: center; }
.latch-receive-networks li { padding: 0.2em 0.7em; border-radius: 1em; background: var(--latch-bg-2); border: 1px solid var(--latch-border); }
.latch-amount-row { display: flex; gap: 0.5em; }
.latch-amount-row .latch-input { flex: 1; min-width: 0; }
.latch-select { appearance: auto; }
.latch-name-suffix { align-self: center; color: var(--latch-fg-2); }
.latch-review { margin: 0; display: grid; gap: 0.5em; }
.latch-review div { display: flex; justify-content: space-between; gap: 1em; align-items: baseline; }
.latch-review dt { color: var(--latch-fg-2); }
.latch-review dd { margin: 0; text-align: end; font-weight: 600; overflow-wrap: anywhere; min-width: 0; }
.latch-send-status { margin: 0; font-weight: 600; }
.latch-send-status[data-status='confirmed'] { color: var(--latch-success, #1a7f37); }
.latch-send-status[data-status='failed'], .latch-send-status[data-status='rejected'] { color: var(--latch-error); }
`

export function ensureWalletStyles(): void {
  ensureStyles('wallet', walletCss)
}
