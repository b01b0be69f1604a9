import Fastify from 'fastify'
import { afterEach, expect, test } from 'vitest'
import { errorAnswers } from '../http/errors.js'
import { adminRoutes } from './plugin.js'

const TOKEN = 'admin-token-for-tests-0123456789'

let app: ReturnType<typeof Fastify> | undefined
afterEach(async () => {
  await app?.close()
  app = undefined
})

// The admin token check is a hook of the admin plugin: were the plugin not encapsulated, the hook
// would guard every route registered after it, and a sibling family would answer 401 to everyone.
test('the admin token check guards the admin routes and no route outside them', async () => {
  app = Fastify()
  await app.register(errorAnswers)
  await app.register(adminRoutes, { token: TOKEN })
  app.post('/sibling', async () => ({ ok: true }))

  const admin = await app.inject({ method: 'GET', url: '/admin/v1/projects' })
  expect(admin.statusCode).toBe(401)
  expect(admin.json().error.code).toBe('UNAUTHORIZED')

  const sibling = await app.inject({ method: 'POST', url: '/sibling', payload: { a: 1 } })
  expect(sibling.statusCode).toBe(200)
  expect(sibling.json()).toEqual({ ok: true })
})
