import Fastify, { type FastifyInstance } from 'fastify'
import { type Address, createPublicClient, http } from 'viem'
import { mainnet } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accountRoutes } from '../chains/eip155/account-routes.js'
import { projectScoped } from '../chains/routes.js'
import { type Backend, openTestDb, type TestDb } from '../chains/testing/harness.js'
import { errorAnswers } from '../http/errors.js'
import { createProject } from '../provider-services/projects.js'
import { ensClient } from './ens.js'
import { ensUpstream, type LocalHost, localHost } from './fixtures/local-hosts.js'
import { nameRoutes } from './plugin.js'

// An attacker owns an address's ENS records on mainnet and wants this server to request URLs of
// their choosing: a CCIP-Read gateway (through an OffchainLookup revert) or an avatar URL. The
// "internal" listeners below record every request; they must receive none from the identity
// route. Chain 1's upstream is a loopback JSON-RPC fixture answering as those records would.

const backends: Backend[] = ['pglite', 'postgres']
const VICTIM = '0x1111111111111111111111111111111111111111' as Address

describe('the ENS client', () => {
  let gateway: LocalHost
  let upstream: Awaited<ReturnType<typeof ensUpstream>>

  beforeAll(async () => {
    gateway = await localHost((_request, response) => response.end('{"data":"0x"}'))
    upstream = await ensUpstream({ offchainLookup: `${gateway.url}/{sender}/{data}.json` })
  })
  afterAll(async () => {
    await upstream?.close()
    await gateway?.close()
  })

  it('with CCIP-Read on (viem’s default) the revert makes the caller request the gateway', async () => {
    // The control: this fixture does lure a default client to the attacker's URL.
    const lured = createPublicClient({ chain: mainnet, transport: http(upstream.url) })
    await lured.getEnsName({ address: VICTIM }).catch(() => null)
    expect(gateway.hits.length).toBeGreaterThan(0)
    gateway.hits.length = 0
  })

  it('the server’s client makes the same call and never requests the gateway', async () => {
    const before = upstream.calls.length
    const outcome = await ensClient(upstream.url)
      .getEnsName({ address: VICTIM })
      .then(
        (name) => ({ name }),
        (error: Error) => ({ error: error.name }),
      )
    expect(upstream.calls.length).toBe(before + 1)
    expect(upstream.calls.at(-1)?.to.toLowerCase()).toBe(
      mainnet.contracts.ensUniversalResolver.address,
    )
    expect(outcome).not.toEqual({ name: expect.any(String) })
    expect(gateway.hits).toEqual([])
  })
})

describe.each(backends)(
  'GET /v1/identity/:address against hostile ENS records on %s',
  (backend) => {
    let db: TestDb
    let internal: LocalHost
    const apps: FastifyInstance[] = []
    const upstreams: { close(): Promise<void> }[] = []

    beforeAll(async () => {
      db = await openTestDb(backend)
      internal = await localHost((_request, response) => response.end('internal secret'))
    })
    afterAll(async () => {
      for (const app of apps) await app.close()
      for (const upstream of upstreams) await upstream.close()
      await internal?.close()
      await db?.close()
    })

    /** The server's identity and name routes with chain 1 at `rpcUrl`; the project id. */
    const serverWith = async (rpcUrl: string) => {
      const app = Fastify({ logger: false })
      const rpcUrls = new Map([[1, rpcUrl]])
      app.decorate('db', db.handle.db)
      app.decorate('config', { nameSuffix: 'latch.id', chainData: { rpcUrls } } as never)
      await app.register(errorAnswers)
      await app.register(nameRoutes)
      await app.register(accountRoutes({ rpcUrls, scoped: projectScoped }))
      await app.ready()
      apps.push(app)
      const project = await createProject(db.handle.db, { name: 'ENS', origins: [] })
      return { app, projectId: project.id }
    }

    it('an OffchainLookup revert answers nulls and its gateway URL is never requested', async () => {
      const upstream = await ensUpstream({ offchainLookup: `${internal.url}/gateway/{data}` })
      upstreams.push(upstream)
      const { app, projectId } = await serverWith(upstream.url)
      const response = await app.inject(`/v1/identity/${VICTIM}?projectId=${projectId}`)
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ name: null, avatar: null, avatarRecord: null })
      // The resolver was asked, so the refusal is CCIP-Read being off, not a skipped lookup.
      expect(upstream.calls.length).toBeGreaterThan(0)
      expect(internal.hits).toEqual([])
    })

    it('the avatar record is returned as text and not fetched; an internal one is never served', async () => {
      for (const avatar of [
        `${internal.url}/pixel.png`,
        `https://127.0.0.1:${internal.port}/pixel.png`,
        'eip155:1/erc721:0xb47e3cd837ddf8e4c57f05d70ab865de6e193bbb/1',
      ]) {
        const upstream = await ensUpstream({ name: 'mallory.eth', avatar })
        upstreams.push(upstream)
        const { app, projectId } = await serverWith(upstream.url)
        const identity = (
          await app.inject(`/v1/identity/${VICTIM}?projectId=${projectId}`)
        ).json() as { name: string; avatar: string | null; avatarRecord: string }
        expect(identity.name).toBe('mallory.eth')
        expect(identity.avatarRecord).toBe(avatar)
        if (avatar.startsWith('https:')) {
          // Offered to viewers only as this server's image URL; that route refuses loopback.
          expect(identity.avatar).toBe(`http://localhost:80/public/getAvatarImage/${VICTIM}`)
          const image = await app.inject(`/public/getAvatarImage/${VICTIM}`)
          expect(image.statusCode).toBe(404)
          expect(image.json().error.code).toBe('AVATAR_NOT_FOUND')
        } else expect(identity.avatar).toBeNull()
      }
      expect(internal.hits).toEqual([])
    })
  },
)
