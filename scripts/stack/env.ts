import path from 'node:path'

export interface StackEnv {
  chainPort: number
  serverPort: number
  webPort: number
  framePort: number
  /** The dev mail catcher: its mailbox page and its SMTP port. */
  mailboxPort: number
  mailboxSmtpPort: number
  /** The WalletConnect dev relay (run when no LATCH_WALLETCONNECT_PROJECT_ID is configured). */
  relayPort: number
  /** The dev identity provider (run when no LATCH_SOCIAL_* provider is configured). */
  idpPort: number
  /** The local Solana cluster (JSON-RPC and websocket on one port). */
  solanaPort: number
  dataDir: string
  databaseUrl: string | undefined
}

export class StackEnvError extends Error {
  override name = 'StackEnvError'
}

function port(env: NodeJS.ProcessEnv, name: string, fallback: number, problems: string[]): number {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 1 || value > 65535) {
    problems.push(`${name}: must be a port number from 1 to 65535, got "${raw}"`)
    return fallback
  }
  return value
}

/** Reads the stack's ports and folders from env; every bad variable is named in one error. */
export function readStackEnv(env: NodeJS.ProcessEnv, cwd = process.cwd()): StackEnv {
  const problems: string[] = []
  const result: StackEnv = {
    chainPort: port(env, 'LATCH_CHAIN_PORT', 8545, problems),
    serverPort: port(env, 'LATCH_SERVER_PORT', 8787, problems),
    webPort: port(env, 'LATCH_WEB_PORT', 5173, problems),
    framePort: port(env, 'LATCH_FRAME_PORT', 5174, problems),
    mailboxPort: port(env, 'LATCH_MAILBOX_PORT', 8025, problems),
    mailboxSmtpPort: port(env, 'LATCH_MAILBOX_SMTP_PORT', 1025, problems),
    relayPort: port(env, 'LATCH_RELAY_PORT', 8555, problems),
    idpPort: port(env, 'LATCH_IDP_PORT', 8556, problems),
    solanaPort: port(env, 'LATCH_SOLANA_PORT', 8899, problems),
    dataDir: path.resolve(cwd, env.LATCH_DATA_DIR || '.data'),
    databaseUrl: env.DATABASE_URL || undefined,
  }
  const ports = [
    result.chainPort,
    result.serverPort,
    result.webPort,
    result.framePort,
    result.mailboxPort,
    result.mailboxSmtpPort,
    result.relayPort,
    result.idpPort,
    result.solanaPort,
  ]
  if (new Set(ports).size !== ports.length)
    problems.push(`LATCH_*_PORT: the ports must differ, got ${ports.join(', ')}`)
  if (problems.length) throw new StackEnvError(`Invalid configuration:\n  ${problems.join('\n  ')}`)
  return result
}
