import { type Address, createWalletClient, http } from 'viem'
import { coinTypeOfChain, DEFAULT_NAME_SUFFIX } from '../../packages/core/src/wire/names.js'

export interface DevNameOptions {
  serverUrl: string
  projectId: string
  /** A page origin on the dev project's allow-list: the registry is project-scoped. */
  origin: string
  rpcUrl: string
  chainId: number
  address: Address
  label: string
}

/**
 * Registers a name for a dev account through the server's own route, signed by anvil (which
 * holds the mnemonic's keys), so the web app shows a name from the first start (docs/names.md).
 * Already registered — a restart on the same data — is fine.
 */
export async function registerDevName(options: DevNameOptions): Promise<string> {
  const name = `${options.label}.${DEFAULT_NAME_SUFFIX}`
  const wallet = createWalletClient({ transport: http(options.rpcUrl) })
  const message = JSON.stringify({
    name,
    attributes: {},
    timestamp: Math.floor(Date.now() / 1000),
  })
  const signature = await wallet.signMessage({ account: options.address, message })
  const url = new URL('/v1/profile/account', options.serverUrl)
  url.searchParams.set('projectId', options.projectId)
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: options.origin },
    body: JSON.stringify({
      coin_type: coinTypeOfChain(options.chainId),
      address: options.address,
      message,
      signature,
    }),
  })
  if (response.status === 201) return name
  const body = (await response.json().catch(() => ({}))) as { error?: { code?: string } }
  if (response.status === 409 && body.error?.code === 'NAME_TAKEN') return name
  throw new Error(`registering ${name} answered ${response.status} ${body.error?.code ?? ''}`)
}
