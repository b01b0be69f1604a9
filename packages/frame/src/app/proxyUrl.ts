/**
 * The server's JSON-RPC proxy for one chain (docs/embedded-wallet.md#protocol): an EVM chain id,
 * or a CAIP-2 id such as `solana:<genesis hash prefix>`, which is escaped into the query.
 */
export function serverProxyUrl(serverUrl: string, projectId: string) {
  const base = `${serverUrl.replace(/\/$/, '')}/v1/`
  return (chainId: number | string) =>
    `${base}?chainId=${encodeURIComponent(String(chainId))}&projectId=${encodeURIComponent(projectId)}`
}
