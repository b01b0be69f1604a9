import { FrameError } from '../../../handler.js'
import { t } from '../../../i18n/index.js'

/** The request cannot be shown faithfully, so it is refused before anything is displayed. */
export class InvalidTypedDataError extends FrameError {
  override name = 'InvalidTypedDataError'
  constructor(override readonly details: string) {
    super(t('typed.invalid', { details }), -32602)
  }
}

export class TypedDataChainMismatchError extends FrameError {
  override name = 'TypedDataChainMismatchError'
  constructor(
    readonly domainChainId: bigint,
    readonly activeChainId: number,
  ) {
    super(t('typed.chainMismatch', { domain: domainChainId, active: activeChainId }), -32602)
  }
}
