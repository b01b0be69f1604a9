// Preloaded into the bundler's process (node --import): alto 0.0.20 always listens on 0.0.0.0,
// and nothing on the dev stack may answer beyond loopback. Any listen on every interface is
// turned into one on 127.0.0.1, and the address actually bound is reported on stderr so the
// parent (alto.ts) and its test can check it.
import net from 'node:net'

const everywhere = new Set(['0.0.0.0', '::', '', undefined])
const listen = net.Server.prototype.listen
net.Server.prototype.listen = function (...args) {
  const [first] = args
  if (first && typeof first === 'object' && everywhere.has(first.host)) {
    args[0] = { ...first, host: '127.0.0.1' }
  } else if (
    typeof first === 'number' &&
    (args.length < 2 || typeof args[1] !== 'string' || everywhere.has(args[1]))
  ) {
    args.splice(1, typeof args[1] === 'string' ? 1 : 0, '127.0.0.1')
  }
  // A port taken is said here too: alto logs its EADDRINUSE asynchronously and exits 0 at once,
  // and its log line was lost in one run in four (alto.int). stderr to a pipe is written
  // synchronously on Linux, so this line gets out. Nobody else listening: thrown as before.
  const onError = (error) => {
    if (error?.code === 'EADDRINUSE')
      process.stderr.write(`latch-loopback address in use (EADDRINUSE) ${error.port ?? ''}\n`)
    if (this.listenerCount('error') === 0) throw error
  }
  this.once('error', onError)
  this.once('listening', () => {
    this.off('error', onError)
    const address = this.address()
    if (address && typeof address === 'object')
      process.stderr.write(`latch-loopback listening ${address.address}:${address.port}\n`)
  })
  return listen.apply(this, args)
}
