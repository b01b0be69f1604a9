import { devNetwork } from '../adapters/eip155/networks.js'
import type { Transaction, TransactionTransfer } from './types.js'

/** Builds a wire-format transaction for tests; only what a test states differs from the defaults. */
export function tx(
  id: string,
  minedAt: string,
  options: {
    chain?: string
    transfers?: TransactionTransfer[] | null
    operationType?: string
  } = {},
): Transaction {
  return {
    id,
    metadata: {
      operationType: options.operationType ?? 'send',
      hash: `0x${id.padStart(64, '0')}`,
      minedAt,
      sentFrom: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
      sentTo: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
      status: 'confirmed',
      nonce: 0,
      chain: options.chain ?? devNetwork.caipNetworkId,
    },
    transfers:
      options.transfers === undefined ? [fungible('1.5', 'ETH', 'out')] : options.transfers,
  }
}

export function fungible(
  numeric: string,
  symbol: string,
  direction: 'in' | 'out' | 'self' = 'in',
): TransactionTransfer {
  return { fungible_info: { name: symbol, symbol }, direction, quantity: { numeric } }
}

export function nft(
  name: string,
  isSpam: boolean,
  direction: 'in' | 'out' = 'in',
): TransactionTransfer {
  return { nft_info: { name, flags: { is_spam: isSpam } }, direction, quantity: { numeric: '1' } }
}
