// Test helpers: a stand-in `fetch` for the provider API client's unit tests.

type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>

/** A stand-in server: records every request and answers from `handler`. */
export function recordingFetch(handler: Handler) {
  const calls: { url: URL; init: RequestInit | undefined }[] = []
  const doFetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input))
    calls.push({ url, init })
    return handler(url, init)
  }) as typeof fetch
  return { calls, fetch: doFetch }
}

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
