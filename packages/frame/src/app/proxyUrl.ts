/**
 * The server's JSON-RPC proxy for one chain of any namespace (docs/embedded-wallet.md#protocol):
 * a bare EVM number or a CAIP-2 id (`namespace:reference`), escaped into the query.
 */
export function serverProxyUrl(serverUrl: string, projectId: string) {
  const base = `${serverUrl.replace(/\/$/, '')}/v1/`
  return (chainId: number | string) =>
    `${base}?chainId=${encodeURIComponent(String(chainId))}&projectId=${encodeURIComponent(projectId)}`
}
