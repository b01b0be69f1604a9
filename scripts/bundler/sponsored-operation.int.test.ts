import type { AddressInfo } from 'node:net'
import { createSmartAccountClient } from 'permissionless'
import { toSafeSmartAccount } from 'permissionless/accounts'
import { createPimlicoClient } from 'permissionless/clients/pimlico'
import {
  createPublicClient,
  defineChain,
  type Hex,
  http,
  type PublicClient,
  parseAbi,
  zeroAddress,
} from 'viem'
import { createPaymasterClient, type UserOperation } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  APP_ORIGIN,
  type AuthTestApp,
  openAuthTestApp,
} from '../../apps/server/src/auth/testing.js'
import { paymasterHash } from '../../apps/server/src/chains/eip155/paymaster/sign.js'
import { ENTRY_POINT_07 } from '../devchain/aa/addresses.js'
import { installAccountAbstraction } from '../devchain/aa/install.js'
import { DEV_PAYMASTER_SIGNER_KEY, devPaymasterAddress } from '../devchain/aa/paymaster.js'
import { type AnvilInstance, DEV_CHAIN_ID, startAnvil } from '../devchain/anvil.js'
import { type DevBundler, startDevBundler } from './alto.js'

let anvil: AnvilInstance
let bundler: DevBundler
let t: AuthTestApp
let chainClient: PublicClient
let base: string
const paymaster = devPaymasterAddress()
const entryPoint = { address: ENTRY_POINT_07, version: '0.7' } as const
const stakeAbi = parseAbi(['function balanceOf(address) view returns (uint256)'])
const hashAbi = parseAbi([
  'struct PackedUserOperation { address sender; uint256 nonce; bytes initCode; bytes callData; bytes32 accountGasLimits; uint256 preVerificationGas; bytes32 gasFees; bytes paymasterAndData; bytes signature; }',
  'function getHash(PackedUserOperation userOp, uint48 validUntil, uint48 validAfter) view returns (bytes32)',
])

beforeAll(async () => {
  anvil = await startAnvil()
  await installAccountAbstraction(anvil.rpcUrl)
  bundler = await startDevBundler({ rpcUrl: anvil.rpcUrl, port: 0 })
  t = await openAuthTestApp({
    LATCH_CHAIN_RPC_URL: anvil.rpcUrl,
    LATCH_BUNDLER_URLS: `eip155:${DEV_CHAIN_ID}=${bundler.url}`,
    LATCH_PAYMASTERS: `eip155:${DEV_CHAIN_ID}=${paymaster}`,
    LATCH_PAYMASTER_SIGNER_KEY: DEV_PAYMASTER_SIGNER_KEY,
    // One sponsored operation per account a day: the second is refused.
    LATCH_PAYMASTER_POLICY: '*=1/100',
  })
  await t.app.listen({ host: '127.0.0.1', port: 0 })
  const { port } = t.app.server.address() as AddressInfo
  base = `http://127.0.0.1:${port}`
  chainClient = createPublicClient({ chain: devChain, transport: http(anvil.rpcUrl) })
})
afterAll(async () => {
  await t?.close()
  await bundler?.stop()
  await anvil?.stop()
})

const devChain = defineChain({
  id: DEV_CHAIN_ID,
  name: 'Latch dev chain',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
})
const route = (name: 'bundler' | 'paymaster') =>
  http(`${base}/v1/${name}?projectId=${t.projectId}&chainId=eip155:${DEV_CHAIN_ID}`, {
    fetchOptions: { headers: { origin: APP_ORIGIN } },
  })

async function sponsoredClient() {
  const owner = privateKeyToAccount(generatePrivateKey())
  const account = await toSafeSmartAccount({
    client: chainClient,
    owners: [owner],
    version: '1.4.1',
    entryPoint,
  })
  const pimlico = createPimlicoClient({ transport: route('bundler'), entryPoint })
  const client = createSmartAccountClient({
    account,
    chain: devChain,
    bundlerTransport: route('bundler'),
    paymaster: createPaymasterClient({ transport: route('paymaster') }),
    userOperation: {
      estimateFeesPerGas: async () => (await pimlico.getUserOperationGasPrice()).fast,
    },
  })
  return { account, client, pimlico }
}

