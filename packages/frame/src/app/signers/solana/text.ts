import { familyText } from '../../i18n/index.js'
import { solanaEn } from '../../i18n/solana.en.js'

/**
 * The Solana signer's texts in the frame's language. Imported only by the signer's lazily loaded
 * modules (transactions.ts, decode/*), so its English stays out of the frame's first script.
 */
export const st = familyText(solanaEn)
