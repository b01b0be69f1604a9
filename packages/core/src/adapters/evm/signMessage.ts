import type { Config } from '@wagmi/core'
import { stringToHex } from 'viem'
import { ConnectorNotFoundError } from '../../errors/errors.js'

/**
 * EIP-191 personal_sign through the provider of the connection that holds `address` (else the
 * current one). viem's signMessage action is not used: its encoding path is more than one
 * request needs.
 */
export async function personalSign(
  config: Config,
  { address, message }: { address: string; message: string },
): Promise<string> {
  const { connections, current } = config.state
  const connection =
    [...connections.values()].find((c) =>
      c.accounts.some((a) => a.toLowerCase() === address.toLowerCase()),
    ) ?? (current ? connections.get(current) : undefined)
  if (!connection) throw new ConnectorNotFoundError(address)
  const provider = (await connection.connector.getProvider()) as {
    request(args: { method: string; params: unknown[] }): Promise<unknown>
  }
  return (await provider.request({
    method: 'personal_sign',
    params: [stringToHex(message), address],
  })) as string
}
