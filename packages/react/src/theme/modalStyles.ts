/**
 * The modal's stylesheet; it ships in the modal's chunk, not with the button. Written without the
 * optional spaces (after `:` and `;`, around braces): the string ships as it is written, and they
 * cost 60 bytes of gzip in a chunk fetched before the first click.
 */
export const modalStyles = `
.latch-overlay{
  position:fixed;inset:0;z-index:var(--latch-z-index);
  background:rgba(0, 0, 0, 0.45);display:flex;align-items:center;justify-content:center;
  padding:1em;overflow-y:auto
}
.latch-overlay--inline{position:static;background:transparent;padding:0;display:block}
.latch-modal{
  width:360px;max-width:100%;max-height:calc(100vh - 2em);display:flex;flex-direction:column;
  background:var(--latch-bg);color:var(--latch-fg);
  border:1px solid var(--latch-border);
  border-radius:calc(var(--latch-border-radius-master) * 8);
  box-shadow:0 1em 3em rgba(0, 0, 0, 0.25);outline:none;
  font-family:system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif
}
.latch-modal-header{
  display:grid;grid-template-columns:3.2em 1fr 3.2em;align-items:center;
  padding:1em 1em 0.6em
}
.latch-modal-title{margin:0;text-align:center;font-size:1.15em;font-weight:600;outline:none}
.latch-modal-body{padding:0.4em 1.2em 1.4em;overflow-y:auto}
.latch-icon-spacer{width:3.2em}
.latch-icon-button{
  font:inherit;width:3.2em;height:3.2em;border-radius:50%;border:0;cursor:pointer;
  background:transparent;color:var(--latch-fg);display:inline-grid;place-items:center
}
.latch-icon-button:hover{background:var(--latch-bg-2)}
.latch-view{display:grid;gap:0.8em}
.latch-section-title{font-size:0.9em;font-weight:600;color:var(--latch-fg-2);margin:0.6em 0 0.4em}
.latch-list{list-style:none;margin:0;padding:0;display:grid;gap:0.4em}
.latch-list-item{
  font:inherit;color:var(--latch-fg);text-decoration:none;cursor:pointer;width:100%;
  display:flex;align-items:center;gap:0.9em;text-align:left;
  padding:0.7em 0.9em;min-height:4.4em;border:1px solid transparent;
  border-radius:calc(var(--latch-border-radius-master) * 4);background:var(--latch-bg-2)
}
.latch-list-item:hover{border-color:var(--latch-border)}
.latch-list-item[aria-current='true']{border-color:var(--latch-accent)}
.latch-root a:focus-visible, .latch-root input:focus-visible, .latch-modal-title:focus-visible{
  outline:2px solid var(--latch-accent);outline-offset:2px
}
.latch-wallet-name{flex:1;font-weight:500}
.latch-chains img{width:1.4em;height:1.4em;border-radius:50%;margin-left:0.2em}
.latch-tag{
  font-size:0.85em;padding:0.2em 0.6em;border-radius:1em;
  background:var(--latch-bg);color:var(--latch-fg-2);border:1px solid var(--latch-border)
}
.latch-wallet-image, .latch-network-image{
  width:2.8em;height:2.8em;border-radius:calc(var(--latch-border-radius-master) * 3);
  object-fit:cover;flex:none
}
.latch-network-image{border-radius:50%;width:2.4em;height:2.4em}
.latch-wallet-image--fallback{
  display:inline-grid;place-items:center;background:var(--latch-border);font-weight:700
}
.latch-wallet-image--large{width:5.6em;height:5.6em;font-size:1.2em}
.latch-hint{color:var(--latch-fg-2);margin:0;text-align:center}
.latch-input{
  font:inherit;width:100%;padding:0.8em 1em;color:var(--latch-fg);
  background:var(--latch-bg-2);border:1px solid var(--latch-border);
  border-radius:calc(var(--latch-border-radius-master) * 4)
}
.latch-input::placeholder{color:var(--latch-fg-2)}
.latch-input[aria-invalid='true']{border-color:var(--latch-error)}
.latch-input[readonly]{opacity:0.75}
.latch-form{display:grid;gap:0.6em;margin:0}
.latch-label{font-weight:600}
.latch-field-hint{margin:0;color:var(--latch-fg-2);font-size:0.95em}
.latch-field-error{margin:0;color:var(--latch-error);font-weight:500}
.latch-primary-button{
  font:inherit;font-weight:600;cursor:pointer;width:100%;min-height:3.2em;
  padding:0.6em 1.4em;border:1px solid transparent;
  border-radius:calc(var(--latch-border-radius-master) * 4);
  background:var(--latch-accent);color:#fff;
  display:inline-flex;align-items:center;justify-content:center;gap:0.6em
}
.latch-primary-button:disabled{cursor:progress;opacity:0.8}
.latch-link-button{
  font:inherit;font-weight:600;cursor:pointer;justify-self:center;min-height:2.4em;
  padding:0.3em 0.8em;border:0;border-radius:calc(var(--latch-border-radius-master) * 2);
  background:transparent;color:var(--latch-fg);text-decoration:underline
}
.latch-link-button:disabled{cursor:default;color:var(--latch-fg-2)}
.latch-spinner--small{width:1em;height:1em;border-width:2px;vertical-align:-0.15em}
.latch-primary-button .latch-spinner{border-color:rgba(255, 255, 255, 0.45);border-top-color:#fff}
.latch-separator{
  display:flex;align-items:center;gap:0.8em;margin:0.2em 0;
  color:var(--latch-fg-2);font-size:0.95em
}
.latch-separator::before, .latch-separator::after{
  content:'';flex:1;border-top:1px solid var(--latch-border)
}
.latch-socials{display:grid;grid-template-columns:repeat(auto-fit, minmax(7.5em, 1fr));gap:0.5em}
.latch-socials .latch-secondary-button{margin:0}
.latch-email-view{text-align:center}
.latch-email-view .latch-label{font-weight:500}
.latch-email-view .latch-field-error{text-align:center}
.latch-email-title{font-weight:600;font-size:1.1em;margin:0}
.latch-otp-input{
  text-align:center;font-size:1.6em;letter-spacing:0.4em;padding-left:1.4em;
  font-variant-numeric:tabular-nums;font-family:ui-monospace, 'SF Mono', Menlo, monospace
}
.latch-account-email{
  text-align:center;margin:-0.4em 0 0;color:var(--latch-fg-2);overflow-wrap:anywhere
}
.latch-wallet-scroll{max-height:26em;overflow-y:auto}
.latch-sentinel{height:1px}
.latch-spinner-row{display:flex;justify-content:center;padding:1em}
.latch-spinner{
  width:2em;height:2em;border-radius:50%;display:inline-block;
  border:3px solid var(--latch-border);border-top-color:var(--latch-accent);
  animation:latch-spin 0.8s linear infinite
}
.latch-spinner--ring{position:absolute;inset:-0.6em;width:auto;height:auto;border-width:3px}
@keyframes latch-spin{to{transform:rotate(360deg)}}
@media (prefers-reduced-motion:reduce){.latch-spinner{animation-duration:3s}}
.latch-connecting{justify-items:center;text-align:center;padding:1em 0}
.latch-connecting-visual{position:relative;width:6.7em;height:6.7em;display:grid;place-items:center}
.latch-connecting-title{font-weight:600;margin:0 0 0.3em;font-size:1.1em}
.latch-error-text{color:var(--latch-error)}
.latch-secondary-button{
  font:inherit;font-weight:600;cursor:pointer;padding:0.6em 1.4em;min-height:3.2em;
  border-radius:calc(var(--latch-border-radius-master) * 4);
  background:var(--latch-bg-2);color:var(--latch-fg);border:1px solid var(--latch-border)
}
.latch-account{justify-items:stretch}
.latch-account-identity{display:flex;align-items:center;justify-content:center;gap:0.4em}
.latch-avatar{
  width:2.4em;height:2.4em;border-radius:50%;object-fit:cover;
  background:linear-gradient(135deg, var(--latch-accent), var(--latch-success))
}
.latch-account-name{font-size:1.3em;font-weight:700;margin:0}
.latch-account-balance{text-align:center;color:var(--latch-fg-2);margin:0;font-size:1.1em}
.latch-actions-row{display:grid;grid-template-columns:1fr 1fr;gap:0.6em}
.latch-stack{display:grid;gap:0.4em}
.latch-danger .latch-wallet-name{color:var(--latch-error)}
.latch-activity-view{max-height:60vh;overflow-y:auto}
.latch-snackbar-region{
  position:fixed;left:50%;bottom:1.6em;transform:translateX(-50%);
  z-index:calc(var(--latch-z-index) + 1);background:transparent;pointer-events:none
}
.latch-snackbar{
  pointer-events:auto;display:flex;align-items:center;gap:0.6em;
  padding:0.4em 0.4em 0.4em 1.2em;border-radius:2em;font-weight:500;
  background:var(--latch-bg);color:var(--latch-fg);border:1px solid var(--latch-border);
  box-shadow:0 0.4em 1.6em rgba(0, 0, 0, 0.2)
}
.latch-snackbar--error{border-color:var(--latch-error)}
@media (max-width:420px){
  .latch-overlay:not(.latch-overlay--inline){align-items:flex-end;padding:0}
  .latch-overlay:not(.latch-overlay--inline) .latch-modal{
    border-bottom-left-radius:0;border-bottom-right-radius:0;
 }
}
`
