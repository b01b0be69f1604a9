import type { EvmConfig } from './eip155/config.js'
import { chainFamilies, evmFamily } from './index.js'
import { positiveSetting } from './shared/settings.js'

/**
 * The chain data settings: those every namespace shares, each registered backend's own (by
 * namespace), and the EVM backend's again at the top level, where the rest of the server (ENS
 * names, SIWX, metrics) reads its chains and upstreams.
 */
export interface ChainDataConfig extends EvmConfig {
  /** Run the indexer inside `serve` (dev); production runs `latch-server index` instead. */
  indexInProcess: boolean
  cursorSecret: string
  /** True when no secret was configured and the dev default is in use. */
  cursorSecretIsDefault: boolean
  airdropMinRecipients: number
  /**
   * Bytes of serialized history pages each API server keeps (LATCH_HISTORY_CACHE_MB; 0: off).
   * Absent (a config built by hand in a test): the default.
   */
  historyCacheBytes?: number
  /** Each registered backend's settings, by namespace (chains/index.ts). */
  backends: ReadonlyMap<string, unknown>
}

/**
 * Every problem of the chain data settings at once. Its own class, not config.ts's ConfigError:
 * config.ts imports this module, and an import back would close a circle.
 */
export class ChainConfigError extends Error {
  override name = 'ChainConfigError'
  readonly issues: readonly string[]
  constructor(issues: readonly string[]) {
    super(`Invalid configuration:\n${issues.map((issue) => `  ${issue}`).join('\n')}`)
    this.issues = issues
  }
}

/** Each API server's history page cache, in MB (docs/deployment.md#history-cache). */
export const DEFAULT_HISTORY_CACHE_MB = 128

export const DEV_CURSOR_SECRET = 'latch-dev-cursor-secret-change-me'
export { DEFAULT_ETHERSCAN_URL, type IndexedChain, type ProviderConfig } from './eip155/config.js'

/**
 * Chain data settings from the environment, every problem listed at once:
 *  - LATCH_INDEXER        `in-process` (default) or `off` (when `latch-server index` runs apart)
 *  - LATCH_CURSOR_SECRET  HMAC key for history cursors (set it in production)
 *  - LATCH_SPAM_AIRDROP_MIN  recipients in one transaction that make an unsolicited airdrop (5)
 *  - LATCH_HISTORY_CACHE_MB  history pages kept per API server (128; 0 turns the cache off)
 *  - each backend's own (chains/<namespace>/config.ts)
 */
export function loadChainDataConfig(
  env: Record<string, string | undefined>,
  defaultRpcUrl: string,
): ChainDataConfig {
  const issues: string[] = []
  const backends = new Map<string, unknown>()
  for (const family of chainFamilies)
    backends.set(family.namespace, family.loadConfig(env, issues, { rpcUrl: defaultRpcUrl }))
  const indexer = env.LATCH_INDEXER?.trim() || 'in-process'
  if (indexer !== 'in-process' && indexer !== 'off')
    issues.push(`LATCH_INDEXER: must be in-process or off, got ${JSON.stringify(indexer)}`)
  const secret = env.LATCH_CURSOR_SECRET?.trim()
  if (secret !== undefined && secret !== '' && secret.length < 16)
    issues.push('LATCH_CURSOR_SECRET: must be at least 16 characters')
  const airdropMinRecipients = positiveSetting(env, issues, 'LATCH_SPAM_AIRDROP_MIN', 5, 10_000)
  const cacheMb = env.LATCH_HISTORY_CACHE_MB?.trim()
  const historyCacheMb = cacheMb ? Number(cacheMb) : DEFAULT_HISTORY_CACHE_MB
  if (!Number.isInteger(historyCacheMb) || historyCacheMb < 0 || historyCacheMb > 65_536)
    issues.push(
      `LATCH_HISTORY_CACHE_MB: must be an integer from 0 (off) to 65536, got ${JSON.stringify(cacheMb)}`,
    )
  if (issues.length > 0) throw new ChainConfigError(issues)
  return {
    ...(backends.get(evmFamily.namespace) as EvmConfig),
    indexInProcess: indexer === 'in-process',
    cursorSecret: secret || DEV_CURSOR_SECRET,
    cursorSecretIsDefault: !secret,
    airdropMinRecipients,
    historyCacheBytes: historyCacheMb * 1024 * 1024,
    backends,
  }
}
