export { isFromPeer, type TrustedPeer, toOrigin, UntrustedOriginError } from './trust.js'
