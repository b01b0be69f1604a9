import Fastify, { type FastifyInstance } from 'fastify'
import { type Address, createPublicClient, createWalletClient, http } from 'viem'
import { type LocalAccount, mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AnvilInstance, startAnvil } from '../../../../scripts/devchain/anvil.js'
import { artifact } from '../../../../scripts/devchain/contracts/artifacts.js'
import { accountRoutes } from '../chains/eip155/account-routes.js'
import { projectScoped } from '../chains/routes.js'
import { type Backend, openTestDb, type TestDb } from '../chains/testing/harness.js'
import { errorAnswers } from '../http/errors.js'
import { createProject } from '../provider-services/projects.js'
import { MAX_NAMES_PER_ADDRESS, nameRoutes } from './plugin.js'

// The name registry played by its users and by attackers, on PGlite and Postgres: the rules,
// signatures from an EOA and from an ERC-1271 contract account on anvil, a race for one name,
// reverse lookup and the identity route that reads it.

const PAGE = 'http://localhost:5173'
const MNEMONIC = 'test test test test test test test test test test test junk'
const alice = mnemonicToAccount(MNEMONIC, { addressIndex: 2 })
const mallory = mnemonicToAccount(MNEMONIC, { addressIndex: 3 })
const ANVIL_COIN_TYPE = (0x80000000 | foundry.id) >>> 0
const backends: Backend[] = ['pglite', 'postgres']

