import type { PageNamespace } from '../namespace.js'
import { SOLANA } from './index.js'

export const solanaNamespace: PageNamespace = {
  namespace: SOLANA,
  defaultAccountType: 'eoa',
}
