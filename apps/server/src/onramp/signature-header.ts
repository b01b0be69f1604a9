/**
 * The `k=v,k=v` signature headers both providers send (MoonPay's `Moonpay-Signature-V2: t=…,s=…`,
 * CDP's `X-Hook0-Signature: t=…,v0=…,h=…,v1=…`): their parts by name, each trimmed; undefined
 * when there is no header. Each provider checks the parts it needs.
 */
export function signatureHeaderParts(header: string | undefined): Map<string, string> | undefined {
  if (!header) return undefined
  const parts = new Map<string, string>()
  for (const element of header.split(',')) {
    const at = element.indexOf('=')
    if (at > 0) parts.set(element.slice(0, at).trim(), element.slice(at + 1).trim())
  }
  return parts
}
