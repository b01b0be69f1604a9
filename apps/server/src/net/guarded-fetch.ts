import { lookup as dnsLookup } from 'node:dns/promises'
import http, { type IncomingMessage } from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'
import ipaddr from 'ipaddr.js'
import { HttpError } from '../http/errors.js'

/**
 * The one way the server fetches a URL that a user chose (an avatar, a metadata document): the
 * host must resolve only to public unicast addresses, the connection goes to the address that was
 * checked (so DNS cannot answer differently between the check and the connect), redirects are
 * followed by hand and each target checked again, and the answer is bounded in size and time.
 */

export class GuardedFetchError extends HttpError {
  override name = 'GuardedFetchError'
}

export class UnsupportedUrlError extends GuardedFetchError {
  override name = 'UnsupportedUrlError'
  constructor(why: string) {
    super(400, 'URL_UNSUPPORTED', `This URL cannot be fetched: ${why}.`)
  }
}

export class BlockedAddressError extends GuardedFetchError {
  override name = 'BlockedAddressError'
  /** The refused address, for the log (never sent to clients: it may be internal). */
  readonly address: string
  constructor(address: string) {
    super(403, 'ADDRESS_BLOCKED', 'This address is not allowed')
    this.address = address
  }
}

export class TooManyRedirectsError extends GuardedFetchError {
  override name = 'TooManyRedirectsError'
  constructor(max: number) {
    super(502, 'TOO_MANY_REDIRECTS', `The URL redirected more than ${max} times.`)
  }
}

export class ResponseTooLargeError extends GuardedFetchError {
  override name = 'ResponseTooLargeError'
  constructor(max: number) {
    super(502, 'RESPONSE_TOO_LARGE', `The answer is larger than ${max} bytes.`)
  }
}

export class FetchTimeoutError extends GuardedFetchError {
  override name = 'FetchTimeoutError'
  constructor(ms: number) {
    super(504, 'FETCH_TIMEOUT', `The host did not answer within ${ms} ms.`)
  }
}

export class FetchFailedError extends GuardedFetchError {
  override name = 'FetchFailedError'
  constructor(why: string) {
    super(502, 'FETCH_FAILED', `The host could not be reached: ${why}.`)
  }
}

/** A host name's addresses, as `dns.lookup(host, { all: true })` gives them. */
export type Resolve = (host: string) => Promise<{ address: string; family: number }[]>

export interface GuardedFetchOptions {
  /** Largest body accepted, in bytes (default 1 MiB). */
  maxBytes?: number
  /** For the whole fetch, redirects included (default 5 s). */
  timeoutMs?: number
  /** Redirects followed, each target checked again (default 3). */
  maxRedirects?: number
  headers?: Record<string, string>
  /**
   * Loopback addresses allowed: `true` for any, or `host:port` pairs (`127.0.0.1:4000`). Only for
   * the dev stack's and tests' local fixtures; production configuration never sets it.
   */
  allowLoopback?: boolean | readonly string[]
  /** Name resolution (default: the system's, every address). Tests play DNS with it. */
  resolve?: Resolve
  /** Certificate authorities trusted instead of the system's: tests' self-signed fixtures. */
  ca?: string | Buffer
}

export interface GuardedResponse {
  status: number
  headers: IncomingMessage['headers']
  body: Buffer
  /** The URL that answered, after redirects. */
  url: string
}

const DEFAULT_MAX_BYTES = 1024 * 1024
const DEFAULT_TIMEOUT_MS = 5_000
const DEFAULT_MAX_REDIRECTS = 3
const REDIRECTS = new Set([301, 302, 303, 307, 308])

const systemResolve: Resolve = (host) => dnsLookup(host, { all: true, verbatim: true })

function loopbackAllowed(option: GuardedFetchOptions['allowLoopback'], url: URL): boolean {
  if (option === true) return true
  if (!option) return false
  const port = url.port || (url.protocol === 'https:' ? '443' : '80')
  return option.includes(`${url.hostname}:${port}`)
}

/**
 * Whether an address may be connected to: public unicast only. IPv4-mapped IPv6 is judged as
 * the IPv4 address it carries; NAT64, 6to4 and Teredo forms are refused, since they can carry a
 * private IPv4 address too.
 */
export function isPublicAddress(address: string, allowLoopback = false): boolean {
  if (!ipaddr.isValid(address)) return false
  let parsed = ipaddr.parse(address)
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address()
  const range = parsed.range()
  return range === 'unicast' || (allowLoopback && range === 'loopback')
}

