/**
 * Latch's stylesheet as text: injected at run time by default, and written to
 * `dist/styles.css` at build time for apps that load CSS themselves (a strict CSP).
 * docs/behaviour.md#views defaults: font size master 10px, border radius master 4px, z-index 999,
 * color-mix strength 0%. Each is a custom property an app overrides through themeVariables.
 */
export const themeDefaults = {
  '--latch-font-size-master': '10px',
  '--latch-border-radius-master': '4px',
  '--latch-z-index': '999',
  '--latch-color-mix': '#000',
  '--latch-color-mix-strength': '0%',
  '--latch-accent': '#2b59d9',
} as const

export type ThemeVariables = Partial<Record<keyof typeof themeDefaults, string>>

export const latchStyles = `
.latch-root, .latch-root * { box-sizing: border-box; }
.latch-root {
  font-size: calc(var(--latch-font-size-master) * 1.4);
  color: var(--latch-fg);
  background: var(--latch-bg);
}
.latch-root[data-theme='light'] {
  --latch-bg: color-mix(in srgb, #ffffff, var(--latch-color-mix) var(--latch-color-mix-strength));
  --latch-bg-2: #f3f4f6;
  --latch-fg: #141414;
  --latch-fg-2: #4b5563;
  --latch-border: #e5e7eb;
  --latch-success: #1b7f3b;
  --latch-error: #b3261e;
  --latch-warning: #8a5a00;
}
.latch-root[data-theme='dark'] {
  --latch-bg: color-mix(in srgb, #141414, var(--latch-color-mix) var(--latch-color-mix-strength));
  --latch-bg-2: #1f2125;
  --latch-fg: #f3f4f6;
  --latch-fg-2: #b4bac4;
  --latch-border: #2c2f36;
  --latch-success: #5fd68a;
  --latch-error: #ff8a80;
  --latch-warning: #f5c26b;
}
.latch-visually-hidden {
  position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0;
  overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0;
}
.latch-activity-month {
  font-size: 1em; font-weight: 600; color: var(--latch-fg-2);
  margin: 1.2em 0 0.4em;
}
.latch-activity-rows, .latch-activity-skeleton { list-style: none; margin: 0; padding: 0; }
.latch-activity-row {
  display: grid; grid-template-columns: auto 1fr auto; gap: 0.8em; align-items: center;
  padding: 0.7em 0.8em; border-radius: calc(var(--latch-border-radius-master) * 3);
  background: var(--latch-bg-2); margin-bottom: 0.4em; min-height: 3.4em;
}
.latch-activity-images { display: flex; }
.latch-activity-images > * + * { margin-left: -0.8em; }
.latch-image {
  width: 2.4em; height: 2.4em; border-radius: 50%; object-fit: cover;
  display: inline-grid; place-items: center; background: var(--latch-border);
  font-weight: 600; border: 2px solid var(--latch-bg-2);
}
.latch-image--nft { border-radius: calc(var(--latch-border-radius-master) * 2); }
.latch-activity-text { display: grid; min-width: 0; }
.latch-activity-title { font-weight: 600; display: flex; gap: 0.6em; align-items: baseline; }
.latch-activity-description {
  color: var(--latch-fg-2); overflow: hidden; text-overflow: ellipsis; white-space: nowrap;
}
.latch-status { font-size: 0.8em; font-weight: 500; }
.latch-status--confirmed { color: var(--latch-success); }
.latch-status--failed { color: var(--latch-error); }
.latch-status--pending { color: var(--latch-warning); }
.latch-activity-meta { display: flex; gap: 0.6em; color: var(--latch-fg-2); font-size: 0.9em; }
.latch-activity-meta a { color: var(--latch-fg-2); text-decoration: none; padding: 0 0.3em; }
.latch-activity-meta a:focus-visible, .latch-root button:focus-visible {
  outline: 2px solid var(--latch-accent); outline-offset: 2px;
}
.latch-skeleton { animation: latch-pulse 1.2s ease-in-out infinite; }
@keyframes latch-pulse { 50% { opacity: 0.45; } }
@media (prefers-reduced-motion: reduce) { .latch-skeleton { animation: none; } }
.latch-button-root { display: inline-block; background: transparent; }
.latch-connect-button {
  font: inherit; font-weight: 600; cursor: pointer; min-height: 3.2em;
  padding: 0.6em 1.2em; border: 1px solid transparent;
  border-radius: calc(var(--latch-border-radius-master) * 4);
  background: var(--latch-accent); color: #fff;
  display: inline-flex; align-items: center; gap: 0.6em;
}
.latch-connect-button[data-state='connected'] {
  background: var(--latch-bg-2); color: var(--latch-fg); border-color: var(--latch-border);
}
.latch-connect-button:disabled { cursor: progress; opacity: 0.85; }
.latch-connect-button .latch-balance { color: var(--latch-fg-2); font-weight: 500; }
@media (max-width: 480px) { .latch-connect-button .latch-balance { display: none; } }
.latch-activity-empty, .latch-activity-error { text-align: center; padding: 2em 1em; color: var(--latch-fg-2); }
.latch-activity-empty-title { font-weight: 600; color: var(--latch-fg); }
.latch-activity-sentinel { height: 1px; }
`
