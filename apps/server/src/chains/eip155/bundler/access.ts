const PROJECT_ID = /^[A-Za-z0-9_-]{1,64}$/
const CHAIN_ID = /^(?:eip155:)?([1-9][0-9]{0,15})$/

/** projectId and chainId of a bundler or paymaster query, or undefined when either is malformed. */
export function projectAndChain(query: { projectId?: string; chainId?: string }) {
  const chain = CHAIN_ID.exec(query.chainId ?? '')
  if (!chain || !query.projectId || !PROJECT_ID.test(query.projectId)) return undefined
  return { projectId: query.projectId, chainId: Number(chain[1]) }
}
