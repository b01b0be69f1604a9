/**
 * One call to a project route of the Latch server from a lazily loaded view (Buy, Swap): the
 * project id in the query, JSON in and out, and the server's refusal turned into the view's own
 * error class with the server's message, which is meant for the visitor (limits named, reasons).
 */
export interface ServerCall {
  serverUrl: string
  projectId: string
  path: string
  query?: Record<string, string> | undefined
  /** Sent as JSON with POST; GET without one. */
  body?: unknown
  signal?: AbortSignal | undefined
  fail(code: string, message: string): Error
}

export async function serverCall<T>(call: ServerCall): Promise<T> {
  const url = new URL(call.path, call.serverUrl)
  url.searchParams.set('projectId', call.projectId)
  for (const [key, value] of Object.entries(call.query ?? {})) url.searchParams.set(key, value)
  let response: Response
  try {
    response = await fetch(url, {
      method: call.body === undefined ? 'GET' : 'POST',
      ...(call.body === undefined
        ? {}
        : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(call.body) }),
      signal: call.signal ?? null,
    })
  } catch (cause) {
    if (call.signal?.aborted) throw cause
    throw call.fail('NETWORK_ERROR', 'The Latch server is not answering.')
  }
  const answer = (await response.json().catch(() => undefined)) as
    | { error?: { code?: string; message?: string } }
    | undefined
  if (!response.ok)
    throw call.fail(
      answer?.error?.code ?? 'ERROR',
      answer?.error?.message ?? `The Latch server answered ${response.status}.`,
    )
  return answer as T
}
