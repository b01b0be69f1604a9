import type { LazyMessages, Messages, OccasionalMessages } from '../messages.js'
import type { BuyMessages } from '../views/BuyMessages.js'
import type { SwapMessages } from '../views/SwapMessages.js'

/**
 * A whole language: the first-load strings (`en`'s shape) and every section the lazy views keep
 * beside them, all required. A locale's module (de.ts) is one of these, so the compiler names a
 * missing section and the catalogue test (catalogue.test.ts) a missing key.
 */
export type Catalogue = Messages & {
  send: LazyMessages['send']
  account: LazyMessages['account']
} & OccasionalMessages & {
    /** The history's operation types (core's operationTitles), in the locale's words. */
    activity: { operations: Record<string, string> }
    swap: SwapMessages
    buy: BuyMessages
    // Spelled out, not read from the views: a type import of a view would close an import circle
    // (client -> catalogues -> de -> this -> view -> context -> client).
    accountPicker: Record<'switchAccount' | 'listLabel' | 'active' | 'pickLabel' | 'failed', string>
    accountTypeSwitch: Record<'toEoa' | 'toSmartAccount' | 'failed', string>
    /** Core's alert and error texts (docs/behaviour.md#errors), keyed by their English. */
    errors: Record<string, string>
  }
