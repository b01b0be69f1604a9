/**
 * `npm start`: the whole Latch stack on loopback — dev chain, server (with its database),
 * web app and secure frame. One process but anvil; Ctrl-C (or SIGTERM) stops every part.
 */
import { randomBytes } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { startDevChain } from './devchain/start.js'
import { awaitBackgroundChains, DEV_CHAINS, devChainServerEnv, startDevChains } from './families.js'
import { DEV_WALLETCONNECT_PROJECT_ID } from './relay/index.js'
import { readStackEnv, StackEnvError } from './stack/env.js'
import { endStaleProcess, removePidFile, writePidFile } from './stack/pidfile.js'
import { createStepTimer } from './stack/steps.js'
import { readStackWebMode, StackWebModeError, serveApp } from './stack/vite.js'
import { answersHttp, waitFor } from './stack/wait.js'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const log = (message: string) => console.log(`[latch] ${message}`)

async function main() {
  const env = readStackEnv(process.env, root)
  const webMode = readStackWebMode(process.env.LATCH_STACK_WEB)
  mkdirSync(path.join(env.dataDir, 'run'), { recursive: true })
  const stops: Array<{ name: string; fn: () => Promise<unknown> }> = []
  let stopping = false
  const stop = async (code: number) => {
    if (stopping) process.exit(code)
    stopping = true
    log('stopping…')
    // A part that hangs on the way out must not keep the rest of the machine's ports.
    const deadline = setTimeout(() => {
      log('a part did not stop within 10 s; exiting anyway')
      process.exit(code || 1)
    }, 10_000)
    deadline.unref()
    for (const { name, fn } of stops.reverse()) {
      await fn().catch((e) => console.error(`[latch] stopping ${name} failed:`, e))
      if (process.env.LATCH_DEBUG_STOP) log(`stopped ${name}`)
    }
    process.exit(code)
  }
  process.on('SIGINT', () => void stop(0))
  process.on('SIGTERM', () => void stop(0))

  const timer = createStepTimer(log)
  try {
    const anvilPidFile = path.join(env.dataDir, 'run', 'anvil.pid')
    const stale = await endStaleProcess(anvilPidFile)
    if (stale) log(`ended anvil (pid ${stale}) left behind by an earlier run`)

    const chain = await timer.step(
      'dev chain (anvil, seeded history)',
      () =>
        startDevChain({
          port: env.chainPort,
          statePath: path.join(env.dataDir, 'chain', 'state.json'),
          log,
        }),
      (c) => (c.started ? c.rpcUrl : `already running at ${c.rpcUrl}: left as is`),
    )
    stops.push({
      name: 'dev chain',
      fn: async () => {
        await chain.stop()
        removePidFile(anvilPidFile)
      },
    })
    if (chain.pid) writePidFile(anvilPidFile, { pid: chain.pid, marker: 'anvil' })

    // ERC-4337: Pimlico's alto bundles user operations for the 4337 contracts the dev chain
    // carries (docs/smart-accounts.md). Its own process; GPL code kept to this dev workspace,
    // never part of a deployment, which names its bundler in LATCH_BUNDLER_URLS.
    const bundlerPidFile = path.join(env.dataDir, 'run', 'bundler.pid')
    const staleBundler = await endStaleProcess(bundlerPidFile)
    if (staleBundler) log(`ended the bundler (pid ${staleBundler}) left behind by an earlier run`)
    const bundler = chain.aa
      ? await timer.step(
          'dev bundler (alto, ERC-4337)',
          async () => {
            const { bundlerPort, startDevBundler } = await import('./bundler/index.js')
            const trace = process.env.LATCH_BUNDLER_DEBUG
              ? (line: string) => log(`alto ${line}`)
              : undefined
            return startDevBundler({ rpcUrl: chain.rpcUrl, port: bundlerPort(), trace })
          },
          (b) => `${b.url}, answering ${(b.startMs / 1000).toFixed(2)} s after its start`,
        )
      : null
    if (bundler) {
      writePidFile(bundlerPidFile, { pid: bundler.pid, marker: 'alto' })
      stops.push({
        name: 'dev bundler',
        fn: async () => {
          await bundler.stop()
          removePidFile(bundlerPidFile)
        },
      })
    }

    // The chain families' dev chains (scripts/families.ts), one step each; a slow seed (Polkadot's)
    // starts now in the background and is awaited last, once the web app answers.
    const devChains = await startDevChains(DEV_CHAINS, { root, env, timer, stops })

    const serverUrl = `http://localhost:${env.serverPort}`
    const webUrl = `http://localhost:${env.webPort}`
    const frameUrl = `http://127.0.0.1:${env.framePort}`
    const webOrigins = [webUrl, `http://127.0.0.1:${env.webPort}`]
    // Embedded wallet: sign-in codes go to a local SMTP catcher unless LATCH_SMTP_URL names a
    // real server; its mailbox page is printed below. The auth routes answer the frame.
    const mailbox = process.env.LATCH_SMTP_URL
      ? undefined
      : await timer.step('mailbox (SMTP catcher)', async () => {
          const { startMailbox } = await import('./mailbox/index.js')
          return startMailbox({ smtpPort: env.mailboxSmtpPort, httpPort: env.mailboxPort })
        })
    if (mailbox) stops.push({ name: 'mailbox', fn: () => mailbox.stop() })
    // WalletConnect: the hosted relay needs a WalletConnect Cloud project id. Without one, a
    // local relay speaking its protocol stands in, so phone-wallet pairing works offline
    // (docs/walletconnect.md#the-dev-relay); it is never part of a deployment.
    const walletConnectProjectId = process.env.LATCH_WALLETCONNECT_PROJECT_ID || undefined
    const relay = walletConnectProjectId
      ? undefined
      : await timer.step('WalletConnect dev relay', async () => {
          const { startDevRelay } = await import('./relay/index.js')
          return startDevRelay({
            port: env.relayPort,
            projectId: DEV_WALLETCONNECT_PROJECT_ID,
            // The web app's pages; a page on any other site is refused (SDKs in Node send no Origin).
            allowedOrigins: webOrigins,
            trace: process.env.LATCH_RELAY_DEBUG ? (line) => log(`relay ${line}`) : undefined,
          })
        })
    if (relay) stops.push({ name: 'WalletConnect dev relay', fn: () => relay.stop() })
    // Social sign-in: real providers need OAuth clients registered with them. Without any
    // configured, one local OpenID provider per social provider stands in, so every social
    // flow runs offline (docs/social.md#the-dev-identity-provider); never part of a deployment.
    const socialConfigured = Object.entries(process.env).some(
      ([key, value]) => /^LATCH_SOCIAL_[A-Z]+_CLIENT_ID$/.test(key) && !!value,
    )
    const idp = socialConfigured
      ? undefined
      : await timer.step('dev identity provider (social sign-in)', async () => {
          const { startDevIdentityProvider } = await import('./idp/index.js')
          return startDevIdentityProvider({
            port: env.idpPort,
            redirectUris: [`${serverUrl}/auth/v1/social/callback`],
          })
        })
    if (idp) stops.push({ name: 'dev identity provider', fn: () => idp.stop() })
    const socialEnv = idp ? await devSocialEnv(idp) : {}
    // On-ramp: without a provider's keys, a MoonPay stand-in on loopback sells dev-chain ETH by
    // test card and tells the server by signed webhook (docs/onramp.md#the-dev-sandbox); never
    // part of a deployment.
    const onrampConfigured = Object.entries(process.env).some(
      ([key, value]) =>
        /^LATCH_ONRAMP_(MOONPAY_SECRET_KEY|COINBASE_KEY_NAME)$/.test(key) && !!value,
    )
    const onramp = onrampConfigured
      ? undefined
      : await timer.step(
          'dev on-ramp sandbox (MoonPay protocol)',
          async () => {
            const { onrampPort, startDevOnramp } = await import('./onramp/index.js')
            return startDevOnramp({
              port: onrampPort(),
              rpcUrl: chain.rpcUrl,
              chainId: 31337,
              webhookUrl: `${serverUrl}/v1/onramp/webhooks/moonpay`,
            })
          },
          (o) => o.url,
        )
    if (onramp) stops.push({ name: 'dev on-ramp sandbox', fn: () => onramp.stop() })
    // The `project` CLI changes the running server's projects through its admin API, with a
    // token made for this run (docs/provider-services.md#administration).
    const adminToken = process.env.LATCH_ADMIN_TOKEN || randomBytes(24).toString('base64url')
    const serverEnv = {
      LATCH_ADMIN_TOKEN: adminToken,
      ...process.env,
      ...(mailbox ? { LATCH_SMTP_URL: mailbox.smtpUrl } : {}),
      ...socialEnv,
      ...onramp?.env,
      LATCH_FRAME_ORIGINS: process.env.LATCH_FRAME_ORIGINS || frameUrl,
      // The bundler route (/v1/bundler) forwards the dev chain's user operations to alto.
      LATCH_BUNDLER_URLS:
        process.env.LATCH_BUNDLER_URLS || (bundler ? `eip155:31337=${bundler.url}` : ''),
      // The dev paymaster's sponsorship, signed by the server (ERC-7677, /v1/paymaster): every
      // project, 20 operations per account and 1000 per project a day (docs/smart-accounts.md).
      ...(chain.aa && !process.env.LATCH_PAYMASTERS ? await devPaymasterEnv() : {}),
      // The convert API (/v1/convert/*) quotes and swaps on the dev chain's Uniswap V2 pools,
      // pricing against LUSD (devchain/dex, docs/swap.md).
      LATCH_SWAP_DEX_ROUTERS:
        process.env.LATCH_SWAP_DEX_ROUTERS ||
        (chain.dex ? `eip155:31337=${chain.dex.contracts.router02}` : ''),
      LATCH_SWAP_USD_TOKENS:
        process.env.LATCH_SWAP_USD_TOKENS ||
        (chain.dex
          ? `eip155:31337=${(await import('./devchain/accounts.js')).devTokens.lusd.address}`
          : ''),
      LATCH_SERVER_PORT: String(env.serverPort),
      LATCH_DATA_DIR: env.dataDir,
      LATCH_CHAIN_RPC_URL: chain.rpcUrl,
      // Sign In With Farcaster reads custody from the dev chain's copy of Farcaster's ID registry
      // unless an Optimism RPC is configured (docs/social.md#farcaster).
      LATCH_FARCASTER_RPC_URL: process.env.LATCH_FARCASTER_RPC_URL || chain.rpcUrl,
      // History, balances and sign-in of each family's dev chain; a variable set wins.
      ...devChainServerEnv(devChains, process.env),
      // Request logs would drown the URLs; `LATCH_LOG_LEVEL=info npm start` brings them back.
      LATCH_LOG_LEVEL: process.env.LATCH_LOG_LEVEL ?? 'warn',
      LATCH_WEB_ORIGINS: webOrigins.join(','),
    }
    const databaseName = env.databaseUrl
      ? 'Postgres (DATABASE_URL)'
      : `PGlite in ${path.join(env.dataDir, 'pglite')}`
    const server = await timer.step(
      'server (database, migrations, routes)',
      async () => {
        const { loadConfig } = await import('../apps/server/src/config.js')
        const { startServer } = await import('../apps/server/src/server.js')
        const running = await startServer(loadConfig(serverEnv, root))
        stops.push({ name: 'server', fn: () => running.close() })
        await waitFor('server', () => answersHttp(`${serverUrl}/healthz`))
        return running
      },
      () => databaseName,
    )
    const project = await timer.step(
      'dev project',
      async () => {
        const { ensureDevProject } = await import(
          '../apps/server/src/provider-services/projects.js'
        )
        return ensureDevProject(server.database.db, {
          origins: webOrigins,
          id: process.env.LATCH_DEV_PROJECT_ID || undefined,
        })
      },
      (p) => p.id,
    )

    const devName = await timer.step(
      'dev account name',
      async () => {
        const { registerDevName } = await import('./stack/devName.js')
        const { demoAccounts } = await import('./devchain/accounts.js')
        const address = demoAccounts[1]
        const name = await registerDevName({
          serverUrl,
          projectId: project.id,
          origin: webOrigins[0] ?? webUrl,
          rpcUrl: chain.rpcUrl,
          chainId: 31337,
          address,
          label: 'latch-demo',
        })
        return { name, address }
      },
      (n) => n.name,
    )

    process.env.VITE_LATCH_SERVER_URL = serverUrl
    process.env.VITE_LATCH_FRAME_URL = frameUrl
    process.env.VITE_LATCH_PROJECT_ID = project.id
    process.env.VITE_LATCH_CHAIN_RPC_URL = chain.rpcUrl
    // Each family's dev chain, for the web app's families (apps/web/src/families/).
    for (const { running } of devChains) Object.assign(process.env, running.webEnv)
    process.env.VITE_LATCH_WALLETCONNECT_PROJECT_ID =
      walletConnectProjectId ?? DEV_WALLETCONNECT_PROJECT_ID
    process.env.VITE_LATCH_WALLETCONNECT_RELAY_URL = relay
      ? relay.url
      : (process.env.LATCH_WALLETCONNECT_RELAY_URL ?? '')
    const how = webMode === 'built' ? 'built, Vite preview' : 'Vite'
    const outDir = (name: string) => path.join(env.dataDir, 'built', name)
    await timer.step(`web app (${how})`, async () => {
      const web = await serveApp(webMode, {
        root,
        dir: 'apps/web',
        host: 'localhost',
        port: env.webPort,
        outDir: outDir('web'),
      })
      stops.push({ name: 'web app', fn: () => web.close() })
      await waitFor('web app', () => answersHttp(webUrl))
    })
    await timer.step(`secure frame (${how})`, async () => {
      const frame = await serveApp(webMode, {
        root,
        dir: 'packages/frame',
        host: '127.0.0.1',
        port: env.framePort,
        outDir: outDir('frame'),
      })
      stops.push({ name: 'secure frame', fn: () => frame.close() })
      await waitFor('secure frame', () => answersHttp(frameUrl))
    })

    // Vite's dev server exits the process on SIGTERM (and on stdin's end) by itself, which would
    // orphan anvil; the stack's own handler stops every part instead.
    process.removeAllListeners('SIGTERM')
    process.stdin.removeAllListeners('end')
    process.on('SIGTERM', () => void stop(0))

    await awaitBackgroundChains(devChains, timer)

    const seeded = chain.started ? ` (${chain.seedSummary})` : ' (already running: left as is)'
    console.log(
      [
        '',
        `Latch is running (started in ${timer.elapsed().toFixed(1)} s):`,
        `  web app       ${webUrl}`,
        `  secure frame  ${frameUrl}`,
        `  server        ${serverUrl}   (health: ${serverUrl}/healthz)`,
        `  API docs      ${serverUrl}/docs`,
        `  dev chain     ${chain.rpcUrl}   chain id 31337${seeded}`,
        `  bundler       ${bundler ? `${bundler.url}   (alto 0.0.20, ERC-4337 EntryPoint v0.7 and v0.8, Safe 1.4.1 + 4337 module; pages reach it through ${serverUrl}/v1/bundler?projectId=…&chainId=eip155:31337, sponsorship through ${serverUrl}/v1/paymaster; development only)` : 'not started: the dev chain already running lacks the 4337 contracts'}`,
        ...devChains.map(({ running }) => running.summary()),
        `  walletconnect ${relay ? `${relay.url}   (dev relay, project id ${DEV_WALLETCONNECT_PROJECT_ID}; development only)` : `project ${walletConnectProjectId}, relay ${process.env.LATCH_WALLETCONNECT_RELAY_URL || "WalletConnect's hosted relay"}`}`,
        `  social        ${idp ? `${idp.url}/<provider>   (dev identity provider for google, github, apple, facebook, x, discord: any login name signs in; development only)` : 'LATCH_SOCIAL_* providers'}`,
        `  farcaster     ${process.env.LATCH_FARCASTER_RPC_URL ? `ID registry read through ${process.env.LATCH_FARCASTER_RPC_URL}` : "dev chain's ID registry, accounts @latch-dev (fid 1) and @latch-friend (fid 2): npm run farcaster -- '<link copied from the modal>' signs in; development only"}`,
        `  onramp        ${onramp ? `${onramp.url}   (MoonPay sandbox: card 4242 4242 4242 4242 pays dev-chain ETH, 4000 0000 0000 0002 is declined; development only)` : 'LATCH_ONRAMP_* providers'}`,
        `  mailbox       ${mailbox ? `${mailbox.webUrl}   (sign-in codes; SMTP ${mailbox.smtpUrl})` : 'LATCH_SMTP_URL'}`,
        `  account name  ${devName.name} → ${devName.address} (dev account 1)`,
        `  project id    ${project.id}   (allowed origins: ${project.allowedOrigins.join(', ')})`,
        `  admin         LATCH_ADMIN_URL=${serverUrl} LATCH_ADMIN_TOKEN=${adminToken} npm run project -- list`,
        `  database      ${databaseName}`,
        '',
        'Press Ctrl-C to stop.',
      ].join('\n'),
    )
  } catch (error) {
    console.error(`[latch] could not start: ${error instanceof Error ? error.message : error}`)
    await stop(1)
  }
}

