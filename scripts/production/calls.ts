/**
 * The calls the production test makes, each as a page, the secure frame or an operator makes
 * it: the headers and bodies are the server's documented ones (docs/siwx.md, docs/custody.md,
 * docs/provider-services.md#administration).
 */
import http from 'node:http'
import { mnemonicToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { TEST_MNEMONIC } from '../devchain/anvil.js'
import { APP_ORIGIN } from './stack.js'

const json = { 'content-type': 'application/json' }

/** Creates a project allowing APP_ORIGIN through the admin API; resolves with its id. */
export async function createProject(baseUrl: string, adminToken: string, name: string) {
  const response = await fetch(`${baseUrl}/admin/v1/projects`, {
    method: 'POST',
    headers: { ...json, authorization: `Bearer ${adminToken}` },
    body: JSON.stringify({ name, origins: [APP_ORIGIN] }),
  })
  if (response.status !== 201)
    throw new Error(`project ${name}: ${response.status} ${await response.text()}`)
  return ((await response.json()) as { id: string }).id
}

/** `POST /siwx/v1/nonce` as the page at APP_ORIGIN. */
export function siwxNonce(baseUrl: string, projectId: string) {
  return fetch(`${baseUrl}/siwx/v1/nonce?projectId=${projectId}`, {
    method: 'POST',
    headers: { ...json, origin: APP_ORIGIN },
    body: '{}',
  })
}

export const siwxAccount = mnemonicToAccount(TEST_MNEMONIC, { addressIndex: 2 })

/** Signs an EIP-4361 message for APP_ORIGIN with the dev account and verifies it at `baseUrl`. */
export async function siwxVerify(
  baseUrl: string,
  projectId: string,
  nonce: string,
  transport: 'bearer' | 'cookie',
) {
  const message = createSiweMessage({
    address: siwxAccount.address,
    chainId: 31337,
    domain: new URL(APP_ORIGIN).host,
    uri: `${APP_ORIGIN}/`,
    version: '1',
    nonce,
    issuedAt: new Date(),
  })
  const signature = await siwxAccount.signMessage({ message })
  return fetch(`${baseUrl}/siwx/v1/verify?projectId=${projectId}`, {
    method: 'POST',
    headers: { ...json, origin: APP_ORIGIN },
    body: JSON.stringify({
      message,
      signature,
      ...(transport === 'cookie' ? { transport: 'cookie' } : {}),
    }),
  })
}

/** `GET /siwx/v1/session` with a bearer token or the session cookie. */
export function siwxSession(
  baseUrl: string,
  projectId: string,
  auth: { token?: string; cookie?: string },
) {
  return fetch(`${baseUrl}/siwx/v1/session?projectId=${projectId}`, {
    headers: {
      origin: APP_ORIGIN,
      ...(auth.token ? { authorization: `Bearer ${auth.token}` } : {}),
      ...(auth.cookie ? { cookie: auth.cookie } : {}),
    },
  })
}

/** A call as the secure frame makes it (its origin, the project, the page's origin). */
export function frameCall(
  baseUrl: string,
  frameOrigin: string,
  projectId: string,
  route: string,
  options: { body?: object; token?: string } = {},
) {
  return fetch(`${baseUrl}${route}`, {
    method: options.body ? 'POST' : 'GET',
    headers: {
      ...(options.body ? json : {}),
      origin: frameOrigin,
      'latch-project-id': projectId,
      'latch-page-origin': APP_ORIGIN,
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    ...(options.body ? { body: JSON.stringify(options.body) } : {}),
  })
}

/** Sends `count` ETH transfers from dev account 0 to `to` (anvil mines each at once). */
export async function sendTransfers(rpcUrl: string, to: string, count: number) {
  const from = mnemonicToAccount(TEST_MNEMONIC, { addressIndex: 0 }).address
  for (let i = 0; i < count; i++) {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: i,
        method: 'eth_sendTransaction',
        params: [{ from, to, value: `0x${(10n ** 15n * BigInt(i + 1)).toString(16)}` }],
      }),
    })
    const body = (await response.json()) as { result?: string; error?: unknown }
    if (!body.result) throw new Error(`transfer ${i}: ${JSON.stringify(body.error)}`)
  }
}

/**
 * A POST from the loopback address `from` (127.0.0.2, 127.0.0.3…): a visitor whose address is not
 * the proxy's, as every visitor's is in production. fetch cannot choose its source address.
 */
export function postFrom(
  from: string,
  url: string,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: 'POST', localAddress: from, headers: { ...json, ...headers } },
      (response) => {
        let text = ''
        response.on('data', (chunk) => {
          text += chunk
        })
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }))
        response.on('error', reject)
      },
    )
    request.on('error', reject)
    request.end(body)
  })
}
