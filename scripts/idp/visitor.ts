/**
 * A visitor at the dev identity provider, without a browser: follows its redirects with a
 * cookie jar, fills in the dev login page, accepts or declines consent, and stops at the answer
 * addressed to the client (a redirect, or Apple's form post). For server tests; the e2e tests
 * use Chromium.
 */

export interface ProviderAnswer {
  method: 'GET' | 'POST'
  /** The client's redirect URI, with the query for GET. */
  url: string
  /** The form fields for POST. */
  form: Record<string, string>
}

const decode = (text: string) =>
  text.replace(/&#(\d+);/g, (_m, code) => String.fromCharCode(Number(code))).replace(/&amp;/g, '&')

export async function visitProvider(
  authorizationUri: string,
  login: string,
  options: { consent?: 'accept' | 'decline'; jar?: Map<string, string> } = {},
): Promise<ProviderAnswer> {
  const origin = new URL(authorizationUri).origin
  const jar = options.jar ?? new Map<string, string>()
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
  const request = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: cookie() },
    })
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';')
      const at = pair.indexOf('=')
      jar.set(pair.slice(0, at), pair.slice(at + 1))
    }
    return response
  }
  const post = (url: string, fields: Record<string, string>) =>
    request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    })

  let response = await request(authorizationUri)
  for (let step = 0; step < 20; step++) {
    const location = response.headers.get('location')
    if (location) {
      const next = new URL(location, response.url || origin)
      if (next.origin !== origin) return { method: 'GET', url: next.href, form: {} }
      response = await request(next.href)
      continue
    }
    const html = await response.text()
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1]
    if (!action) throw new Error(`The provider answered ${response.status}: ${html.slice(0, 300)}`)
    const target = new URL(decode(action), origin)
    const fields = Object.fromEntries(
      [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/?>/g)].map((m) => [
        m[1]!,
        decode(m[2]!),
      ]),
    )
    if (target.origin !== origin) return { method: 'POST', url: target.href, form: fields }
    if (fields.prompt === 'login') {
      response = await post(target.href, { prompt: 'login', login, password: 'any' })
    } else if (fields.prompt === 'consent') {
      if (options.consent === 'decline') {
        const abort = /<a href="([^"]+\/abort)"/.exec(html)?.[1]
        if (!abort) throw new Error('The consent page has no cancel link')
        response = await request(new URL(decode(abort), origin).href)
      } else response = await post(target.href, { prompt: 'consent' })
    } else throw new Error(`An unexpected form at ${target.href}`)
  }
  throw new Error('The provider kept redirecting')
}
