import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { asc, eq } from 'drizzle-orm'
import { type Project, projects } from '../db/schema/projects.js'
import type { Db } from '../db/types.js'
import { allowListEntryProblem } from './allow-list.js'
import { type ProjectFeatures, readProjectFeatures } from './features.js'
import { cachedLookup, forgetCached } from './project-cache.js'

/** Letters, digits, `-` and `_`, 1 to 64 long; generated ids are 32 hex characters. */
export const PROJECT_ID_PATTERN = '^[A-Za-z0-9_-]{1,64}$'
const projectIdRegex = new RegExp(PROJECT_ID_PATTERN)

export class ProjectInputError extends Error {
  override name = 'ProjectInputError'
  constructor(
    message: string,
    /** The admin API's error code for it. */
    readonly code: 'VALIDATION_ERROR' | 'ORIGIN_TOO_BROAD' = 'VALIDATION_ERROR',
  ) {
    super(message)
  }
}

export interface ProjectView {
  id: string
  name: string
  allowedOrigins: string[]
  features: ProjectFeatures
  analyticsEnabled: boolean
}

export interface CreateProjectInput {
  name: string
  origins: string[]
  /** Fixed id; a random 32-hex id otherwise. */
  id?: string | undefined
  features?: Partial<ProjectFeatures> | undefined
  analyticsEnabled?: boolean | undefined
}

export function isProjectId(value: string): boolean {
  return projectIdRegex.test(value)
}

export function newProjectId(): string {
  return randomBytes(16).toString('hex')
}

function toView(row: Project): ProjectView {
  return {
    id: row.id,
    name: row.name,
    allowedOrigins: row.allowedOrigins,
    features: readProjectFeatures(row.features),
    analyticsEnabled: row.analyticsEnabled,
  }
}

function checkInput(input: Pick<CreateProjectInput, 'name' | 'origins' | 'id'>): void {
  if (input.id !== undefined && !isProjectId(input.id))
    throw new ProjectInputError(
      `Project id ${JSON.stringify(input.id)} must be 1-64 letters, digits, "-" or "_".`,
    )
  if (input.name.trim().length === 0 || input.name.length > 200)
    throw new ProjectInputError('Project name must be 1-200 characters.')
  for (const origin of input.origins) {
    const problem = allowListEntryProblem(origin)
    if (problem) throw new ProjectInputError(problem.message, problem.code)
  }
}

export async function createProject(db: Db, input: CreateProjectInput): Promise<ProjectView> {
  checkInput(input)
  const [row] = await db
    .insert(projects)
    .values({
      id: input.id ?? newProjectId(),
      name: input.name.trim(),
      allowedOrigins: [...new Set(input.origins)],
      features: { ...input.features },
      analyticsEnabled: input.analyticsEnabled ?? false,
    })
    .returning()
  return toView(row!)
}

export async function findProject(db: Db, id: string): Promise<ProjectView | undefined> {
  if (!isProjectId(id)) return undefined
  const [row] = await db.select().from(projects).where(eq(projects.id, id)).limit(1)
  return row ? toView(row) : undefined
}

/**
 * `findProject` for the per-request checks of project-scoped routes, kept up to
 * PROJECT_CACHE_TTL_MS (project-cache.ts): the lookup was a query builder, a database round trip
 * and 0.15-0.2 ms of Postgres CPU on every history, RPC and bundler request
 * (docs/benchmarks.md, history at scale). Changes through `updateProject` here apply at once.
 */
export function findProjectCached(db: Db, id: string): Promise<ProjectView | undefined> {
  return cachedLookup(db, id, (key) => findProject(db, key))
}

export async function listProjects(db: Db): Promise<ProjectView[]> {
  const rows = await db.select().from(projects).orderBy(asc(projects.createdAt), asc(projects.id))
  return rows.map(toView)
}

export interface UpdateProjectInput {
  name?: string | undefined
  /** Replaces the whole allow-list. */
  origins?: string[] | undefined
  /** Added to the allow-list (after `origins`, when both are given). */
  addOrigins?: string[] | undefined
  /** Removed from the allow-list; removing an entry that is not there is not an error. */
  removeOrigins?: string[] | undefined
  features?: Partial<ProjectFeatures> | undefined
  analyticsEnabled?: boolean | undefined
}

