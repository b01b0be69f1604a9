import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { DEFAULT_RPC_LIMITS } from './auth/rpc-config.js'
import {
  ConfigError,
  DEFAULT_WEB_ORIGINS,
  IN_MEMORY_DATA_DIR,
  loadConfig,
  localKeyFiles,
} from './config.js'

function issuesOf(env: Record<string, string>): readonly string[] {
  try {
    loadConfig(env, '/srv/latch')
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    return (error as ConfigError).issues
  }
  throw new Error('expected a ConfigError')
}

describe('loadConfig', () => {
  test('defaults', () => {
    expect(loadConfig({}, '/srv/latch')).toEqual({
      port: 8787,
      host: '127.0.0.1',
      databaseUrl: undefined,
      dataDir: path.resolve('/srv/latch', '.data'),
      chainRpcUrl: 'http://127.0.0.1:8545',
      logLevel: 'info',
      redisUrl: undefined,
      webOrigins: DEFAULT_WEB_ORIGINS,
      auth: expect.any(Object), // auth/config.test.ts
      chainData: expect.any(Object), // chaindata/config.test.ts
      production: false,
      docs: true,
      trustProxy: false,
      rateLimitFailOpen: false,
      nameSuffix: 'latch.id',
      rpc: DEFAULT_RPC_LIMITS,
      metrics: expect.any(Object), // observability/config.test.ts
      onramp: { moonpay: undefined, coinbase: undefined }, // onramp/routes.int.test.ts
      swaps: { dexRouters: new Map(), usdTokens: new Map(), aggregator: null }, // chains/eip155/convert/config.test.ts
      bundlers: expect.any(Map), // chains/eip155/bundler/config.test.ts
      paymaster: null, // chains/eip155/paymaster/config.test.ts
    })
  })

  test('reads every variable', () => {
    const config = loadConfig(
      {
        LATCH_SERVER_PORT: '9000',
        LATCH_SERVER_HOST: '0.0.0.0',
        DATABASE_URL: 'postgresql://latch:pw@db:5432/latch',
        LATCH_DATA_DIR: '/var/lib/latch',
        LATCH_CHAIN_RPC_URL: 'https://rpc.example.org/v1',
        LATCH_LOG_LEVEL: 'debug',
        REDIS_URL: 'redis://cache:6379/0',
        LATCH_WEB_ORIGINS: 'https://app.example.org, http://localhost:5173',
        LATCH_ADMIN_TOKEN: 'an-admin-token-of-24-characters',
        LATCH_DOCS: 'off',
        LATCH_TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
        LATCH_RATE_LIMIT_ON_REDIS_FAILURE: 'open',
        LATCH_NAME_SUFFIX: 'names.example.org',
        LATCH_RPC_CALLS_PER_CLIENT_MINUTE: '60',
        LATCH_RPC_CALLS_PER_PROJECT_MINUTE: '1000',
        LATCH_RPC_CALLS_PER_PROJECT_DAY: '100000',
        LATCH_RPC_LOGS_MAX_BLOCKS: '2000',
      },
      '/srv/latch',
    )
    expect(config).toEqual({
      port: 9000,
      host: '0.0.0.0',
      databaseUrl: 'postgresql://latch:pw@db:5432/latch',
      dataDir: '/var/lib/latch',
      chainRpcUrl: 'https://rpc.example.org/v1',
      logLevel: 'debug',
      redisUrl: 'redis://cache:6379/0',
      webOrigins: ['https://app.example.org', 'http://localhost:5173'],
      auth: expect.any(Object), // auth/config.test.ts
      chainData: expect.any(Object), // chaindata/config.test.ts
      adminToken: 'an-admin-token-of-24-characters',
      production: false,
      docs: false,
      trustProxy: ['10.0.0.0/8', '127.0.0.1'],
      rateLimitFailOpen: true,
      nameSuffix: 'names.example.org',
      rpc: {
        clientPerMinute: 60,
        projectPerMinute: 1000,
        projectPerDay: 100000,
        maxLogBlocks: 2000,
      },
      metrics: expect.any(Object), // observability/config.test.ts
      onramp: { moonpay: undefined, coinbase: undefined }, // onramp/routes.int.test.ts
      swaps: { dexRouters: new Map(), usdTokens: new Map(), aggregator: null }, // chains/eip155/convert/config.test.ts
      bundlers: expect.any(Map), // chains/eip155/bundler/config.test.ts
      paymaster: null, // chains/eip155/paymaster/config.test.ts
    })
  })

  test('empty variables count as unset', () => {
    const config = loadConfig({ DATABASE_URL: '', LATCH_SERVER_PORT: ' ', REDIS_URL: '' }, '/x')
    expect(config.databaseUrl).toBeUndefined()
    expect(config.port).toBe(8787)
    expect(config.redisUrl).toBeUndefined()
  })

  test('a relative data dir resolves against cwd; memory:// is kept', () => {
    expect(loadConfig({ LATCH_DATA_DIR: 'state' }, '/srv/latch').dataDir).toBe('/srv/latch/state')
    expect(loadConfig({ LATCH_DATA_DIR: IN_MEMORY_DATA_DIR }, '/x').dataDir).toBe(
      IN_MEMORY_DATA_DIR,
    )
  })

  test('port 0 (pick a free port) is allowed', () => {
    expect(loadConfig({ LATCH_SERVER_PORT: '0' }).port).toBe(0)
  })

  test('LATCH_WEB_ORIGINS accepts an explicit empty list through commas only', () => {
    expect(loadConfig({ LATCH_WEB_ORIGINS: ',' }).webOrigins).toEqual([])
  })
})