describe.each(backends)('account names on %s', (backend) => {
  let anvil: AnvilInstance
  let db: TestDb
  let app: FastifyInstance
  let projectId = ''
  let contractAccount: Address
  const clock = new Date('2026-11-24T12:00:00Z')

  beforeAll(async () => {
    anvil = await startAnvil()
    db = await openTestDb(backend)
    app = Fastify({ logger: false })
    app.decorate('db', db.handle.db)
    app.decorate('config', {
      nameSuffix: 'latch.id',
      chainData: { rpcUrls: new Map([[foundry.id, anvil.rpcUrl]]) },
    } as never)
    await app.register(errorAnswers)
    await app.register(nameRoutes, { now: () => clock })
    await app.register(accountRoutes({ rpcUrls: new Map(), scoped: projectScoped }))
    await app.ready()
    projectId = (await createProject(db.handle.db, { name: 'Names', origins: [PAGE] })).id
    const wallet = createWalletClient({ chain: foundry, transport: http(anvil.rpcUrl) })
    const { abi, bytecode } = artifact('OwnerAccount')
    const [funded] = await wallet.getAddresses()
    const hash = await wallet.deployContract({
      account: funded as Address,
      abi,
      bytecode,
      args: [alice.address],
      chain: foundry,
    })
    const receipt = await createPublicClient({
      chain: foundry,
      transport: http(anvil.rpcUrl),
    }).waitForTransactionReceipt({ hash, pollingInterval: 20 })
    contractAccount = receipt.contractAddress as Address
  })
  afterAll(async () => {
    await app?.close()
    await db?.close()
    await anvil?.stop()
  })

  const get = (path: string, origin = PAGE) =>
    app.inject({ method: 'GET', url: `${path}?projectId=${projectId}`, headers: { origin } })

  const messageFor = (name: string, fields: Record<string, unknown> = {}) =>
    JSON.stringify({ name, attributes: {}, timestamp: clock.getTime() / 1000, ...fields })

  const register = async (
    name: string,
    options: {
      signer?: LocalAccount
      address?: Address
      message?: string
      coinType?: number
    } = {},
  ) => {
    const signer = options.signer ?? alice
    const message = options.message ?? messageFor(name)
    const signature = await signer.signMessage({ message })
    return app.inject({
      method: 'POST',
      url: `/v1/profile/account?projectId=${projectId}`,
      headers: { origin: PAGE },
      payload: {
        coin_type: options.coinType ?? ANVIL_COIN_TYPE,
        address: options.address ?? signer.address,
        message,
        signature,
      },
    })
  }

  const codeOf = (response: { json(): unknown }) =>
    (response.json() as { error: { code: string } }).error.code

  it('registers a name for the signer; lookup and reverse lookup find it', async () => {
    const response = await register('Alice-One.latch.id', {
      message: messageFor('Alice-One.latch.id', {
        attributes: { avatar: 'https://img.example/alice.png', bio: 'hi' },
      }),
    })
    expect(response.statusCode).toBe(201)
    // Viewers get this server's image URL, never the owner's host (avatar.int.test.ts).
    const served = 'http://localhost:80/public/getAvatarImage/alice-one.latch.id'
    expect(response.json()).toMatchObject({
      name: 'alice-one.latch.id',
      registered: clock.getTime() / 1000,
      addresses: { [ANVIL_COIN_TYPE]: { address: alice.address.toLowerCase() } },
      attributes: [{ avatar: served, bio: 'hi' }],
    })
    expect((await get('/v1/profile/account/ALICE-ONE.latch.id')).json()).toMatchObject({
      name: 'alice-one.latch.id',
    })
    const reverse = (await get(`/v1/profile/reverse/${alice.address}`)).json() as { name: string }[]
    expect(reverse.map((r) => r.name)).toEqual(['alice-one.latch.id'])
    expect((await get(`/v1/identity/${alice.address}`)).json()).toEqual({
      name: 'alice-one.latch.id',
      avatar: served,
      avatarRecord: 'https://img.example/alice.png',
    })
  })

  it('an unknown name is a 404 with its code; an address without names has none', async () => {
    const response = await get('/v1/profile/account/nobody-here.latch.id')
    expect(response.statusCode).toBe(404)
    expect(codeOf(response)).toBe('NAME_NOT_FOUND')
    expect((await get('/v1/profile/account/alice-one.eth')).statusCode).toBe(404)
    expect((await get(`/v1/profile/reverse/${mallory.address}`)).json()).toEqual([])
    expect((await get(`/v1/identity/${mallory.address}`)).json()).toEqual({
      name: null,
      avatar: null,
      avatarRecord: null,
    })
  })

  it.each([
    ['abc.latch.id', 400, 'NAME_INVALID'],
    ['al_ice.latch.id', 400, 'NAME_INVALID'],
    ['-alice.latch.id', 400, 'NAME_INVALID'],
    ['admin.latch.id', 409, 'NAME_RESERVED'],
    ['alice.reown.id', 400, 'NAME_WRONG_SUFFIX'],
  ])('%s is refused with %i %s', async (name, status, code) => {
    const response = await register(name)
    expect(response.statusCode).toBe(status)
    expect(codeOf(response)).toBe(code)
  })

  it('a signature by another key, a tampered message or a stale one registers nothing', async () => {
    // Mallory signs, claiming to be Alice.
    const forged = await register('mallory-as-alice.latch.id', {
      signer: mallory,
      address: alice.address,
    })
    expect(forged.statusCode).toBe(401)
    expect(codeOf(forged)).toBe('NAME_BAD_SIGNATURE')
    // Alice's signature over one name, sent with another in the message.
    const message = messageFor('alice-signed.latch.id')
    const signature = await alice.signMessage({ message })
    const tampered = await app.inject({
      method: 'POST',
      url: `/v1/profile/account?projectId=${projectId}`,
      headers: { origin: PAGE },
      payload: {
        coin_type: ANVIL_COIN_TYPE,
        address: alice.address,
        message: message.replace('alice-signed', 'alice-stolen'),
        signature,
      },
    })
    expect(codeOf(tampered)).toBe('NAME_BAD_SIGNATURE')
    const stale = await register('alice-stale.latch.id', {
      message: messageFor('alice-stale.latch.id', { timestamp: clock.getTime() / 1000 - 11 * 60 }),
    })
    expect(codeOf(stale)).toBe('NAME_MESSAGE_EXPIRED')
    const early = await register('alice-early.latch.id', {
      message: messageFor('alice-early.latch.id', { timestamp: clock.getTime() / 1000 + 5 * 60 }),
    })
    expect(codeOf(early)).toBe('NAME_MESSAGE_EXPIRED')
    const script = await register('alice-script.latch.id', {
      message: messageFor('alice-script.latch.id', {
        attributes: { avatar: 'javascript:alert(1)' },
      }),
    })
    expect(codeOf(script)).toBe('NAME_ATTRIBUTE_INVALID')
    const notJson = await register('x', { message: 'register alice-plain.latch.id' })
    expect(codeOf(notJson)).toBe('NAME_MESSAGE_MALFORMED')
    const solana = await register('alice-sol.latch.id', { coinType: 501 })
    expect(codeOf(solana)).toBe('NAME_COIN_TYPE_UNSUPPORTED')
    for (const name of ['mallory-as-alice', 'alice-signed', 'alice-stolen', 'alice-stale'])
      expect((await get(`/v1/profile/account/${name}.latch.id`)).statusCode).toBe(404)
  })

  it('a contract account registers with its owner’s signature (ERC-1271)', async () => {
    const response = await register('contract-account.latch.id', { address: contractAccount })
    expect(response.statusCode).toBe(201)
    const reverse = (await get(`/v1/profile/reverse/${contractAccount}`)).json() as {
      name: string
    }[]
    expect(reverse.map((r) => r.name)).toEqual(['contract-account.latch.id'])
  })

  it('of two registrations racing for one name exactly one wins', async () => {
    const racers = Array.from({ length: 6 }, (_, i) =>
      privateKeyToAccount(`0x${(i + 11).toString(16).padStart(64, '0')}`),
    )
    const responses = await Promise.all(
      racers.map((signer) => register('contested.latch.id', { signer })),
    )
    const statuses = responses.map((r) => r.statusCode).sort()
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409])
    const loser = responses.find((r) => r.statusCode === 409)
    expect(loser && codeOf(loser)).toBe('NAME_TAKEN')
    const winner = responses.find((r) => r.statusCode === 201)?.json() as {
      addresses: Record<string, { address: string }>
    }
    const owner = (await get('/v1/profile/account/contested.latch.id')).json() as typeof winner
    expect(owner.addresses).toEqual(winner.addresses)
  })

  it('the newest name is the primary; an address keeps at most the limit', async () => {
    const bob = privateKeyToAccount(`0x${'b0b'.padStart(64, '0')}`)
    for (let i = 0; i < MAX_NAMES_PER_ADDRESS; i++) {
      const name = `bob-name-${i}.latch.id`
      const message = JSON.stringify({ name, attributes: {}, timestamp: clock.getTime() / 1000 })
      clock.setTime(clock.getTime() + 1000)
      expect((await register(name, { signer: bob, message })).statusCode).toBe(201)
    }
    const reverse = (await get(`/v1/profile/reverse/${bob.address}`)).json() as { name: string }[]
    expect(reverse[0]?.name).toBe(`bob-name-${MAX_NAMES_PER_ADDRESS - 1}.latch.id`)
    expect(reverse).toHaveLength(MAX_NAMES_PER_ADDRESS)
    expect((await get(`/v1/identity/${bob.address}`)).json()).toMatchObject({
      name: `bob-name-${MAX_NAMES_PER_ADDRESS - 1}.latch.id`,
    })
    const over = await register('bob-one-too-many.latch.id', { signer: bob })
    expect(over.statusCode).toBe(409)
    expect(codeOf(over)).toBe('NAME_LIMIT_REACHED')
  })

  it('suggests the name asked for with its state, then free names like it', async () => {
    const taken = (await get('/v1/profile/suggestions/Contested')).json() as {
      suggestions: { name: string; registered: boolean }[]
    }
    expect(taken.suggestions[0]).toEqual({ name: 'contested.latch.id', registered: true })
    expect(taken.suggestions.slice(1).map((s) => s.name)).toEqual([
      'contested1.latch.id',
      'contested2.latch.id',
      'contested3.latch.id',
      'contested4.latch.id',
    ])
    const free = (await get('/v1/profile/suggestions/fresh-name.latch.id')).json() as {
      suggestions: { name: string; registered: boolean }[]
    }
    expect(free.suggestions[0]).toEqual({ name: 'fresh-name.latch.id', registered: false })
    // Too short to register as typed: the suggestions are longer ones that are allowed.
    const short = (await get('/v1/profile/suggestions/abc')).json() as {
      suggestions: { name: string }[]
    }
    expect(short.suggestions.map((s) => s.name)).toContain('abc1.latch.id')
    expect(short.suggestions.map((s) => s.name)).not.toContain('abc.latch.id')
  })

  it('a page off the project’s allow-list gets nothing', async () => {
    const response = await get('/v1/profile/account/alice-one.latch.id', 'https://evil.example')
    expect(response.statusCode).toBe(403)
    expect(codeOf(response)).toBe('ORIGIN_NOT_ALLOWED')
  })
})