/** The system resolver cannot be cancelled: the fetch's deadline must not wait for it. */
function beforeAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason)
    if (signal.aborted) return onAbort()
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}

/** Checks the URL and its host's every address; the address to connect to. */
async function checkedTarget(url: URL, options: GuardedFetchOptions, signal: AbortSignal) {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UnsupportedUrlError('only http and https are fetched')
  if (url.username || url.password) throw new UnsupportedUrlError('it carries credentials')
  // WHATWG parsing already turned 2130706433, 0x7f.1 and 017700000001 into 127.0.0.1.
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1')
  let addresses: { address: string; family: number }[]
  if (ipaddr.isValid(host)) addresses = [{ address: host, family: host.includes(':') ? 6 : 4 }]
  else
    try {
      addresses = await beforeAbort((options.resolve ?? systemResolve)(host), signal)
    } catch (error) {
      if (signal.aborted) throw error
      throw new FetchFailedError('its name does not resolve')
    }
  if (addresses.length === 0) throw new FetchFailedError('its name does not resolve')
  const loopback = loopbackAllowed(options.allowLoopback, url)
  // Every address, not only the first: a name answering one public and one internal address
  // would otherwise let the system pick the internal one.
  for (const { address } of addresses)
    if (!isPublicAddress(address, loopback)) throw new BlockedAddressError(address)
  return addresses[0] as { address: string; family: number }
}

/** One request to the checked address; the socket never resolves the name again. */
function requestOnce(
  url: URL,
  target: { address: string; family: number },
  options: GuardedFetchOptions,
  signal: AbortSignal,
  maxBytes: number,
): Promise<GuardedResponse> {
  const pinned: LookupFunction = (_host, lookupOptions, callback) => {
    if (lookupOptions.all) callback(null, [target])
    else callback(null, target.address, target.family)
  }
  const client = url.protocol === 'https:' ? https : http
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'GET',
        agent: false,
        lookup: pinned,
        signal,
        ...(options.ca ? { ca: options.ca } : {}),
        headers: { 'user-agent': 'latch-server', accept: '*/*', ...options.headers },
      },
      (response) => {
        const status = response.statusCode ?? 0
        if (REDIRECTS.has(status)) {
          response.resume()
          resolve({ status, headers: response.headers, body: Buffer.alloc(0), url: url.href })
          return
        }
        const declared = Number(response.headers['content-length'])
        if (Number.isFinite(declared) && declared > maxBytes) {
          response.destroy()
          reject(new ResponseTooLargeError(maxBytes))
          return
        }
        const chunks: Buffer[] = []
        let size = 0
        response.on('data', (chunk: Buffer) => {
          size += chunk.length
          if (size > maxBytes) {
            response.destroy()
            reject(new ResponseTooLargeError(maxBytes))
          } else chunks.push(chunk)
        })
        response.on('end', () =>
          resolve({
            status,
            headers: response.headers,
            body: Buffer.concat(chunks),
            url: url.href,
          }),
        )
        response.on('error', reject)
      },
    )
    request.on('error', reject)
    request.end()
  })
}

/** GET `raw` under the rules above; throws a GuardedFetchError subclass when refused or failed. */
export async function guardedFetch(
  raw: string,
  options: GuardedFetchOptions = {},
): Promise<GuardedResponse> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), timeoutMs)
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    clearTimeout(timer)
    throw new UnsupportedUrlError('it is not a URL')
  }
  try {
    for (let hop = 0; ; hop++) {
      const target = await checkedTarget(url, options, controller.signal)
      if (controller.signal.aborted) throw new FetchTimeoutError(timeoutMs)
      const response = await requestOnce(url, target, options, controller.signal, maxBytes)
      if (!REDIRECTS.has(response.status)) return response
      if (hop >= maxRedirects) throw new TooManyRedirectsError(maxRedirects)
      const location = response.headers.location
      if (!location) throw new FetchFailedError('a redirect without a location')
      url = new URL(location, url)
    }
  } catch (error) {
    if (error instanceof GuardedFetchError) throw error
    if (controller.signal.aborted) throw new FetchTimeoutError(timeoutMs)
    throw new FetchFailedError((error as NodeJS.ErrnoException).code ?? 'connection failed')
  } finally {
    clearTimeout(timer)
  }
}
