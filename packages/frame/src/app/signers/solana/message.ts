import { base58 } from '@scure/base'
import { toHex } from 'viem'
import { messageView } from '../../decode/message.js'
import { FrameError } from '../../handler.js'
import { t } from '../../i18n/index.js'
import type { PreparedRequest } from '../types.js'
import type { SolanaKey } from './keys.js'

const invalidMessage = () => new FrameError(t('request.invalidMessage'), -32602)

/** solana_signMessage: `{ message }` in base58, shown as text or bytes, signed as those bytes. */
export function prepareSignMessage(
  rawParams: unknown,
  key: SolanaKey,
  origin: string,
): PreparedRequest {
  const { message } = (rawParams ?? {}) as { message?: unknown }
  if (typeof message !== 'string') throw invalidMessage()
  let bytes: Uint8Array
  try {
    bytes = base58.decode(message)
  } catch {
    throw invalidMessage()
  }
  return {
    view: messageView(toHex(bytes), origin),
    finish: async () => ({ signature: base58.encode(key.sign(bytes)) }),
  }
}
