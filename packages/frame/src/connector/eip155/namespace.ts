import type { PageNamespace } from '../namespace.js'
import { EIP155 } from './index.js'

export const eip155Namespace: PageNamespace = {
  namespace: EIP155,
  // docs/behaviour.md#flows: smart accounts on EVM unless chosen otherwise.
  defaultAccountType: 'smartAccount',
}
