import type { Config } from '@wagmi/core'
import { stringToHex } from 'viem'
import { ConnectorNotFoundError } from '../../errors/errors.js'

type Provider = { request(args: { method: string; params: unknown[] }): Promise<unknown> }

/** The provider of the connection that holds `address` (else the current one). */
export async function providerOf(config: Config, address: string): Promise<Provider> {
  const { connections, current } = config.state
  const connection =
    [...connections.values()].find((c) =>
      c.accounts.some((a) => a.toLowerCase() === address.toLowerCase()),
    ) ?? (current ? connections.get(current) : undefined)
  if (!connection) throw new ConnectorNotFoundError(address)
  return (await connection.connector.getProvider()) as Provider
}

/**
 * EIP-191 personal_sign through the wallet that holds `address`. viem's signMessage action is not
 * used: its encoding path is more than one request needs.
 */
export async function personalSign(
  config: Config,
  { address, message }: { address: string; message: string },
): Promise<string> {
  const provider = await providerOf(config, address)
  return (await provider.request({
    method: 'personal_sign',
    params: [stringToHex(message), address],
  })) as string
}
