import { FrameError } from '../../handler.js'

/** A CAIP-2 `eip155:<id>` or a bare number: an EVM chain. */
export const isEip155Chain = (chainId: string | number) =>
  typeof chainId === 'number' || /^(eip155:)?\d+$/.test(chainId)

/** The chain's number; refuses anything that is not a positive integer. */
export function eip155ChainId(chainId: unknown): number {
  const id = Number(String(chainId).replace(/^eip155:/, ''))
  if (!Number.isInteger(id) || id <= 0) throw new FrameError('Chain is not supported')
  return id
}
