import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify'
import { installErrorHandling } from '../../http/errors.js'
import { createProject } from '../../provider-services/projects.js'
import { siwxRoutes } from '../../siwx/plugin.js'
import { loadChainDataConfig } from '../config.js'
import { type Backend, openTestDb } from './harness.js'

/** The page every family's SIWX route test signs in from. */
export const SIWX_TEST_PAGE = 'http://localhost:5173'

export interface SiwxTestApp {
  app: FastifyInstance
  call(
    method: 'GET' | 'POST',
    path: string,
    body?: object,
    token?: string,
  ): Promise<LightMyRequestResponse>
  nonce(): Promise<string>
  verify(message: string, signature: string): Promise<LightMyRequestResponse>
  close(): Promise<void>
}

/**
 * The SIWX routes alone (siwx/plugin.ts) on one database, with the chain families configured by
 * `env` (nothing listens on port 9: sign-in verification calls no chain) and the clock fixed, for
 * each family's `sign-in.int.test.ts`.
 */
export async function openSiwxTestApp(
  backend: Backend,
  options: { clock: Date; env?: Record<string, string> },
): Promise<SiwxTestApp> {
  const db = await openTestDb(backend)
  const app = Fastify({ logger: false })
  app.decorate('db', db.handle.db)
  const chainData = loadChainDataConfig(options.env ?? {}, 'http://127.0.0.1:9')
  app.decorate('config', { chainData } as never)
  installErrorHandling(app)
  await app.register(siwxRoutes, { now: () => options.clock })
  await app.ready()
  const { id: projectId } = await createProject(db.handle.db, {
    name: 'SIWX',
    origins: [SIWX_TEST_PAGE],
  })
  const call: SiwxTestApp['call'] = (method, path, body, token) =>
    app.inject({
      method,
      url: `${path}?projectId=${projectId}`,
      headers: {
        origin: SIWX_TEST_PAGE,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body ? { payload: body } : {}),
    })
  return {
    app,
    call,
    nonce: async () =>
      ((await call('POST', '/siwx/v1/nonce', {})).json() as { nonce: string }).nonce,
    verify: (message, signature) => call('POST', '/siwx/v1/verify', { message, signature }),
    close: async () => {
      await app.close()
      await db.close()
    },
  }
}

/** An error answer's code. */
export const codeOf = (response: { json(): unknown }) =>
  (response.json() as { error?: { code: string } }).error?.code
