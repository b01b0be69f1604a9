import {
  type Address,
  type Client,
  createClient,
  encodeFunctionData,
  type Hex,
  http,
  keccak256,
  numberToHex,
  parseAbi,
  parseEther,
  stringToHex,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { ARACHNID_DEPLOYER, ENTRY_POINT_07, SAFE_SINGLETON_FACTORY } from './addresses.js'
import { singletonFactoryDeployment } from './artifacts.js'
import { DEV_PAYMASTER_DEPOSIT, devPaymasterAddress, devPaymasterDeployment } from './paymaster.js'
import { aaDeployments } from './plan.js'

const stakeAbi = parseAbi([
  'function balanceOf(address account) view returns (uint256)',
  'function depositTo(address account) payable',
])

/**
 * Sends the 4337 deployments. Not a mnemonic account nor the seed's deployer, so the seeded
 * accounts' nonces and history stay exactly as the seed left them. Public key, dev chain only.
 */
export const aaDeployer = privateKeyToAccount(keccak256(stringToHex('latch devchain aa deployer')))

export class AaInstallError extends Error {
  override name = 'AaInstallError'
}

export interface AaInstallResult {
  /** Contract name → canonical address, all holding code after the call. */
  contracts: Record<string, Address>
  /** Transactions this call sent (0 when the chain already had everything). */
  transactions: number
  durationMs: number
}

interface Receipt {
  status: Hex
  contractAddress: Address | null
}

async function rpc<T>(client: Client, method: string, params: unknown[] = []): Promise<T> {
  return (await client.request({ method, params } as never)) as T
}

const hasCode = async (client: Client, address: Address) =>
  (await rpc<Hex>(client, 'eth_getCode', [address, 'latest'])) !== '0x'

/** anvil mines on send (automine); the receipt is read until it is there, never for a set time. */
async function receiptOf(client: Client, hash: Hex, label: string): Promise<Receipt> {
  for (;;) {
    const receipt = await rpc<Receipt | null>(client, 'eth_getTransactionReceipt', [hash])
    if (receipt) {
      if (receipt.status !== '0x1')
        throw new AaInstallError(`${label}: transaction ${hash} reverted`)
      return receipt
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** Puts Safe's singleton factory in place by its own presigned transaction for this chain id. */
async function installSafeFactory(client: Client, chainId: number): Promise<number> {
  if (await hasCode(client, SAFE_SINGLETON_FACTORY)) return 0
  const d = singletonFactoryDeployment(chainId)
  const cost = BigInt(d.gasPrice) * BigInt(d.gasLimit)
  await rpc(client, 'anvil_setBalance', [d.signerAddress, numberToHex(cost)])
  const hash = await rpc<Hex>(client, 'eth_sendRawTransaction', [d.transaction])
  await receiptOf(client, hash, 'Safe singleton factory')
  if (!(await hasCode(client, SAFE_SINGLETON_FACTORY)))
    throw new AaInstallError(`the Safe singleton factory is not at ${SAFE_SINGLETON_FACTORY}`)
  return 1
}

/**
 * Deploys EntryPoint v0.7 and v0.8, Safe 1.4.1 and the Safe 4337 module at their canonical
 * addresses on an anvil chain, through the deterministic deployers, from the published
 * artifacts. Idempotent: a contract already in place is left alone, so a restored chain sends
 * nothing. Run it after the seed: it adds blocks but never touches a seeded account.
 */
export async function installAccountAbstraction(
  rpcUrl: string,
  options: { log?: (message: string) => void } = {},
): Promise<AaInstallResult> {
  const started = performance.now()
  const log = options.log ?? (() => {})
  const client = createClient({ transport: http(rpcUrl, { retryCount: 0 }) })
  const chainId = Number(await rpc<Hex>(client, 'eth_chainId'))
  if (!(await hasCode(client, ARACHNID_DEPLOYER)))
    throw new AaInstallError(
      `the deterministic deployer ${ARACHNID_DEPLOYER} is missing on chain ${chainId}: is this anvil?`,
    )
  let transactions = await installSafeFactory(client, chainId)
  const deployments = [...aaDeployments(), devPaymasterDeployment()]
  const paymaster = devPaymasterAddress()
  const missing = []
  for (const d of deployments) if (!(await hasCode(client, d.address))) missing.push(d)
  // 0x before the entry point exists.
  const depositWord = await rpc<Hex>(client, 'eth_call', [
    {
      to: ENTRY_POINT_07,
      data: encodeFunctionData({ abi: stakeAbi, functionName: 'balanceOf', args: [paymaster] }),
    },
    'latest',
  ]).catch(() => '0x0' as Hex)
  const deposit = depositWord === '0x' ? 0n : BigInt(depositWord)
  const topUp = deposit < DEV_PAYMASTER_DEPOSIT / 2n
  if (missing.length > 0 || topUp) {
    const balance = BigInt(await rpc<Hex>(client, 'eth_getBalance', [aaDeployer.address, 'latest']))
    if (balance < DEV_PAYMASTER_DEPOSIT + parseEther('1'))
      await rpc(client, 'anvil_setBalance', [
        aaDeployer.address,
        numberToHex(DEV_PAYMASTER_DEPOSIT * 2n + parseEther('10')),
      ])
    let nonce = Number(
      await rpc<Hex>(client, 'eth_getTransactionCount', [aaDeployer.address, 'latest']),
    )
    const { baseFeePerGas } = await rpc<{ baseFeePerGas: Hex }>(client, 'eth_getBlockByNumber', [
      'latest',
      false,
    ])
    const maxFeePerGas = BigInt(baseFeePerGas) * 2n + 1_000_000_000n
    const send = async (label: string, to: Address, data: Hex, value = 0n) => {
      const gas = BigInt(
        await rpc<Hex>(client, 'eth_estimateGas', [
          { from: aaDeployer.address, to, data, value: numberToHex(value) },
        ]),
      )
      const signed = await aaDeployer.signTransaction({
        type: 'eip1559',
        chainId,
        nonce: nonce++,
        to,
        data,
        value,
        gas: (gas * 12n) / 10n,
        maxFeePerGas,
        maxPriorityFeePerGas: 1_000_000_000n,
      })
      const hash = await rpc<Hex>(client, 'eth_sendRawTransaction', [signed])
      await receiptOf(client, hash, label)
      transactions++
    }
    for (const d of missing) {
      await send(d.name, d.factory, `0x${d.salt.slice(2)}${d.initCode.slice(2)}`)
      if (!(await hasCode(client, d.address)))
        throw new AaInstallError(`${d.name} did not land at its canonical address ${d.address}`)
    }
    // Kept at the entry point, from which the paymaster pays for the operations it sponsors.
    if (topUp)
      await send(
        'paymaster deposit',
        ENTRY_POINT_07,
        encodeFunctionData({ abi: stakeAbi, functionName: 'depositTo', args: [paymaster] }),
        DEV_PAYMASTER_DEPOSIT,
      )
  }
  const contracts = Object.fromEntries(deployments.map((d) => [d.name, d.address]))
  const durationMs = Math.round(performance.now() - started)
  log(
    transactions === 0
      ? '4337 contracts already in place'
      : `4337 contracts deployed: ${transactions} transactions in ${durationMs} ms`,
  )
  return { contracts, transactions, durationMs }
}