/**
 * Changes only the given fields; `features` is merged over the stored flags. Read and write are
 * one transaction with the row locked, so two concurrent `--add-origin`s both land.
 */
export async function updateProject(
  db: Db,
  id: string,
  input: UpdateProjectInput,
): Promise<ProjectView | undefined> {
  try {
    return await updateProjectRow(db, id, input)
  } finally {
    forgetCached(db, id)
  }
}

async function updateProjectRow(
  db: Db,
  id: string,
  input: UpdateProjectInput,
): Promise<ProjectView | undefined> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(projects).where(eq(projects.id, id)).for('update')
    if (!locked) return undefined
    const current = toView(locked)
    const name = input.name ?? current.name
    const removed = new Set(input.removeOrigins ?? [])
    const origins = [
      ...(input.origins ?? current.allowedOrigins),
      ...(input.addOrigins ?? []),
    ].filter((origin) => !removed.has(origin))
    checkInput({ name, origins })
    const [row] = await tx
      .update(projects)
      .set({
        name: name.trim(),
        allowedOrigins: [...new Set(origins)],
        features: { ...current.features, ...input.features },
        analyticsEnabled: input.analyticsEnabled ?? current.analyticsEnabled,
      })
      .where(eq(projects.id, id))
      .returning()
    return row ? toView(row) : undefined
  })
}

export const DEV_PROJECT_NAME = 'Latch dev project'

export interface EnsureDevProjectOptions {
  /** Origins the local web app is served from; added to the project's allow-list. */
  origins: string[]
  /** `LATCH_DEV_PROJECT_ID`: reuse or create the project with this id. */
  id?: string | undefined
  /** Whether the dev project accepts analytics events; on, so the local stack shows them. */
  analyticsEnabled?: boolean | undefined
}

/**
 * The project `npm start` hands to the web app. With an id: that project, created when missing.
 * Without: the oldest project named {@link DEV_PROJECT_NAME}, or a new one. Missing origins are
 * added to the allow-list; nothing else of an existing project changes.
 */
export async function ensureDevProject(
  db: Db,
  options: EnsureDevProjectOptions,
): Promise<ProjectView> {
  const existing = options.id
    ? await findProject(db, options.id)
    : (await listProjects(db)).find((project) => project.name === DEV_PROJECT_NAME)
  if (!existing) {
    try {
      return await createProject(db, {
        id: options.id,
        name: DEV_PROJECT_NAME,
        origins: options.origins,
        analyticsEnabled: options.analyticsEnabled ?? true,
      })
    } catch (error) {
      // Two starters racing on the same fixed id: the loser reuses the winner's row.
      const raced = options.id ? await findProject(db, options.id) : undefined
      if (!raced) throw error
      return ensureDevProject(db, options)
    }
  }
  const missing = options.origins.filter((origin) => !existing.allowedOrigins.includes(origin))
  if (missing.length === 0) return existing
  return (await updateProject(db, existing.id, {
    origins: [...existing.allowedOrigins, ...missing],
  }))!
}

/**
 * Makes a new server secret for the project (the old one stops working) and returns it; it is
 * shown once, only its SHA-256 is kept. Undefined when there is no such project.
 */
export async function issueProjectSecret(db: Db, id: string): Promise<string | undefined> {
  const secret = `lps_${randomBytes(32).toString('base64url')}`
  const rows = await db
    .update(projects)
    .set({ secretHash: createHash('sha256').update(secret).digest('base64url') })
    .where(eq(projects.id, id))
    .returning({ id: projects.id })
  return rows.length > 0 ? secret : undefined
}

/** Whether `secret` is the project's current server secret (compared as digests). */
export async function projectSecretMatches(db: Db, id: string, secret: string): Promise<boolean> {
  const [row] = await db
    .select({ secretHash: projects.secretHash })
    .from(projects)
    .where(eq(projects.id, id))
    .limit(1)
  if (!row?.secretHash) return false
  const presented = Buffer.from(createHash('sha256').update(secret).digest('base64url'))
  const stored = Buffer.from(row.secretHash)
  return presented.length === stored.length && timingSafeEqual(presented, stored)
}
