import type { Address } from 'viem'
import { classifyMovements } from '../shared/movements.js'
import { isTransferKind, ZERO_ADDRESS } from './decode.js'
import type { ChainEvent, OperationType, TransferDirection } from './types.js'
import { isUserOperationKind } from './userOperations.js'

export interface ClassifyTx {
  from: Address
  to: Address | null
  selector: string | null
}

export function directionFor(
  viewer: Address,
  event: Pick<ChainEvent, 'from' | 'to'>,
): TransferDirection | null {
  const out = event.from === viewer
  const inn = event.to === viewer
  if (out && inn) return 'self'
  if (out) return 'out'
  if (inn) return 'in'
  return null
}

function assetKey(event: ChainEvent): string {
  return event.token === null ? 'native' : `${event.token}:${event.tokenId ?? ''}`
}

/**
 * The operation as the viewer sees it: the same transaction is a 'send' for its sender and a
 * 'receive' for its recipient. Rules, first match wins:
 *  - the viewer created a contract → deploy
 *  - value left and different value arrived → trade
 *  - only arrivals: from the zero address (minted) → mint, else receive
 *  - only departures: to the zero address (burned) → burn, else send
 *  - only self-transfers → send
 *  - no value moved for the viewer, but it granted or revoked an approval (or was the spender) → approve
 *  - the viewer called a contract → execute; a plain call without data → send
 *  - otherwise (the viewer is the contract that was called) → execute
 * A failed transaction moved nothing; it is classified by what it tried to do.
 */
export function classify(
  viewer: Address,
  tx: ClassifyTx,
  events: readonly ChainEvent[],
): OperationType {
  if (tx.to === null && tx.from === viewer) return 'deploy'
  const outs = new Set<string>()
  const ins = new Set<string>()
  let minted = false
  let burned = false
  let self = false
  let approved = false
  for (const event of events) {
    // A user operation's record is who sent it, not an approval (wire.ts reads it).
    if (isUserOperationKind(event.kind)) continue
    if (!isTransferKind(event.kind)) {
      if (event.from === viewer || event.to === viewer) approved = true
      continue
    }
    const direction = directionFor(viewer, event)
    if (direction === 'in') {
      ins.add(assetKey(event))
      if (event.from === ZERO_ADDRESS) minted = true
    } else if (direction === 'out') {
      outs.add(assetKey(event))
      if (event.to === ZERO_ADDRESS) burned = true
    } else if (direction === 'self') self = true
  }
  const moved = classifyMovements({ ins, outs, minted, burned, self })
  if (moved) return moved
  if (approved) return 'approve'
  if (tx.from === viewer) return tx.selector === null ? 'send' : 'execute'
  if (tx.to === viewer && tx.selector === null) return 'receive'
  return 'execute'
}