async function rpc(name: 'bundler' | 'paymaster', method: string, params: unknown[]) {
  const res = await fetch(
    `${base}/v1/${name}?projectId=${t.projectId}&chainId=eip155:${DEV_CHAIN_ID}`,
    {
      method: 'POST',
      headers: { origin: APP_ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    },
  )
  return (await res.json()) as {
    result?: Record<string, Hex>
    error?: { code: number; message: string }
  }
}

describe('sponsored user operations (ERC-7677 paymaster on the dev chain)', () => {
  it('signs the hash the paymaster contract computes', async () => {
    const op = {
      sender: '0x1111111111111111111111111111111111111111',
      nonce: '0x5',
      factory: '0x2222222222222222222222222222222222222222',
      factoryData: '0xabcdef',
      callData: '0x1234',
      callGasLimit: '0x1000',
      verificationGasLimit: '0x2000',
      preVerificationGas: '0x3000',
      maxFeePerGas: '0x4000',
      maxPriorityFeePerGas: '0x5000',
      paymasterVerificationGasLimit: '0x186a0',
      paymasterPostOpGasLimit: '0x7',
    } as const
    const onChain = await chainClient.readContract({
      address: paymaster,
      abi: hashAbi,
      functionName: 'getHash',
      args: [
        {
          sender: op.sender,
          nonce: 5n,
          initCode: `${op.factory}abcdef`,
          callData: op.callData,
          accountGasLimits: `0x${0x2000n.toString(16).padStart(32, '0')}${0x1000n.toString(16).padStart(32, '0')}`,
          preVerificationGas: 0x3000n,
          gasFees: `0x${0x5000n.toString(16).padStart(32, '0')}${0x4000n.toString(16).padStart(32, '0')}`,
          paymasterAndData: `${paymaster}${0x186a0n.toString(16).padStart(32, '0')}${'7'.padStart(32, '0')}`,
          signature: '0x',
        },
        1234,
        56,
      ],
    })
    expect(
      paymasterHash(op, { chainId: DEV_CHAIN_ID, paymaster, validUntil: 1234, validAfter: 56 }),
    ).toBe(onChain)
  })

  it('pays for the first operation of an account that holds no ETH, which deploys it', async () => {
    const { account, client, pimlico } = await sponsoredClient()
    const depositBefore = await chainClient.readContract({
      address: ENTRY_POINT_07,
      abi: stakeAbi,
      functionName: 'balanceOf',
      args: [paymaster],
    })
    expect(await chainClient.getBalance({ address: account.address })).toBe(0n)
    const sent = performance.now()
    const hash = await client.sendUserOperation({
      calls: [{ to: zeroAddress, value: 0n, data: '0x' }],
    })
    const receipt = await pimlico.waitForUserOperationReceipt({ hash, pollingInterval: 100 })
    console.log(
      `sponsored user operation: send to receipt ${Math.round(performance.now() - sent)} ms`,
    )
    expect(receipt).toMatchObject({ success: true, paymaster })
    expect((await chainClient.getCode({ address: account.address }))?.length).toBeGreaterThan(2)
    expect(await chainClient.getBalance({ address: account.address })).toBe(0n)
    const depositAfter = await chainClient.readContract({
      address: ENTRY_POINT_07,
      abi: stakeAbi,
      functionName: 'balanceOf',
      args: [paymaster],
    })
    expect(depositAfter).toBeLessThan(depositBefore)

    // The policy allows one a day per account: the next is refused before any signature.
    const again = client.sendUserOperation({ calls: [{ to: zeroAddress, value: 0n, data: '0x' }] })
    await expect(again).rejects.toThrow(/1 sponsored operations a day are used/)
  })

  it('never sponsors with stub data, a forged signature or an operation changed after signing', async () => {
    const { client } = await sponsoredClient()
    const op = (await client.prepareUserOperation({
      calls: [{ to: zeroAddress, value: 0n, data: '0x' }],
    })) as UserOperation<'0.7'>
    op.signature = await client.account.signUserOperation(op)
    // The account signs again after each change, so only the paymaster's signature is wrong.
    const send = async (changed: Partial<UserOperation<'0.7'>>) => {
      const next = { ...op, ...changed }
      next.signature = await client.account.signUserOperation(next)
      const formatted = Object.fromEntries(
        Object.entries(next).map(([k, v]) => [
          k,
          typeof v === 'bigint' ? `0x${v.toString(16)}` : v,
        ]),
      )
      return rpc('bundler', 'eth_sendUserOperation', [formatted, ENTRY_POINT_07])
    }
    const stub = await rpc('paymaster', 'pm_getPaymasterStubData', [
      { sender: op.sender, nonce: '0x0', callData: op.callData },
      ENTRY_POINT_07,
      `0x${DEV_CHAIN_ID.toString(16)}`,
      null,
    ])
    const forged = `${(op.paymasterData as Hex).slice(0, 130)}${(
      await privateKeyToAccount(generatePrivateKey()).signMessage({ message: 'forged' })
    ).slice(2)}` as Hex
    for (const changed of [
      { paymasterData: stub.result?.paymasterData },
      { paymasterData: forged },
      { callData: `${op.callData}00` as Hex },
    ]) {
      const res = await send(changed)
      expect(res.error?.message).toMatch(/AA34/)
    }
  })

  it('refuses what is not for its entry point, chain or method, with clear errors', async () => {
    const op = { sender: zeroAddress, nonce: '0x0', callData: '0x' }
    const chain = `0x${DEV_CHAIN_ID.toString(16)}`
    const v08 = await rpc('paymaster', 'pm_getPaymasterData', [
      op,
      '0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108',
      chain,
      null,
    ])
    expect(v08.error).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/EntryPoint v0\.7/),
    })
    const otherChain = await rpc('paymaster', 'pm_getPaymasterData', [
      op,
      ENTRY_POINT_07,
      '0x1',
      null,
    ])
    expect(otherChain.error?.message).toMatch(/chain 1/)
    const bad = await rpc('paymaster', 'pm_getPaymasterData', [
      { ...op, sender: '0x1' },
      ENTRY_POINT_07,
      chain,
      null,
    ])
    expect(bad.error?.message).toMatch(/params\.0\.sender/)
    const other = await rpc('paymaster', 'eth_sendUserOperation', [])
    expect(other.error?.code).toBe(-32601)
    const foreign = await fetch(
      `${base}/v1/paymaster?projectId=${t.projectId}&chainId=eip155:${DEV_CHAIN_ID}`,
      {
        method: 'POST',
        headers: { origin: 'http://evil.test', 'content-type': 'application/json' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'pm_getPaymasterData',
          params: [op, ENTRY_POINT_07, chain, null],
        }),
      },
    )
    expect(foreign.status).toBe(403)
  })
})
