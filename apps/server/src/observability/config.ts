import { isIP } from 'node:net'
import { z } from 'zod'

/** A metrics token shorter than this is refused: a guessable token is an open door. */
export const MIN_METRICS_TOKEN_LENGTH = 24

/**
 * Where `/metrics` is served (docs/deployment.md#metrics-and-probes). Off unless configured: the
 * metrics name routes, chains and error rates, which is reconnaissance for an attacker.
 */
export interface MetricsConfig {
  /** LATCH_METRICS_PORT: a listener of its own for `/metrics` (0: any free port). */
  port: number | undefined
  /** LATCH_METRICS_HOST: its interface, loopback unless told otherwise. */
  host: string
  /** LATCH_METRICS_TOKEN: set, `/metrics` needs `Authorization: Bearer <token>`, and is also on the public port. */
  token: string | undefined
}

export const metricsEnvShape = {
  LATCH_METRICS_PORT: z
    .string()
    .regex(/^\d{1,5}$/, 'must be an integer port between 0 and 65535')
    .refine((v) => Number(v) <= 65535, 'must be an integer port between 0 and 65535')
    .optional(),
  LATCH_METRICS_HOST: z
    .string()
    .refine((v) => isIP(v) !== 0 || v === 'localhost', 'must be an IP address or localhost')
    .optional(),
  LATCH_METRICS_TOKEN: z
    .string()
    .min(MIN_METRICS_TOKEN_LENGTH, `must be at least ${MIN_METRICS_TOKEN_LENGTH} characters`)
    .optional(),
}

type MetricsEnv = { [key in keyof typeof metricsEnvShape]?: string | undefined }

export function readMetricsConfig(e: MetricsEnv): MetricsConfig {
  return {
    port: e.LATCH_METRICS_PORT === undefined ? undefined : Number(e.LATCH_METRICS_PORT),
    host: e.LATCH_METRICS_HOST ?? '127.0.0.1',
    token: e.LATCH_METRICS_TOKEN,
  }
}

/** Problems across variables: the metrics listener must not be the public one. */
export function metricsConfigIssues(metrics: MetricsConfig, serverPort: number): string[] {
  if (metrics.port !== undefined && metrics.port !== 0 && metrics.port === serverPort)
    return [
      'LATCH_METRICS_PORT: must differ from LATCH_SERVER_PORT (metrics are never on the public port without LATCH_METRICS_TOKEN)',
    ]
  return []
}
