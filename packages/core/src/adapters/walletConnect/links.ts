/**
 * The link that opens a wallet app with a pairing URI, from the wallet's catalogue link
 * (docs/walletconnect.md#deep-links): a native scheme (`rainbow://`) becomes `rainbow://wc?uri=…`,
 * a universal link (`https://rnbwapp.com`) becomes `https://rnbwapp.com/wc?uri=…`. Undefined for
 * a link that is neither, so a catalogue entry can never make the page open `javascript:`.
 */
export function walletConnectLink(
  appLink: string | null | undefined,
  uri: string,
): string | undefined {
  if (!appLink) return undefined
  const encoded = encodeURIComponent(uri)
  if (/^https:\/\//i.test(appLink)) return `${appLink.replace(/\/+$/, '')}/wc?uri=${encoded}`
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(appLink)?.[1]?.toLowerCase()
  if (!scheme || ['javascript', 'data', 'vbscript', 'file', 'http', 'blob'].includes(scheme))
    return undefined
  // `rainbow:` and `rainbow://` open the app's root; `trust://open/` keeps its path.
  const rest = appLink
    .slice(scheme.length + 1)
    .replace(/^\/\//, '')
    .replace(/\/+$/, '')
  return `${scheme}://${rest ? `${rest}/` : ''}wc?uri=${encoded}`
}
