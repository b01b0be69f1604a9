import { existsSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { defineConfig } from '@playwright/test'
import { DEV_CHAINS, devChainE2eEnv } from '../scripts/families.js'

// Ports of their own, so the e2e stack never collides with a developer's `npm start`;
// LATCH_E2E_PORT_OFFSET shifts them all when two e2e runs share a machine.
const offset = Number(process.env.LATCH_E2E_PORT_OFFSET ?? 0)
export const ports = {
  chain: 18545 + offset,
  server: 18787 + offset,
  web: 15173 + offset,
  frame: 15174 + offset,
}
export const webUrl = `http://localhost:${ports.web}`
// The stack's dev mail catcher (embedded-wallet sign-in codes), on e2e ports of its own too.
export const mailboxPorts = { smtp: 11025 + offset, web: 18025 + offset }
// The WalletConnect dev relay `npm start` runs (no LATCH_WALLETCONNECT_PROJECT_ID here).
export const relayPort = 18555 + offset
export const relayUrl = `ws://127.0.0.1:${relayPort}`
// The dev identity provider `npm start` runs for social sign-in (no LATCH_SOCIAL_* here).
export const idpPort = 18556 + offset
// The local Solana cluster `npm start` runs (litesvm behind a validator's JSON-RPC).
export const solanaPort = 18899 + offset
export const solanaRpcUrl = `http://127.0.0.1:${solanaPort}`
export const mailboxUrl = `http://127.0.0.1:${mailboxPorts.web}`
// The server's least time between two mails to one address: 30 s in production, shortened here
// so sign-ins that follow each other wait 5 s, not 30 (issue 30: no fixed waits in tests).
export const mailIntervalSeconds = 5
// The dev project's id, fixed so that tests know it without asking the page: the built app
// (LATCH_STACK_WEB below) has no source module to import it from. 32 hex digits, as issued ids.
export const devProjectId = `e2e${String(offset).padStart(29, '0')}`
// The stack's admin API (tests add origins to the dev project through it). A fixed token: the
// stack listens on loopback only, and every process of a run must agree on it.
export const admin = {
  url: `http://127.0.0.1:${ports.server}`,
  token: `latch-e2e-admin-token-${offset}-not-a-secret`,
}

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
if (!existsSync(chromium)) {
  throw new Error(
    `Chromium not found at ${chromium}: run \`sudo apt-get install -y chromium\` (Debian, Ubuntu; ` +
      '`npm test` does it itself when it may) or set CHROMIUM_PATH. Latch never downloads a browser.',
  )
}

// A stable folder per port set: `npm start`'s pid file there lets a run end the anvil an
// interrupted run left behind, instead of silently reusing its chain. Its data starts empty.
const dataDir = path.join(tmpdir(), `latch-e2e-${offset}`)
if (!process.env.TEST_WORKER_INDEX) {
  for (const entry of existsSync(dataDir) ? readdirSync(dataDir) : []) {
    if (entry !== 'run') rmSync(path.join(dataDir, entry), { recursive: true, force: true })
  }
}

/** Specs that touch no EVM chain account the other lane uses: they run in the second lane (below). */
const noChainSpecs =
  /\/(consumer|custody-attacks|social-login|unverified-domain|(polkadot|bitcoin|cosmos)(-walletconnect)?|frame-(sync|i18n))\.spec\.ts$/

export default defineConfig({
  testDir: './tests',
  // Playwright empties this folder when it starts: runs on other port offsets keep their own.
  outputDir: offset ? `./artifacts/results-${offset}` : './artifacts/results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Two lanes on one stack. The chain's accounts (the injected test wallet, the dev funder, the
  // Farcaster registry's owner) are shared, so every spec that uses them keeps one lane: 'chain'.
  // One worker runs them one at a time, but not strictly in file order: Playwright first groups the
  // files by their test.use() settings, then orders by file within a group (swap-email and
  // smart-account, say, run after swap.spec), so a spec should not count on the file list order.
  // The other lane, 'no-chain', holds the specs that touch no chain account and
  // share no user with the first: the packaging test (a minute building, packing and installing
  // the libraries, then reads only) and the social sign-in and custody attacks (fresh users per run;
  // the only specs that start social flows, so the per-IP social budget sees them one at a time),
  // the Polkadot, Bitcoin and Cosmos specs (each pair alone holds its dev chain's accounts; on EVM
  // they only connect, and send nothing), and the frame's sync and German specs (a fresh email user
  // each, who signs nothing on chain). Issue 30: the chain lane was the e2e step's wall time
  // (docs/benchmarks.md, e2e lanes rebalanced).
  workers: 2,
  projects: [
    { name: 'no-chain', testMatch: noChainSpecs, workers: 1 },
    { name: 'chain', testIgnore: noChainSpecs, workers: 1 },
  ],
  retries: 0,
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'artifacts/report.json' }]] : 'list',
  use: {
    baseURL: webUrl,
    // A failed test keeps its trace (actions, DOM snapshots, network) but no screencast: filming
    // every passing test cost about a quarter of each test's time (docs/benchmarks.md, e2e time).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'npm start',
    cwd: '..',
    url: webUrl,
    timeout: 180_000,
    reuseExistingServer: false,
    // SIGTERM lets `npm start` stop anvil and close the database, rather than orphan them.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: process.env.LATCH_RELAY_DEBUG ? 'pipe' : 'ignore',
    stderr: 'pipe',
    env: {
      LATCH_CHAIN_PORT: String(ports.chain),
      LATCH_SERVER_PORT: String(ports.server),
      LATCH_WEB_PORT: String(ports.web),
      LATCH_FRAME_PORT: String(ports.frame),
      LATCH_DATA_DIR: dataDir,
      LATCH_MAILBOX_SMTP_PORT: String(mailboxPorts.smtp),
      LATCH_MAILBOX_PORT: String(mailboxPorts.web),
      LATCH_ADMIN_TOKEN: admin.token,
      LATCH_AUTH_MAIL_INTERVAL_SECONDS: String(mailIntervalSeconds),
      // A build, not Vite's dev server: a page load is a handful of files instead of hundreds
      // of modules (docs/benchmarks.md#e2e-time-the-built-web-app).
      LATCH_STACK_WEB: 'built',
      LATCH_DEV_PROJECT_ID: devProjectId,
      LATCH_RELAY_DEBUG: process.env.LATCH_RELAY_DEBUG ?? '',
      LATCH_RELAY_PORT: String(relayPort),
      LATCH_IDP_PORT: String(idpPort),
      LATCH_SOLANA_PORT: String(solanaPort),
      // Each family's dev node ports, and its server variables blank so the server reads the
      // stack's own nodes, never a developer's (scripts/families.ts).
      ...devChainE2eEnv(DEV_CHAINS, offset),
      LATCH_BUNDLER_PORT: String(18006 + offset),
      // The server reads the stack's own bundler (start.ts), never a developer's.
      LATCH_BUNDLER_URLS: '',
      LATCH_PAYMASTERS: '',
      LATCH_PAYMASTER_SIGNER_KEY: '',
      LATCH_PAYMASTER_POLICY: '',
      // A developer's own WalletConnect settings must not send the e2e stack to a hosted relay.
      LATCH_WALLETCONNECT_PROJECT_ID: '',
      LATCH_WALLETCONNECT_RELAY_URL: '',
    },
  },
})
