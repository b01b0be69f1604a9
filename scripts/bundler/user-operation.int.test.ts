import type { AddressInfo } from 'node:net'
import { createSmartAccountClient } from 'permissionless'
import { toSafeSmartAccount } from 'permissionless/accounts'
import { createPimlicoClient } from 'permissionless/clients/pimlico'
import {
  createPublicClient,
  defineChain,
  http,
  numberToHex,
  type PublicClient,
  parseEther,
  zeroAddress,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  APP_ORIGIN,
  type AuthTestApp,
  openAuthTestApp,
} from '../../apps/server/src/auth/testing.js'
import { ENTRY_POINT_07 } from '../devchain/aa/addresses.js'
import { installAccountAbstraction } from '../devchain/aa/install.js'
import { type AnvilInstance, DEV_CHAIN_ID, startAnvil } from '../devchain/anvil.js'
import { genesisTimestampFor, seedDevChain } from '../devchain/seed.js'
import { type DevBundler, startDevBundler } from './alto.js'

// The dev chain as `npm start` has it: seeded, then the 4337 contracts, then alto.
let anvil: AnvilInstance
let bundler: DevBundler
let t: AuthTestApp
let chainClient: PublicClient
let routeUrl: string
beforeAll(async () => {
  const now = new Date()
  anvil = await startAnvil({ genesisTimestamp: genesisTimestampFor(now) })
  await seedDevChain(anvil.rpcUrl, { now })
  await installAccountAbstraction(anvil.rpcUrl)
  bundler = await startDevBundler({ rpcUrl: anvil.rpcUrl, port: 0 })
  t = await openAuthTestApp({
    LATCH_CHAIN_RPC_URL: anvil.rpcUrl,
    LATCH_BUNDLER_URLS: `eip155:${DEV_CHAIN_ID}=${bundler.url}`,
  })
  await t.app.listen({ host: '127.0.0.1', port: 0 })
  const { port } = t.app.server.address() as AddressInfo
  routeUrl = `http://127.0.0.1:${port}/v1/bundler?projectId=${t.projectId}&chainId=eip155:${DEV_CHAIN_ID}&bundler=alto`
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

describe('a Safe smart account on the dev chain, through the server and alto', () => {
  it('is deployed by its first user operation, whose receipt comes back through the route', async () => {
    // The page's view of the bundler: the server's route, from an origin of the project.
    const viaServer = http(routeUrl, { fetchOptions: { headers: { origin: APP_ORIGIN } } })
    const owner = privateKeyToAccount(generatePrivateKey())
    const account = await toSafeSmartAccount({
      client: chainClient,
      owners: [owner],
      version: '1.4.1',
      entryPoint: { address: ENTRY_POINT_07, version: '0.7' },
    })
    expect(await chainClient.getCode({ address: account.address })).toBeUndefined()
    // No paymaster yet (docs/smart-accounts.md): the account pays for its own operation.
    await chainClient.request({
      method: 'anvil_setBalance' as never,
      params: [account.address, numberToHex(parseEther('1'))] as never,
    })

    const pimlico = createPimlicoClient({
      transport: viaServer,
      entryPoint: { address: ENTRY_POINT_07, version: '0.7' },
    })
    const client = createSmartAccountClient({
      account,
      chain: devChain,
      bundlerTransport: viaServer,
      userOperation: {
        estimateFeesPerGas: async () => (await pimlico.getUserOperationGasPrice()).fast,
      },
    })
    const recipient = privateKeyToAccount(generatePrivateKey()).address

    const sent = performance.now()
    const hash = await client.sendUserOperation({
      calls: [
        { to: recipient, value: parseEther('0.01') },
        { to: zeroAddress, value: 0n, data: '0x' },
      ],
    })
    const receipt = await pimlico.waitForUserOperationReceipt({ hash, pollingInterval: 100 })
    const sendToReceiptMs = Math.round(performance.now() - sent)
    console.log(
      `user operation: send to receipt ${sendToReceiptMs} ms (alto up in ${bundler.startMs} ms)`,
    )

    expect(receipt).toMatchObject({ success: true, sender: account.address, userOpHash: hash })
    expect(receipt.receipt.status).toBe('success')
    expect((await chainClient.getCode({ address: account.address }))?.length).toBeGreaterThan(2)
    expect(await chainClient.getBalance({ address: recipient })).toBe(parseEther('0.01'))
    const byHash = await pimlico.getUserOperation({ hash })
    expect(byHash.transactionHash).toBe(receipt.receipt.transactionHash)
  })
})
