import type { FastifyRequest } from 'fastify'
import type { Budget } from '../http/budgets.js'
import { HttpError } from '../http/errors.js'
import { RateLimitedError, rateLimitKey } from '../http/rate-limit.js'
import type { RpcLimits } from './rpc-config.js'

/**
 * What one call costs against the RPC proxy's budgets: 1, or more for the calls that make an
 * upstream work (and bill) more (each namespace's `weights`, chains/<namespace>/rpc-methods.ts).
 * A batch costs the sum of its calls.
 */
export function callWeight(call: unknown, weights: Readonly<Record<string, number>>): number {
  const method = (call as { method?: unknown } | null)?.method
  return typeof method === 'string' && Object.hasOwn(weights, method) ? (weights[method] ?? 1) : 1
}

export const weightOf = (calls: readonly unknown[], weights: Readonly<Record<string, number>>) =>
  calls.reduce<number>((sum, call) => sum + callWeight(call, weights), 0)

class ProjectBudgetError extends HttpError {
  override name = 'ProjectBudgetError'
  constructor(max: number, per: 'minute' | 'day', retryAfterSeconds: number) {
    super(
      429,
      'PROJECT_BUDGET_EXHAUSTED',
      `This project's RPC budget (${max} calls per ${per}) is spent; try again after ${retryAfterSeconds} seconds`,
    )
  }
}

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE

/** The budgets a proxy request draws on: its client's (address and project), then its project's. */
export function rpcBudgets(
  limits: RpcLimits,
  request: FastifyRequest,
  projectId: string,
): Budget[] {
  return [
    {
      key: `rpc-client|${rateLimitKey(request)}`,
      max: limits.clientPerMinute,
      windowMs: MINUTE,
      exhausted: (seconds) => new RateLimitedError(seconds),
    },
    {
      key: `rpc-project-minute|${projectId}`,
      max: limits.projectPerMinute,
      windowMs: MINUTE,
      exhausted: (seconds) => new ProjectBudgetError(limits.projectPerMinute, 'minute', seconds),
    },
    {
      key: `rpc-project-day|${projectId}`,
      max: limits.projectPerDay,
      windowMs: DAY,
      exhausted: (seconds) => new ProjectBudgetError(limits.projectPerDay, 'day', seconds),
    },
  ]
}
