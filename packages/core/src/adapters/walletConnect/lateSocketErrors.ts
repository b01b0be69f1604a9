/**
 * The WalletConnect relayer makes a new JSON-RPC provider for each connection attempt and takes
 * its listeners off the old one. A socket of the old provider can still be in its handshake then
 * (the SDK's own request re-opens it; a second attempt starts beside it), and when the relay
 * refuses that socket (close code 3000: a refused origin or project), the old provider emits
 * 'error' with nobody listening: an uncaught exception in the dapp's page and its error tracker.
 * The refusal that matters is heard on the current provider (session.ts maps it to an alert);
 * the old provider's late one only needs a listener. Seen in relayRefusals.int (4 runs in 6).
 */

interface ErrorEmitter {
  on?(event: 'error', listener: (error: unknown) => void): unknown
}

interface RelayerWithProvider {
  provider: ErrorEmitter | undefined
}

const guarded = new WeakSet<object>()
const ignoreLateError = () => undefined
// Until its first attempt the relayer holds a placeholder with no `on`.
const listen = (provider: ErrorEmitter | undefined) => {
  if (typeof provider?.on === 'function') provider.on('error', ignoreLateError)
}

/** Gives every provider the relayer holds, now and later, a listener for its late errors. */
export function hearLateSocketErrors(relayer: RelayerWithProvider): void {
  if (guarded.has(relayer)) return
  guarded.add(relayer)
  let current = relayer.provider
  listen(current)
  // The relayer assigns `provider` for each new attempt: the setter hears the assignment.
  Object.defineProperty(relayer, 'provider', {
    configurable: true,
    enumerable: true,
    get: () => current,
    set(next: ErrorEmitter | undefined) {
      current = next
      listen(next)
    },
  })
}
