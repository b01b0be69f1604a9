/**
 * The chain families whose dev chains `npm start` runs beside the EVM dev chain, one line each:
 * a family's dev chain lives in its own folder (`scripts/<family>/stack.ts` says how the stack
 * starts it, what the server and the web app are told about it, and its summary line), and
 * start.ts only iterates over this list (docs/adding-a-chain.md).
 */
import { bitcoinDevChain } from './bitcoin/stack.js'
import { cosmosDevChain } from './cosmos/stack.js'
import { polkadotDevChain } from './polkadot/stack.js'
import { solanaDevChain } from './solana/stack.js'
import type { StackEnv } from './stack/env.js'
import type { StepTimer } from './stack/steps.js'

export interface DevChainContext {
  root: string
  env: StackEnv
}

/** A family's dev chain once started (or, for one started in the background, starting). */
export interface RunningDevChain {
  /** Resolves with the start's detail for the log once the chain is up (and seeded). */
  ready: Promise<string>
  stop(): Promise<unknown>
  /** The server's settings for it; a variable the developer set wins. */
  serverEnv: Record<string, string>
  /** The web app's build-time variables for it (apps/web/src/families/). */
  webEnv: Record<string, string>
  /** Its line in the summary `npm start` prints, once ready. */
  summary(): string
}

export interface DevChain {
  /** The log's name for its start step. */
  step: string
  /**
   * Started before the other chains and awaited after the web app, for a seed that takes long:
   * the page answers meanwhile.
   */
  background?: boolean
  /**
   * The variables naming the ports its nodes listen on, each with the port the e2e stack gives it
   * (e2e/playwright.config.ts adds LATCH_E2E_PORT_OFFSET; scripts/start.int.test.ts gives free
   * ones), so neither file lists a family. Unique across families (scripts/families.test.ts).
   */
  ports?: Readonly<Record<string, number>>
  /**
   * The server variables its `serverEnv` sets, named before it starts: the e2e stack blanks them
   * so that a developer's own node never stands in for the stack's. `devChainServerEnv` refuses a
   * variable missing here.
   */
  serverVariables?: readonly string[]
  start(context: DevChainContext): Promise<RunningDevChain>
}

/** In the summary's order. */
export const DEV_CHAINS: readonly DevChain[] = [
  solanaDevChain,
  bitcoinDevChain,
  cosmosDevChain,
  polkadotDevChain,
]

/**
 * Starts every family's dev chain: the background ones first, without waiting, then the others
 * one after the other, each as a step of the log. `stops` gets each chain's stop.
 */
export async function startDevChains(
  chains: readonly DevChain[],
  context: DevChainContext & {
    timer: StepTimer
    stops: Array<{ name: string; fn: () => Promise<unknown> }>
  },
): Promise<Array<{ chain: DevChain; running: RunningDevChain }>> {
  const started: Array<{ chain: DevChain; running: RunningDevChain }> = []
  const order = [...chains.filter((c) => c.background), ...chains.filter((c) => !c.background)]
  for (const chain of order) {
    if (chain.background) {
      const running = await chain.start(context)
      running.ready.catch(() => {})
      context.stops.push({ name: chain.step, fn: () => running.stop() })
      started.push({ chain, running })
      continue
    }
    const running = await context.timer.step(
      chain.step,
      async () => {
        const r = await chain.start(context)
        return { r, detail: await r.ready }
      },
      ({ detail }) => detail,
    )
    context.stops.push({ name: chain.step, fn: () => running.r.stop() })
    started.push({ chain, running: running.r })
  }
  // Back in the list's order, for the settings and the summary.
  return chains.map((chain) => started.find((s) => s.chain === chain)!)
}

/** Waits for the chains started in the background, each as a step of the log. */
export async function awaitBackgroundChains(
  started: Array<{ chain: DevChain; running: RunningDevChain }>,
  timer: StepTimer,
): Promise<void> {
  for (const { chain, running } of started)
    if (chain.background)
      await timer.step(
        chain.step,
        () => running.ready,
        (detail) => detail,
      )
}

/** A dev chain set a server variable its `serverVariables` does not name. */
export class UndeclaredServerVariableError extends Error {
  override name = 'UndeclaredServerVariableError'
  constructor(step: string, variable: string) {
    super(`${step}: sets ${variable}, which its serverVariables (scripts/families.ts) do not name`)
  }
}

/** The server's settings for every chain, a variable already set in `env` left as it is. */
export function devChainServerEnv(
  started: Array<{ chain: DevChain; running: RunningDevChain }>,
  env: NodeJS.ProcessEnv,
): Record<string, string> {
  const settings: Record<string, string> = {}
  for (const { chain, running } of started)
    for (const [name, value] of Object.entries(running.serverEnv)) {
      if (!chain.serverVariables?.includes(name))
        throw new UndeclaredServerVariableError(chain.step, name)
      settings[name] = env[name] || value
    }
  return settings
}

/**
 * What the e2e stack (e2e/playwright.config.ts) tells `npm start` for every family: each port
 * variable with its e2e port plus `offset`, and each server variable blank.
 */
export function devChainE2eEnv(
  chains: readonly DevChain[],
  offset: number,
): Record<string, string> {
  const env: Record<string, string> = {}
  for (const chain of chains) {
    for (const [name, port] of Object.entries(chain.ports ?? {})) env[name] = String(port + offset)
    for (const name of chain.serverVariables ?? []) env[name] = ''
  }
  return env
}
