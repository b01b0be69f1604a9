import fs from 'node:fs/promises'
import path from 'node:path'

/** Types of what `vite build` writes; anything else is sent as bytes, never sniffed (nosniff). */
const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
}

export function contentTypeOf(file: string): string {
  return contentTypes[path.extname(file).toLowerCase()] ?? 'application/octet-stream'
}

export function isDocument(file: string): boolean {
  return path.extname(file).toLowerCase() === '.html'
}

/**
 * The file a request path names inside the frame's folder, or undefined. Refuses `..`, `.`,
 * dot-files, backslashes and NUL outright rather than normalising them, then checks the real
 * path (symlinks followed) is still inside the folder: nothing outside the build is ever read.
 */
export async function resolveFrameFile(
  root: string,
  requestPath: string,
): Promise<string | undefined> {
  const relative = requestPath.replace(/^\/+/, '')
  const segments = relative === '' ? ['index.html'] : relative.split('/')
  if (segments.some((s) => s === '' || s.startsWith('.') || s.includes('\\') || s.includes('\0')))
    return undefined
  try {
    const realRoot = await fs.realpath(root)
    const file = await fs.realpath(path.join(realRoot, ...segments))
    if (!file.startsWith(realRoot + path.sep)) return undefined
    return (await fs.stat(file)).isFile() ? file : undefined
  } catch {
    return undefined
  }
}
