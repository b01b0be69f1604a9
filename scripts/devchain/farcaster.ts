import {
  type Address,
  type Client,
  createClient,
  encodeAbiParameters,
  type Hex,
  http,
  keccak256,
  numberToHex,
  stringToHex,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { readContract } from 'viem/actions'
import { artifact } from './contracts/artifacts.js'

/**
 * Where Farcaster's ID registry lives on Optimism. The dev chain carries a registry at the same
 * address, so a Sign In With Farcaster verifier pointed at the dev chain as its "Optimism RPC"
 * reads custody exactly as it would in production (docs/social.md#farcaster).
 */
export const FARCASTER_ID_REGISTRY: Address = '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b'

/** A dev Farcaster account: its id, the name its client reports, and its custody key. */
export interface DevFarcasterAccount {
  fid: number
  username: string
  custodyKey: Hex
  custody: Address
}

function devAccount(fid: number, username: string): DevFarcasterAccount {
  // Public keys for the dev chain only, like the seed's deployer.
  const custodyKey = keccak256(stringToHex(`latch devchain farcaster custody ${fid}`))
  return { fid, username, custodyKey, custody: privateKeyToAccount(custodyKey).address }
}

/** The dev chain's Farcaster accounts; a test Farcaster client signs for them. */
export const devFarcasterAccounts = [devAccount(1, 'latch-dev'), devAccount(2, 'latch-friend')]

export class FarcasterRegistryError extends Error {
  override name = 'FarcasterRegistryError'
}

// Storage slots of FarcasterIdRegistry.sol, in declaration order.
const slots = { idCounter: 0n, idOf: 1n, custodyOf: 2n }
const mappingSlot = (keyType: 'address' | 'uint256', key: Address | bigint, slot: bigint) =>
  keccak256(
    encodeAbiParameters([{ type: keyType }, { type: 'uint256' }], [key as never, slot] as never),
  )
const word = (value: bigint | Address) =>
  typeof value === 'bigint'
    ? numberToHex(value, { size: 32 })
    : (`0x${value.slice(2).padStart(64, '0')}` as Hex)

async function rpc<T>(client: Client, method: string, params: unknown[]): Promise<T> {
  return (await client.request({ method, params } as never)) as T
}

/**
 * Puts the registry at Farcaster's address and registers the dev accounts, by writing code and
 * storage directly: no transaction is sent, so the seeded history and every nonce stay as the
 * seed planned them. Running it again changes nothing.
 */
export async function installDevFarcasterRegistry(rpcUrl: string): Promise<DevFarcasterAccount[]> {
  const client = createClient({ transport: http(rpcUrl, { retryCount: 0 }) })
  const { bytecode, abi } = artifact('FarcasterIdRegistry')
  // A creation call answers with the code the constructor would leave at the address.
  const runtime = await rpc<Hex>(client, 'eth_call', [{ data: bytecode }, 'latest'])
  await rpc(client, 'anvil_setCode', [FARCASTER_ID_REGISTRY, runtime])
  const writes: [Hex, Hex][] = [
    [word(slots.idCounter), word(BigInt(devFarcasterAccounts.length))],
    ...devFarcasterAccounts.flatMap(({ fid, custody }): [Hex, Hex][] => [
      [mappingSlot('address', custody, slots.idOf), word(BigInt(fid))],
      [mappingSlot('uint256', BigInt(fid), slots.custodyOf), word(custody)],
    ]),
  ]
  for (const [slot, value] of writes)
    await rpc(client, 'anvil_setStorageAt', [FARCASTER_ID_REGISTRY, slot, value])
  for (const { fid, custody } of devFarcasterAccounts) {
    const read = await readContract(client, {
      address: FARCASTER_ID_REGISTRY,
      abi,
      functionName: 'custodyOf',
      args: [BigInt(fid)],
    })
    if (read !== custody)
      throw new FarcasterRegistryError(`fid ${fid}: the registry reads ${read}, not ${custody}`)
  }
  return devFarcasterAccounts
}
