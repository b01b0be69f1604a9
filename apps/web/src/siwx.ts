import type { SiwxConfig } from '@latch/react/siwx'
import { projectId, serverUrl } from './env'

/**
 * Wallet sign-in for this demo, turned on by `?siwx=required` or `?siwx=optional` in the URL,
 * with `&siwxSession=cookie` for an HttpOnly cookie session (docs/siwx.md). Its code loads on the
 * first call, so the page without it carries none.
 */
export function demoSiwx(search: string): SiwxConfig | undefined {
  const params = new URLSearchParams(search)
  const mode = params.get('siwx')
  const session = params.get('siwxSession') === 'cookie' ? 'cookie' : 'bearer'
  if (mode !== 'required' && mode !== 'optional') return undefined
  let loaded: Promise<SiwxConfig> | undefined
  const load = () =>
    (loaded ??= import('@latch/react/siwx').then(({ createLatchSiwx }) =>
      createLatchSiwx({
        serverUrl,
        projectId,
        statement: 'Sign in to the Latch demo.',
        required: mode === 'required',
        session,
      }),
    ))
  return {
    getRequired: () => mode === 'required',
    createMessage: (input) => load().then((siwx) => siwx.createMessage(input)),
    addSession: (input) => load().then((siwx) => siwx.addSession(input)),
    getSessions: (chainId, address) => load().then((siwx) => siwx.getSessions(chainId, address)),
    revokeSession: (chainId, address) =>
      load().then((siwx) => siwx.revokeSession(chainId, address)),
  }
}
