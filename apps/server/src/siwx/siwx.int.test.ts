import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import Fastify, { type FastifyInstance } from 'fastify'
import { type Address, createWalletClient, type Hex, http } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AnvilInstance, startAnvil } from '../../../../scripts/devchain/anvil.js'
import { artifact } from '../../../../scripts/devchain/contracts/artifacts.js'
import { loadChainDataConfig } from '../chains/config.js'
import { type Backend, openTestDb, type TestDb } from '../chains/testing/harness.js'
import { installErrorHandling } from '../http/errors.js'
import { createProject } from '../provider-services/projects.js'
import { siwxRoutes } from './plugin.js'

// Every check of a sign-in, played by an attacker, on PGlite and Postgres, with signatures from
// a dev account and from an ERC-1271 contract account deployed on anvil.

const PAGE = 'http://localhost:5173'
const OTHER_PAGE = 'http://evil.localhost:5173'
const MNEMONIC = 'test test test test test test test test test test test junk'
const owner = mnemonicToAccount(MNEMONIC, { addressIndex: 2 })
const stranger = mnemonicToAccount(MNEMONIC, { addressIndex: 3 })
const backends: Backend[] = ['pglite', 'postgres']

describe.each(backends)('sign in with the wallet on %s', (backend) => {
  let anvil: AnvilInstance
  let db: TestDb
  let app: FastifyInstance
  let projectId = ''
  let otherProject = ''
  let contractAccount: Address
  let clock = new Date('2026-11-24T12:00:00Z')

  beforeAll(async () => {
    anvil = await startAnvil()
    db = await openTestDb(backend)
    app = Fastify({ logger: false })
    app.decorate('db', db.handle.db)
    app.decorate('config', {
      chainData: loadChainDataConfig({}, anvil.rpcUrl), // chain 31337 at anvil
    } as never)
    installErrorHandling(app)
    await app.register(siwxRoutes, { now: () => clock })
    await app.ready()
    projectId = (await createProject(db.handle.db, { name: 'SIWX', origins: [PAGE, OTHER_PAGE] }))
      .id
    otherProject = (await createProject(db.handle.db, { name: 'Other', origins: [PAGE] })).id
    const wallet = createWalletClient({ chain: foundry, transport: http(anvil.rpcUrl) })
    const { abi, bytecode } = artifact('OwnerAccount')
    const [funded] = await wallet.getAddresses()
    const hash = await wallet.deployContract({
      account: funded as Address,
      abi,
      bytecode,
      args: [owner.address],
      chain: foundry,
    })
    const { createPublicClient } = await import('viem')
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

  const call = (
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    options: { body?: unknown; token?: string; origin?: string | null; project?: string } = {},
  ) =>
    app.inject({
      method,
      url: `${path}?projectId=${options.project ?? projectId}`,
      headers: {
        ...(options.origin === null ? {} : { origin: options.origin ?? PAGE }),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      ...(options.body ? { payload: options.body as object } : {}),
    })

  const nonce = async (project = projectId) => {
    const response = await call('POST', '/siwx/v1/nonce', { project, body: {} })
    expect(response.statusCode).toBe(201)
    return (response.json() as { nonce: string }).nonce
  }

  const message = (fields: Partial<Parameters<typeof createSiweMessage>[0]> & { nonce: string }) =>
    createSiweMessage({
      address: owner.address,
      chainId: foundry.id,
      domain: 'localhost:5173',
      uri: `${PAGE}/`,
      version: '1',
      issuedAt: clock,
      statement: 'Sign in to the test app',
      ...fields,
    })

  const verify = async (text: string, signer = owner, options: { origin?: string } = {}) => {
    const signature = await signer.signMessage({ message: text })
    return call('POST', '/siwx/v1/verify', { body: { message: text, signature }, ...options })
  }

  const codeOf = (response: { json(): unknown }) =>
    (response.json() as { error: { code: string } }).error.code

  it('signs in an EOA; the token reads, lists and ends the session', async () => {
    const response = await verify(message({ nonce: await nonce() }))
    expect(response.statusCode).toBe(201)
    const { token, session } = response.json() as {
      token: string
      session: { id: string; address: string; chainId: string; expiresAt: string }
    }
    expect(session).toMatchObject({
      address: owner.address.toLowerCase(),
      chainId: 'eip155:31337',
      expiresAt: new Date(clock.getTime() + 7 * 24 * 3600_000).toISOString(),
    })
    expect((await call('GET', '/siwx/v1/session', { token })).json()).toMatchObject({
      session: { id: session.id },
    })
    // A second sign-in of the same account: both are listed; the first revokes the second.
    const second = (await verify(message({ nonce: await nonce() }))).json() as {
      token: string
      session: { id: string }
    }
    const listed = (await call('GET', '/siwx/v1/sessions', { token })).json() as {
      sessions: { id: string }[]
    }
    expect(listed.sessions.map((s) => s.id).sort()).toEqual([session.id, second.session.id].sort())
    expect(
      (await call('DELETE', `/siwx/v1/sessions/${second.session.id}`, { token })).statusCode,
    ).toBe(204)
    expect((await call('GET', '/siwx/v1/session', { token: second.token })).statusCode).toBe(401)
    expect((await call('POST', '/siwx/v1/sign-out', { token, body: {} })).statusCode).toBe(204)
    expect((await call('GET', '/siwx/v1/session', { token })).statusCode).toBe(401)
  })

  it('signs in an ERC-1271 contract account with its owner’s signature', async () => {
    const text = message({ nonce: await nonce(), address: contractAccount })
    const response = await verify(text, owner)
    expect(response.statusCode).toBe(201)
    expect((response.json() as { session: { address: string } }).session.address).toBe(
      contractAccount.toLowerCase(),
    )
    // Anyone else's signature for the contract is refused.
    const forged = await verify(
      message({ nonce: await nonce(), address: contractAccount }),
      stranger,
    )
    expect(forged.statusCode).toBe(401)
    expect(codeOf(forged)).toBe('SIWX_BAD_SIGNATURE')
  })

  it('refuses a replayed nonce, one from another project, and an unknown one', async () => {
    const text = message({ nonce: await nonce() })
    expect((await verify(text)).statusCode).toBe(201)
    const replay = await verify(text)
    expect([replay.statusCode, codeOf(replay)]).toEqual([400, 'SIWX_NONCE_INVALID'])
    const foreign = await verify(message({ nonce: await nonce(otherProject) }))
    expect(codeOf(foreign)).toBe('SIWX_NONCE_INVALID')
    expect(codeOf(await verify(message({ nonce: 'abcdefgh12345678' })))).toBe('SIWX_NONCE_INVALID')
  })

  it('refuses a nonce older than 5 minutes', async () => {
    const issued = await nonce()
    clock = new Date(clock.getTime() + 5 * 60_000 + 1)
    expect(codeOf(await verify(message({ nonce: issued })))).toBe('SIWX_NONCE_INVALID')
  })

  it('two verifications of one signed message at once: exactly one session', async () => {
    const text = message({ nonce: await nonce() })
    const signature = await owner.signMessage({ message: text })
    const answers = await Promise.all(
      [1, 2, 3].map(() => call('POST', '/siwx/v1/verify', { body: { message: text, signature } })),
    )
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400, 400])
  })

  it('refuses a message for another site, another URI, or sent from another page', async () => {
    expect(codeOf(await verify(message({ nonce: await nonce(), domain: 'bank.example' })))).toBe(
      'SIWX_DOMAIN_MISMATCH',
    )
    expect(
      codeOf(await verify(message({ nonce: await nonce(), uri: 'https://bank.example/' }))),
    ).toBe('SIWX_URI_MISMATCH')
    // Signed for this page, replayed by another allowed page of the project.
    const replayed = await verify(message({ nonce: await nonce() }), owner, { origin: OTHER_PAGE })
    expect(codeOf(replayed)).toBe('SIWX_DOMAIN_MISMATCH')
    const withoutOrigin = await call('POST', '/siwx/v1/verify', {
      origin: null,
      body: { message: message({ nonce: await nonce() }), signature: '0x00' },
    })
    expect(codeOf(withoutOrigin)).toBe('ORIGIN_REQUIRED')
  })

  it('refuses a chain it cannot verify on, and times outside the message’s window', async () => {
    expect(codeOf(await verify(message({ nonce: await nonce(), chainId: 1 })))).toBe(
      'SIWX_CHAIN_UNSUPPORTED',
    )
    const hour = 3600_000
    expect(
      codeOf(
        await verify(
          message({ nonce: await nonce(), expirationTime: new Date(clock.getTime() - 1) }),
        ),
      ),
    ).toBe('SIWX_EXPIRED')
    expect(
      codeOf(
        await verify(
          message({ nonce: await nonce(), notBefore: new Date(clock.getTime() + hour) }),
        ),
      ),
    ).toBe('SIWX_NOT_YET_VALID')
    expect(
      codeOf(
        await verify(message({ nonce: await nonce(), issuedAt: new Date(clock.getTime() + hour) })),
      ),
    ).toBe('SIWX_ISSUED_IN_FUTURE')
    // A message with an expiration ends its session then.
    const expiring = new Date(clock.getTime() + hour)
    const ok = await verify(message({ nonce: await nonce(), expirationTime: expiring }))
    expect((ok.json() as { session: { expiresAt: string } }).session.expiresAt).toBe(
      expiring.toISOString(),
    )
  })

  it('refuses a tampered text, another signer, garbage, and a page off the allow-list', async () => {
    const text = message({ nonce: await nonce() })
    const signature = await owner.signMessage({ message: text })
    const tampered = text.replace('Sign in to the test app', 'Sign in to the test app and pay')
    const answer = await call('POST', '/siwx/v1/verify', { body: { message: tampered, signature } })
    expect([answer.statusCode, codeOf(answer)]).toEqual([401, 'SIWX_BAD_SIGNATURE'])
    // The nonce survived the forgery: the real signature still works.
    expect(
      (await call('POST', '/siwx/v1/verify', { body: { message: text, signature } })).statusCode,
    ).toBe(201)
    expect(codeOf(await verify(message({ nonce: await nonce() }), stranger))).toBe(
      'SIWX_BAD_SIGNATURE',
    )
    expect(
      codeOf(
        await call('POST', '/siwx/v1/verify', {
          body: { message: 'hello', signature: '0x' as Hex },
        }),
      ),
    ).toBe('SIWX_MALFORMED')
    const offList = await call('POST', '/siwx/v1/nonce', {
      origin: 'https://evil.example',
      body: {},
    })
    expect([offList.statusCode, codeOf(offList)]).toEqual([403, 'ORIGIN_NOT_ALLOWED'])
  })

  it('a session is worth nothing in another project, and cannot revoke another account’s', async () => {
    const mine = (await verify(message({ nonce: await nonce() }))).json() as {
      token: string
      session: { id: string }
    }
    expect(
      (await call('GET', '/siwx/v1/session', { token: mine.token, project: otherProject }))
        .statusCode,
    ).toBe(401)
    const theirs = (
      await verify(message({ nonce: await nonce(), address: stranger.address }), stranger)
    ).json() as { token: string }
    const attempt = await call('DELETE', `/siwx/v1/sessions/${mine.session.id}`, {
      token: theirs.token,
    })
    expect(attempt.statusCode).toBe(404)
    expect((await call('GET', '/siwx/v1/session', { token: mine.token })).statusCode).toBe(200)
  })

  describe('Solana (CAIP-122)', () => {
    const secret = ed25519.utils.randomPrivateKey()
    const solanaAddress = base58.encode(ed25519.getPublicKey(secret))
    const otherSecret = ed25519.utils.randomPrivateKey()
    const solanaMessage = (
      fields: { nonce: string } & Partial<{
        domain: string
        address: string
        chain: string
        issuedAt: Date
        expiration: Date
      }>,
    ) =>
      [
        `${fields.domain ?? 'localhost:5173'} wants you to sign in with your Solana account:`,
        fields.address ?? solanaAddress,
        '',
        'Sign in to the test app',
        '',
        `URI: ${PAGE}/`,
        'Version: 1',
        `Chain ID: ${fields.chain ?? '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'}`,
        `Nonce: ${fields.nonce}`,
        `Issued At: ${(fields.issuedAt ?? clock).toISOString()}`,
        ...(fields.expiration ? [`Expiration Time: ${fields.expiration.toISOString()}`] : []),
      ].join('\n')
    const sign = (text: string, key = secret) => ed25519.sign(new TextEncoder().encode(text), key)
    const verifySolana = (text: string, signature: string) =>
      call('POST', '/siwx/v1/verify', { body: { message: text, signature } })

    it('signs in a Solana account; its base58 key is kept as signed', async () => {
      const text = solanaMessage({ nonce: await nonce() })
      const response = await verifySolana(text, base58.encode(sign(text)))
      expect(response.statusCode).toBe(201)
      const { token, session } = response.json() as {
        token: string
        session: { address: string; chainId: string }
      }
      expect(session).toMatchObject({
        address: solanaAddress,
        chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      })
      expect((await call('GET', '/siwx/v1/sessions', { token })).json()).toMatchObject({
        sessions: [{ address: solanaAddress }],
      })
      // A base64 signature (some wallets hand it over so) and a full CAIP-2 chain id read too.
      const again = solanaMessage({
        nonce: await nonce(),
        chain: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
      })
      const base64Signature = Buffer.from(sign(again)).toString('base64')
      expect((await verifySolana(again, base64Signature)).statusCode).toBe(201)
    })

    it('refuses another key, a tampered text, a wrong domain, an unknown chain, an expired message and a replayed nonce', async () => {
      const cases: [string, string, string][] = []
      const n1 = await nonce()
      const byOther = solanaMessage({ nonce: n1 })
      cases.push([byOther, base58.encode(sign(byOther, otherSecret)), 'SIWX_BAD_SIGNATURE'])
      const n2 = await nonce()
      const signed = solanaMessage({ nonce: n2 })
      cases.push([
        signed.replace('Sign in to the test app', 'Sign in to another app'),
        base58.encode(sign(signed)),
        'SIWX_BAD_SIGNATURE',
      ])
      const elsewhere = solanaMessage({ nonce: await nonce(), domain: 'evil.example' })
      cases.push([elsewhere, base58.encode(sign(elsewhere)), 'SIWX_DOMAIN_MISMATCH'])
      const unknownChain = solanaMessage({ nonce: await nonce(), chain: 'NotAChain1111' })
      cases.push([unknownChain, base58.encode(sign(unknownChain)), 'SIWX_CHAIN_UNSUPPORTED'])
      const expired = solanaMessage({
        nonce: await nonce(),
        issuedAt: new Date(clock.getTime() - 3600_000),
        expiration: new Date(clock.getTime() - 60_000),
      })
      cases.push([expired, base58.encode(sign(expired)), 'SIWX_EXPIRED'])
      const badKey = solanaMessage({ nonce: await nonce(), address: 'not-base58-0OIl' })
      cases.push([badKey, base58.encode(sign(badKey)), 'SIWX_MALFORMED'])
      for (const [text, signature, code] of cases) {
        const response = await verifySolana(text, signature)
        expect(codeOf(response), code).toBe(code)
      }
      // The refused attempts burnt no nonce: the real signer still signs in with n2's message.
      expect((await verifySolana(signed, base58.encode(sign(signed)))).statusCode).toBe(201)
      const replay = await verifySolana(signed, base58.encode(sign(signed)))
      expect(codeOf(replay)).toBe('SIWX_NONCE_INVALID')
    })
  })

  describe('cookie sessions', () => {
    const withCookie = (
      method: 'GET' | 'POST',
      path: string,
      cookie: string,
      options: { origin?: string; project?: string } = {},
    ) =>
      app.inject({
        method,
        url: `${path}?projectId=${options.project ?? projectId}`,
        headers: { origin: options.origin ?? PAGE, cookie },
        ...(method === 'POST' ? { payload: {} } : {}),
      })

    it('sets an HttpOnly, Secure, SameSite=Strict cookie and leaves the token out of the answer', async () => {
      const text = message({ nonce: await nonce() })
      const signature = await owner.signMessage({ message: text })
      const response = await call('POST', '/siwx/v1/verify', {
        body: { message: text, signature, transport: 'cookie' },
      })
      expect(response.statusCode).toBe(201)
      expect(response.json()).not.toHaveProperty('token')
      const setCookie = String(response.headers['set-cookie'])
      expect(setCookie).toMatch(
        /^latch_siwx=[^;]+; HttpOnly; Secure; SameSite=Strict; Path=\/siwx; Max-Age=604800$/,
      )
      expect(response.headers['access-control-allow-credentials']).toBe('true')
      expect(response.headers['access-control-allow-origin']).toBe(PAGE)
      const cookie = setCookie.split(';')[0] as string

      const session = await withCookie('GET', '/siwx/v1/session', cookie)
      expect(session.statusCode).toBe(200)
      expect(session.json()).toMatchObject({ session: { address: owner.address.toLowerCase() } })

      // The attacker's pages: another project, and an origin off the allow-list.
      expect(
        (await withCookie('GET', '/siwx/v1/session', cookie, { project: otherProject })).statusCode,
      ).toBe(401)
      const foreign = await withCookie('GET', '/siwx/v1/session', cookie, {
        origin: 'https://evil.example',
      })
      expect(foreign.statusCode).toBe(403)
      expect(codeOf(foreign)).toBe('ORIGIN_NOT_ALLOWED')

      // Signing out clears the cookie, and the token behind it no longer works.
      const out = await withCookie('POST', '/siwx/v1/sign-out', cookie)
      expect(out.statusCode).toBe(204)
      expect(String(out.headers['set-cookie'])).toMatch(/^latch_siwx=; .*Max-Age=0$/)
      expect((await withCookie('GET', '/siwx/v1/session', cookie)).statusCode).toBe(401)
    })

    it('the preflight lets the allowed page send credentials, and no other page', async () => {
      const preflight = (origin: string) =>
        app.inject({
          method: 'OPTIONS',
          url: `/siwx/v1/session?projectId=${projectId}`,
          headers: { origin, 'access-control-request-method': 'GET' },
        })
      const allowed = await preflight(PAGE)
      expect(allowed.statusCode).toBe(204)
      expect(allowed.headers['access-control-allow-credentials']).toBe('true')
      expect(allowed.headers['access-control-allow-origin']).toBe(PAGE)
      const refused = await preflight('https://evil.example')
      expect(refused.statusCode).toBe(403)
      expect(refused.headers['access-control-allow-origin']).toBeUndefined()
    })
  })
})
