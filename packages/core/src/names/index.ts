// `@latch/core/names`: account names (docs/names.md), loaded only by the views that use them.
export {
  type AccountNameRecord,
  coinTypeOfChain,
  DEFAULT_NAME_SUFFIX,
  fullName,
  type IdentityResponse,
  labelOf,
  NAME_MAX_LENGTH,
  NAME_MIN_LENGTH,
  type NameProblem,
  nameProblem,
  nameProblemMessages,
} from '../wire/names.js'
export { AccountNameError } from './errors.js'
export { fetchIdentity, IDENTITY_CACHE_MS, rememberIdentity, syncIdentity } from './identity.js'
export {
  getNameSuggestions,
  getNamesForAddress,
  looksLikeName,
  lookupAccountName,
  resolveAccountName,
} from './lookup.js'
export { type RegisterAccountNameParameters, registerAccountName } from './register.js'
