import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Backend, openTestDb, type TestDb } from '../chains/testing/harness.js'
import { createProject } from '../provider-services/projects.js'
import { type LocalHost, localTlsHost } from './fixtures/local-hosts.js'
import { freshKey, namesApp, registerName } from './fixtures/names-app.js'

// A name's owner sets an avatar on a host they control, to learn who views the name (a tracking
// pixel) or to make the server fetch something internal. Viewers must only ever be given this
// server's image URL; only the server fetches the owner's URL, and only from public addresses.
// The owner's host is a loopback https fixture that records every request: the test server may
// reach it only because the test allows that one loopback host:port.

const backends: Backend[] = ['pglite', 'postgres']
const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a', 'hex'),
  Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
])
const AT = new Date('2026-11-27T10:00:00Z')

describe.each(backends)('avatars of names on %s', (backend) => {
  let db: TestDb
  let owner: LocalHost & { cert: string }
  let app: FastifyInstance
  let strict: FastifyInstance
  let projectId = ''

  beforeAll(async () => {
    db = await openTestDb(backend)
    owner = await localTlsHost((request, response) => {
      if (request.url === '/pixel.png') response.setHeader('content-type', 'image/png').end(PNG)
      else if (request.url === '/page.svg')
        response.setHeader('content-type', 'image/png').end('<svg onload="alert(1)"/>')
      else response.writeHead(404).end()
    })
    const allowOwner = { allowLoopback: [`127.0.0.1:${owner.port}`], ca: owner.cert }
    app = await namesApp(db.handle, { now: () => AT, avatarFetch: allowOwner })
    // The same server as production runs it: no loopback exception.
    strict = await namesApp(db.handle, { now: () => AT })
    projectId = (await createProject(db.handle.db, { name: 'Avatars', origins: [] })).id
  })
  afterAll(async () => {
    await app?.close()
    await strict?.close()
    await owner?.close()
    await db?.close()
  })

  const register = async (name: string, avatar: string) => {
    const signer = freshKey()
    const response = await registerName(app, {
      projectId,
      name,
      signer,
      at: AT,
      attributes: { avatar },
    })
    expect(response.statusCode).toBe(201)
    return { signer, record: response.json() as { attributes: { avatar: string }[] } }
  }

  it('viewers are given only this server’s image URL, and registering fetches nothing', async () => {
    const { signer, record } = await register('pixel-owner.latch.id', `${owner.url}/pixel.png`)
    const served = 'http://localhost:80/public/getAvatarImage/pixel-owner.latch.id'
    expect(record.attributes[0]?.avatar).toBe(served)
    const views = [
      await app.inject(`/v1/profile/account/pixel-owner.latch.id?projectId=${projectId}`),
      await app.inject(`/v1/profile/reverse/${signer.address}?projectId=${projectId}`),
      await app.inject(`/v1/identity/${signer.address}?projectId=${projectId}`),
    ]
    for (const view of views) {
      expect(view.statusCode).toBe(200)
      expect(view.body).toContain(served)
    }
    // Only the identity route also gives the record as text, labelled as such.
    expect(views[2]?.json().avatarRecord).toBe(`${owner.url}/pixel.png`)
    for (const view of views.slice(0, 2)) expect(view.body).not.toContain(owner.url)
    expect(owner.hits).toEqual([])
  })

  it('the image route fetches the avatar once, checks it is an image and serves it itself', async () => {
    for (let i = 0; i < 3; i++) {
      const image = await app.inject('/public/getAvatarImage/pixel-owner.latch.id')
      expect(image.statusCode).toBe(200)
      expect(image.headers['content-type']).toBe('image/png')
      expect(image.headers['x-content-type-options']).toBe('nosniff')
      expect(image.rawPayload.equals(PNG)).toBe(true)
    }
    // Kept an hour: three views, one request to the owner's host, none carrying the viewer.
    expect(owner.hits).toEqual(['GET /pixel.png'])
    owner.hits.length = 0
  })

  it('an answer that is not a raster image is not served, whatever its content-type says', async () => {
    await register('script-owner.latch.id', `${owner.url}/page.svg`)
    const image = await app.inject('/public/getAvatarImage/script-owner.latch.id')
    expect(image.statusCode).toBe(404)
    expect(image.json().error.code).toBe('AVATAR_NOT_FOUND')
    owner.hits.length = 0
  })

  it('without the test’s loopback exception the server refuses the internal host', async () => {
    await register('internal-owner.latch.id', `${owner.url}/pixel.png`)
    const image = await strict.inject('/public/getAvatarImage/internal-owner.latch.id')
    expect(image.statusCode).toBe(404)
    expect(image.body).not.toContain('127.0.0.1')
    expect(owner.hits).toEqual([])
  })
})
