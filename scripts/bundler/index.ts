export { BundlerStartError, type DevBundler, startDevBundler } from './alto.js'

export class BundlerPortError extends Error {
  override name = 'BundlerPortError'
}

/** The dev bundler's port; LATCH_BUNDLER_PORT moves it (4337 by default, for the ERC). */
export function bundlerPort(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.LATCH_BUNDLER_PORT
  if (raw === undefined || raw === '') return 4337
  const port = Number(raw)
  if (!/^[0-9]{1,5}$/.test(raw) || port < 1 || port > 65535)
    throw new BundlerPortError(
      `LATCH_BUNDLER_PORT: must be a port number from 1 to 65535, got "${raw}"`,
    )
  return port
}
