import type { IncomingMessage, ServerResponse } from 'node:http'
import { defineConfig, type Plugin } from 'vite'
import { fetchAllowedOrigins, frameHeaders } from './src/csp.js'

const serverUrl = process.env.VITE_LATCH_SERVER_URL ?? 'http://localhost:8787'

/**
 * Sends the frame's CSP on every HTML document, with frame-ancestors set to the allowed
 * origins of the project named in the query: a page of another origin cannot even render it.
 */
function frameSecurity(dev: boolean): Plugin {
  const middleware = async (
    request: IncomingMessage,
    response: ServerResponse,
    next: () => void,
  ) => {
    const url = new URL(request.url ?? '/', 'http://frame')
    if (url.pathname === '/' || url.pathname.endsWith('.html')) {
      const origins = await fetchAllowedOrigins(serverUrl, url.searchParams.get('projectId') ?? '')
      for (const [name, value] of Object.entries(
        frameHeaders({ serverUrl, allowedOrigins: origins, dev }),
      ))
        response.setHeader(name, value)
    }
    next()
  }
  return {
    name: 'latch-frame-security',
    configureServer: (server) => void server.middlewares.use(middleware),
    configurePreviewServer: (server) => void server.middlewares.use(middleware),
  }
}

// The secure frame is its own site: served from 127.0.0.1 while the app is on localhost,
// so the browser isolates its storage exactly as a separate production domain would.
export default defineConfig(({ command }) => ({
  // `browser` beside latch-source: @solana/kit exports only per-platform builds, and without it
  // its Node build (websockets via ws) would be bundled.
  resolve: { conditions: ['latch-source', 'browser'] },
  plugins: [frameSecurity(command === 'serve')],
  server: { host: '127.0.0.1', strictPort: true },
  preview: { host: '127.0.0.1', strictPort: true },
  build: { target: 'es2022', outDir: 'dist/app', emptyOutDir: true },
}))