main().catch((error) => {
  console.error(
    error instanceof StackEnvError || error instanceof StackWebModeError ? error.message : error,
  )
  process.exit(1)
})

/** The server's LATCH_PAYMASTER* variables for the dev chain's VerifyingPaymaster (devchain/aa). */
async function devPaymasterEnv() {
  const { DEV_PAYMASTER_SIGNER_KEY, devPaymasterAddress } = await import(
    './devchain/aa/paymaster.js'
  )
  return {
    LATCH_PAYMASTERS: `eip155:31337=${devPaymasterAddress()}`,
    LATCH_PAYMASTER_SIGNER_KEY: DEV_PAYMASTER_SIGNER_KEY,
    LATCH_PAYMASTER_POLICY: process.env.LATCH_PAYMASTER_POLICY || '*=20/1000',
  }
}

/** The server's LATCH_SOCIAL_* variables for the dev identity provider's six clients. */
async function devSocialEnv(idp: import('./idp/index.js').DevIdentityProvider) {
  const { SOCIAL_PROVIDER_IDS } = await import('./idp/index.js')
  const env: Record<string, string> = {}
  for (const provider of SOCIAL_PROVIDER_IDS) {
    const key = `LATCH_SOCIAL_${provider.toUpperCase()}`
    env[`${key}_CLIENT_ID`] = idp.client(provider).clientId
    env[`${key}_CLIENT_SECRET`] = idp.client(provider).clientSecret
    env[`${key}_ISSUER`] = idp.issuer(provider)
  }
  return env
}
