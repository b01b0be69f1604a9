import fs from 'node:fs/promises'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { frameHeaders } from '@latch/frame/csp'
import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { Type } from 'typebox'
import { errorResponses, HttpError } from '../http/errors.js'
import { InvalidProjectIdError } from '../http/project-scope.js'
import { findProject } from '../provider-services/projects.js'
import { contentTypeOf, isDocument, resolveFrameFile } from './files.js'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Marks the frame's own route: on a frame host, every other route answers 404. */
    latchFrame?: boolean
  }
}

export class FrameFileNotFoundError extends HttpError {
  override name = 'FrameFileNotFoundError'
  constructor() {
    super(404, 'NOT_FOUND', 'No such file in the secure frame')
  }
}

const frameQuerySchema = Type.Object({
  // The frame document is loaded with projectId, chainId, version, enableLogger and rpcUrl
  // (packages/frame/src/client/element.ts); only the project matters to the headers.
  projectId: Type.Optional(Type.String({ maxLength: 128, description: 'Project id' })),
})

/** Hashed names (`assets/index-3f2a.js`) never change content: cache them for good. */
function cacheControlOf(relative: string): string {
  if (isDocument(relative)) return 'no-store'
  return relative.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache'
}

function hostOf(origin: string): string {
  return new URL(origin).host.toLowerCase()
}

/**
 * Serves the built secure frame (LATCH_FRAME_DIR) on the frame origins (LATCH_FRAME_ORIGINS),
 * with the headers of packages/frame/src/csp.ts: `frame-ancestors` is the allow-list of the
 * project named in the query, so only that project's sites can embed it. On a frame host nothing
 * else of the server answers, since the frame's origin holds the key shares. See
 * docs/embedded-wallet.md#production-hosting.
 */
const plugin: FastifyPluginAsyncTypebox = async (app) => {
  const { frameDir } = app.config
  if (frameDir === undefined) return
  const serverUrl = app.config.auth.publicUrl ?? `http://localhost:${app.config.port}`
  const frameHosts = [...new Set(app.config.auth.frameOrigins.map(hostOf))]

  const isFrameHost = (request: FastifyRequest) => frameHosts.includes(request.host.toLowerCase())

  app.addHook('onRequest', async (request) => {
    if (isFrameHost(request) && request.routeOptions.config.latchFrame !== true)
      throw new FrameFileNotFoundError()
  })

  const send = (reply: FastifyReply, allowedOrigins: readonly string[]) => {
    reply.headers(frameHeaders({ serverUrl, allowedOrigins }))
  }

  for (const host of frameHosts)
    app.get(
      '/*',
      {
        constraints: { host },
        config: { latchFrame: true, cors: false },
        schema: {
          summary: 'The secure frame (built files), on the frame origin',
          description:
            "HTML documents need the project's id and carry frame-ancestors from its allow-list; `*` entries never reach it.",
          tags: ['frame'],
          querystring: frameQuerySchema,
          response: {
            // Sent as read (a Buffer), never through the JSON serializer.
            200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'The file' }),
            ...errorResponses({
              400: 'Malformed request',
              403: 'INVALID_PROJECT_ID: the document was asked for without a known project',
              404: 'NOT_FOUND: no such file in the build (or a path leaving it)',
            }),
          },
        },
      },
      async (request, reply) => {
        const requestPath = (request.params as { '*': string })['*']
        // Until the project is known, nobody may frame even an error answer.
        send(reply, [])
        const file = await resolveFrameFile(frameDir, requestPath)
        if (!file) throw new FrameFileNotFoundError()
        if (isDocument(file)) {
          const projectId = request.query.projectId ?? ''
          const project = projectId ? await findProject(app.db, projectId) : undefined
          if (!project) throw new InvalidProjectIdError()
          send(reply, project.allowedOrigins)
        }
        reply
          .header('cache-control', cacheControlOf(requestPath.replace(/^\/+/, '') || 'index.html'))
          .type(contentTypeOf(file))
        return reply.send(await fs.readFile(file))
      },
    )
}

export const frameHostingPlugin = fp(plugin, { name: 'latch-frame-hosting' })
