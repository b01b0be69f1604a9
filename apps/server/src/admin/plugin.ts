import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { desc, eq } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { Type } from 'typebox'
import { analyticsEvents } from '../db/schema/provider.js'
import { errorResponses, HttpError } from '../http/errors.js'
import { socialProviders } from '../provider-services/features.js'
import {
  createProject,
  issueProjectSecret,
  listProjects,
  ProjectInputError,
  type ProjectView,
  updateProject,
} from '../provider-services/projects.js'
import { isAdminRequest } from './token.js'

const Features = Type.Partial(
  Type.Object({
    email: Type.Boolean(),
    socials: Type.Array(Type.Enum([...socialProviders]), { maxItems: socialProviders.length }),
    swaps: Type.Boolean(),
    onramp: Type.Boolean(),
    activity: Type.Boolean(),
    branding: Type.Boolean(),
    multiWallet: Type.Boolean(),
  }),
  { additionalProperties: false },
)
const Origins = Type.Array(Type.String({ maxLength: 300 }), { maxItems: 100 })
const Project = Type.Object({
  id: Type.String(),
  name: Type.String(),
  allowedOrigins: Type.Array(Type.String()),
  features: Type.Object({}, { additionalProperties: true }),
  analyticsEnabled: Type.Boolean(),
})
const IdParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
})
const adminErrors = errorResponses({
  400: 'VALIDATION_ERROR: a bad name, origin or flag; ORIGIN_TOO_BROAD: `*` or a wildcard over a public suffix',
  401: 'UNAUTHORIZED: no or a wrong admin token',
  404: 'PROJECT_NOT_FOUND',
})

function inputError(error: unknown): never {
  if (error instanceof ProjectInputError) throw new HttpError(400, error.code, error.message)
  throw error
}

const notFound = (id: string) => new HttpError(404, 'PROJECT_NOT_FOUND', `No project with id ${id}`)

export interface AdminRoutesOptions {
  /** LATCH_ADMIN_TOKEN: every call carries it as a bearer token. */
  token: string
}

const plugin: FastifyPluginAsyncTypebox<AdminRoutesOptions> = async (app, { token }) => {
  // After the routes' onRequest rate limit, so wrong guesses are counted; before the body is read.
  app.addHook('preParsing', async (request: FastifyRequest) => {
    if (!isAdminRequest(request.headers.authorization, token))
      throw new HttpError(401, 'UNAUTHORIZED', 'A valid admin token is required')
  })
  const guarded = {
    config: {
      cors: false as const,
      // Failed guesses and calls alike: an operator needs a handful a minute.
      rateLimit: { max: 60, timeWindow: 60_000, hook: 'onRequest' as const },
    },
  }
  const adminDoc = { tags: ['admin'] }

  app.get(
    '/admin/v1/projects',
    {
      ...guarded,
      schema: {
        ...adminDoc,
        summary: 'Every project',
        response: { 200: Type.Object({ projects: Type.Array(Project) }), ...adminErrors },
      },
    },
    async () => ({ projects: await listProjects(app.db) }),
  )

  app.post(
    '/admin/v1/projects',
    {
      ...guarded,
      schema: {
        ...adminDoc,
        summary: 'Create a project',
        body: Type.Object(
          {
            name: Type.String({ maxLength: 200 }),
            origins: Origins,
            id: Type.Optional(Type.String({ maxLength: 64 })),
            analyticsEnabled: Type.Optional(Type.Boolean()),
            features: Type.Optional(Features),
          },
          { additionalProperties: false },
        ),
        response: { 201: Project, ...adminErrors, 409: adminErrors[400] },
      },
    },
    async (request, reply): Promise<ProjectView> => {
      const { name, origins, id, analyticsEnabled, features } = request.body
      if (id && (await listProjects(app.db)).some((p) => p.id === id))
        throw new HttpError(409, 'PROJECT_EXISTS', `A project with id ${id} already exists`)
      const project = await createProject(app.db, {
        name,
        origins,
        id,
        features,
        analyticsEnabled: analyticsEnabled ?? false,
      }).catch(inputError)
      reply.status(201)
      return project
    },
  )

  app.patch(
    '/admin/v1/projects/:id',
    {
      ...guarded,
      schema: {
        ...adminDoc,
        summary: 'Change a project',
        description:
          '`origins` replaces the whole allow-list; `addOrigins` and `removeOrigins` change it entry by entry.',
        params: IdParams,
        body: Type.Object(
          {
            name: Type.Optional(Type.String({ maxLength: 200 })),
            origins: Type.Optional(Origins),
            addOrigins: Type.Optional(Origins),
            removeOrigins: Type.Optional(Origins),
            analyticsEnabled: Type.Optional(Type.Boolean()),
            features: Type.Optional(Features),
          },
          { additionalProperties: false },
        ),
        response: { 200: Project, ...adminErrors },
      },
    },
    async (request) => {
      const updated = await updateProject(app.db, request.params.id, request.body).catch(inputError)
      if (!updated) throw notFound(request.params.id)
      return updated
    },
  )

  app.post(
    '/admin/v1/projects/:id/secret',
    {
      ...guarded,
      schema: {
        ...adminDoc,
        summary: "Make a new server secret for the project's RPC proxy calls",
        description:
          'Servers (no browser Origin) present it as `latch-project-secret`. Shown once; the previous secret stops working.',
        params: IdParams,
        body: Type.Object({}, { additionalProperties: false }),
        response: { 200: Type.Object({ secret: Type.String() }), ...adminErrors },
      },
    },
    async (request) => {
      const secret = await issueProjectSecret(app.db, request.params.id)
      if (!secret) throw notFound(request.params.id)
      return { secret }
    },
  )

  app.get(
    '/admin/v1/projects/:id/analytics-events',
    {
      ...guarded,
      schema: {
        ...adminDoc,
        summary: 'Recent analytics events of a project, newest first',
        params: IdParams,
        querystring: Type.Object({
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
        }),
        response: {
          200: Type.Object({
            events: Type.Array(
              Type.Object({
                eventId: Type.String(),
                event: Type.String(),
                sdkType: Type.String(),
                sdkVersion: Type.String(),
                receivedAt: Type.String(),
              }),
            ),
          }),
          ...adminErrors,
        },
      },
    },
    async (request) => {
      const rows = await app.db
        .select()
        .from(analyticsEvents)
        .where(eq(analyticsEvents.projectId, request.params.id))
        .orderBy(desc(analyticsEvents.id))
        .limit(request.query.limit ?? 100)
      return {
        events: rows.map((row) => ({
          eventId: row.eventId,
          event: row.event,
          sdkType: row.sdkType,
          sdkVersion: row.sdkVersion,
          receivedAt: row.receivedAt.toISOString(),
        })),
      }
    },
  )
}

/**
 * `/admin/v1/*`: project administration while the server runs (the `project` CLI's remote mode;
 * docs/provider-services.md#administration). Registered only when LATCH_ADMIN_TOKEN is set; every
 * call carries it as a bearer token. Server to server: no CORS, so no page can read an answer.
 */
export const adminRoutes = fp(plugin, { name: 'latch-admin', encapsulate: true })