describe('loadConfig rejects', () => {
  test.each([
    ['abc', 'got "abc"'],
    ['-1', 'got "-1"'],
    ['65536', 'got "65536"'],
    ['80.5', 'got "80.5"'],
    ['0x50', 'got "0x50"'],
  ])('LATCH_SERVER_PORT=%s', (value, got) => {
    const [issue] = issuesOf({ LATCH_SERVER_PORT: value })
    expect(issue).toMatch(/^LATCH_SERVER_PORT: must be an integer port between 0 and 65535/)
    expect(issue).toContain(got)
  })

  test('LATCH_SERVER_HOST with spaces', () => {
    expect(issuesOf({ LATCH_SERVER_HOST: 'local host' })).toEqual([
      'LATCH_SERVER_HOST: must be a host name or IP',
    ])
  })

  test.each(['mysql://root@db/latch', 'not a url', 'http://db:5432/latch', 'postgres'])(
    'DATABASE_URL=%s',
    (value) => {
      expect(issuesOf({ DATABASE_URL: value })).toEqual([
        `DATABASE_URL: must be a postgres:// URL, got ${JSON.stringify(value)}`,
      ])
    },
  )

  test('DATABASE_URL echoes no password', () => {
    const [issue] = issuesOf({ DATABASE_URL: 'mysql://root:hunter2@db/latch' })
    expect(issue).not.toContain('hunter2')
    expect(issue).toContain('mysql://root:***@db/latch')
  })

  test.each(['ws://127.0.0.1:8545', '127.0.0.1:8545', 'localhost'])(
    'LATCH_CHAIN_RPC_URL=%s',
    (value) => {
      expect(issuesOf({ LATCH_CHAIN_RPC_URL: value })).toEqual([
        `LATCH_CHAIN_RPC_URL: must be a http(s):// URL, got ${JSON.stringify(value)}`,
      ])
    },
  )

  test.each(['verbose', 'INFO', '3'])('LATCH_LOG_LEVEL=%s', (value) => {
    const [issue] = issuesOf({ LATCH_LOG_LEVEL: value })
    expect(issue).toBe(
      'LATCH_LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent',
    )
  })

  test.each(['http://cache:6379', 'cache:6379', 'memcached://x'])('REDIS_URL=%s', (value) => {
    expect(issuesOf({ REDIS_URL: value })).toEqual([
      `REDIS_URL: must be a redis:// URL, got ${JSON.stringify(value)}`,
    ])
  })

  test.each([
    ['https://app.example.org/', 'https://app.example.org/'],
    ['app.example.org', 'app.example.org'],
    ['https://ok.example, ftp://files.example', 'ftp://files.example'],
    ['https://app.example.org/path', 'https://app.example.org/path'],
  ])('LATCH_WEB_ORIGINS=%s', (value, bad) => {
    const issues = issuesOf({ LATCH_WEB_ORIGINS: value })
    expect(issues).toHaveLength(1)
    expect(issues[0]).toMatch(/^LATCH_WEB_ORIGINS: each entry must be an origin/)
    expect(issues[0]).toContain(JSON.stringify(bad))
  })

  test('LATCH_DATA_DIR is fine with any non-empty path', () => {
    expect(loadConfig({ LATCH_DATA_DIR: './a b' }, '/x').dataDir).toBe('/x/a b')
  })

  test('lists every wrong variable in one error', () => {
    let error: unknown
    try {
      loadConfig({ LATCH_SERVER_PORT: 'x', DATABASE_URL: 'mysql://db', REDIS_URL: 'nope' })
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(ConfigError)
    const message = (error as ConfigError).message
    expect(message).toContain('LATCH_SERVER_PORT:')
    expect(message).toContain('DATABASE_URL: must be a postgres:// URL, got "mysql://db"')
    expect(message).toContain('REDIS_URL:')
    expect((error as ConfigError).issues).toHaveLength(3)
  })
})

describe('one loader for every plugin', () => {
  test('the chain data settings come with the rest, on the same RPC default', () => {
    const config = loadConfig({ LATCH_CHAIN_RPC_URL: 'http://node:8545' })
    expect(config.chainData.chains).toEqual([{ chainId: 31337, rpcUrl: 'http://node:8545' }])
    const indexed = loadConfig({
      LATCH_INDEX_CHAINS: '8453=https://base.example',
      LATCH_INDEXER: 'off',
    })
    expect(indexed.chainData.chains).toEqual([{ chainId: 8453, rpcUrl: 'https://base.example' }])
    expect(indexed.chainData.indexInProcess).toBe(false)
  })

  test("a wrong chain data variable is reported beside the server's own", () => {
    expect(issuesOf({ LATCH_SERVER_PORT: 'x', LATCH_INDEXER: 'sometimes' })).toEqual([
      expect.stringMatching(/^LATCH_SERVER_PORT: /),
      expect.stringMatching(/^LATCH_INDEXER: must be in-process or off/),
    ])
  })
})

describe('production mode', () => {
  const secrets = {
    LATCH_AUTH_SHARE_KEY: Buffer.alloc(32, 1).toString('base64'),
    LATCH_RECOVERY_KEY: Buffer.alloc(32, 2).toString('base64'),
    LATCH_CURSOR_SECRET: 'a-cursor-secret-of-enough-length',
  }

  test('refuses to load without the three secrets, naming the missing ones', () => {
    for (const mode of [{ NODE_ENV: 'production' }, { LATCH_ENV: 'production' }]) {
      expect(() => loadConfig({ ...mode, LATCH_DATA_DIR: '/srv/latch' })).toThrow(
        /needs LATCH_AUTH_SHARE_KEY, LATCH_RECOVERY_KEY, LATCH_CURSOR_SECRET from the environment/,
      )
      const { LATCH_CURSOR_SECRET: _, ...twoOfThree } = secrets
      expect(() => loadConfig({ ...mode, ...twoOfThree })).toThrow(/needs LATCH_CURSOR_SECRET from/)
      const config = loadConfig({ ...mode, ...secrets, LATCH_DATA_DIR: '/srv/latch' })
      expect(config.production).toBe(true)
      // Nothing is read from (or written to) files beside the database.
      expect(localKeyFiles(config)).toEqual([])
    }
  })

  test('development names the key files it uses beside the database', () => {
    const config = loadConfig({ LATCH_DATA_DIR: '/srv/latch' })
    expect(config.production).toBe(false)
    expect(localKeyFiles(config)).toEqual([
      '/srv/latch/keys/auth-share.key',
      '/srv/latch/keys/recovery.key',
      '/srv/latch/keys/cursor.key',
    ])
    expect(localKeyFiles(loadConfig({ LATCH_DATA_DIR: '/srv/latch', ...secrets }))).toEqual([])
  })

  test('/docs is on in development and off in production unless LATCH_DOCS says otherwise', () => {
    expect(loadConfig({}).docs).toBe(true)
    expect(loadConfig({ LATCH_DOCS: 'off' }).docs).toBe(false)
    expect(loadConfig({ LATCH_ENV: 'production', ...secrets }).docs).toBe(false)
    expect(loadConfig({ LATCH_ENV: 'production', LATCH_DOCS: 'on', ...secrets }).docs).toBe(true)
    expect(() => loadConfig({ LATCH_DOCS: 'yes' })).toThrow(/LATCH_DOCS/)
  })
})

describe('LATCH_TRUST_PROXY', () => {
  test('off by default; a hop count or a list of proxies; nonsense is refused', () => {
    expect(loadConfig({}).trustProxy).toBe(false)
    expect(loadConfig({ LATCH_TRUST_PROXY: '2' }).trustProxy).toBe(2)
    expect(loadConfig({ LATCH_TRUST_PROXY: '::1,10.1.0.0/16' }).trustProxy).toEqual([
      '::1',
      '10.1.0.0/16',
    ])
    for (const bad of ['everyone', '10.0.0.0/33', '1.2.3', '::1/129', '10.0.0.1/8/8', '100'])
      expect(() => loadConfig({ LATCH_TRUST_PROXY: bad }), bad).toThrow(/LATCH_TRUST_PROXY/)
  })

  test('the RPC limits are whole numbers; zero or junk is refused', () => {
    for (const bad of ['0', '-5', '1.5', 'lots'])
      expect(() => loadConfig({ LATCH_RPC_LOGS_MAX_BLOCKS: bad }), bad).toThrow(
        /LATCH_RPC_LOGS_MAX_BLOCKS: must be a whole number/,
      )
  })

  test('on is refused, naming the forms that work: it would trust the client-written hop', () => {
    for (const on of ['on', 'true'])
      expect(issuesOf({ LATCH_TRUST_PROXY: on })).toEqual([
        expect.stringMatching(
          /^LATCH_TRUST_PROXY: .*choose its address.*number of proxies.*addresses\/CIDRs/,
        ),
      ])
  })

  test('LATCH_NAME_SUFFIX is a lower-case domain of two labels or more', () => {
    expect(loadConfig({ LATCH_NAME_SUFFIX: 'id.example.com' }).nameSuffix).toBe('id.example.com')
    for (const bad of ['example', 'Names.Example', '-x.example', 'a..b', 'x.example.'])
      expect(() => loadConfig({ LATCH_NAME_SUFFIX: bad }), bad).toThrow(/LATCH_NAME_SUFFIX/)
  })
})
