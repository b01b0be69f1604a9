import { FrameError } from '../../../handler.js'

/** The request cannot be shown faithfully, so it is refused before anything is displayed. */
export class InvalidTypedDataError extends FrameError {
  override name = 'InvalidTypedDataError'
  constructor(override readonly details: string) {
    super(`Invalid typed data: ${details}`, -32602)
  }
}

export class TypedDataChainMismatchError extends FrameError {
  override name = 'TypedDataChainMismatchError'
  constructor(
    readonly domainChainId: bigint,
    readonly activeChainId: number,
  ) {
    super(
      `Typed data is for chain ${domainChainId}, but the wallet is on chain ${activeChainId}`,
      -32602,
    )
  }
}
