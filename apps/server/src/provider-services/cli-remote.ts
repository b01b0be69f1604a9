import type { ProjectFeatures } from './features.js'
import { ProjectInputError, type ProjectView, type UpdateProjectInput } from './projects.js'

/** What the `project` command does, against the database or a running server's admin API. */
export interface ProjectAdmin {
  list(): Promise<ProjectView[]>
  create(input: {
    name: string
    origins: string[]
    id?: string | undefined
    features?: Partial<ProjectFeatures> | undefined
    analyticsEnabled: boolean
  }): Promise<ProjectView>
  /** Undefined when no project has the id. */
  update(id: string, input: UpdateProjectInput): Promise<ProjectView | undefined>
  /** A new server secret for the RPC proxy (shown once); undefined when no project has the id. */
  newSecret(id: string): Promise<string | undefined>
  close(): Promise<void>
}

export class AdminApiError extends Error {
  override name = 'AdminApiError'
}

/**
 * The admin API of a running server (LATCH_ADMIN_URL + LATCH_ADMIN_TOKEN, both printed by
 * `npm start`): the way to change projects while the server holds the database (PGlite allows
 * one process only). Answers' own error messages are passed on.
 */
export function remoteProjectAdmin(baseUrl: string, token: string): ProjectAdmin {
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T | undefined> => {
    let response: Response
    try {
      response = await fetch(new URL(path, baseUrl), {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      })
    } catch (error) {
      throw new AdminApiError(
        `The server at ${baseUrl} did not answer (${(error as Error).message})`,
      )
    }
    if (response.status === 404 && method !== 'GET') return undefined
    const answer = (await response.json().catch(() => ({}))) as {
      error?: { code?: string; message?: string }
    }
    if (response.ok) return answer as T
    const message = answer.error?.message ?? `HTTP ${response.status}`
    if (response.status === 400 || response.status === 409) throw new ProjectInputError(message)
    throw new AdminApiError(`The server refused: ${message}`)
  }
  return {
    async list() {
      return (await call<{ projects: ProjectView[] }>('GET', '/admin/v1/projects'))!.projects
    },
    async create(input) {
      return (await call<ProjectView>('POST', '/admin/v1/projects', input))!
    },
    update(id, input) {
      return call<ProjectView>('PATCH', `/admin/v1/projects/${encodeURIComponent(id)}`, input)
    },
    async newSecret(id) {
      const answer = await call<{ secret: string }>(
        'POST',
        `/admin/v1/projects/${encodeURIComponent(id)}/secret`,
        {},
      )
      return answer?.secret
    },
    async close() {},
  }
}
