import {
  type Address,
  createSolanaRpc,
  getBase58Encoder,
  getPublicKeyFromAddress,
  signBytes,
  verifySignature,
} from '@solana/kit'
import { getWallets } from '@wallet-standard/app'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDevSolana, tokenAccountOf } from '../../../../../scripts/solana/index.js'
import type { CaipNetwork } from '../../networks/types.js'
import { createMemoryStorage } from '../../storage/backend.js'
import { createSolanaTestWallet, type SolanaTestWallet } from '../../testing/solanaWallet.js'
import { createSolanaAdapter, SOLANA_CONNECTION_KEY, SolanaSendOptionsError } from './adapter.js'
import { solanaLocalnet } from './networks.js'

type Cluster = Awaited<ReturnType<typeof startDevSolana>>
let cluster: Cluster
let network: CaipNetwork
let wallet: SolanaTestWallet
let unregister: () => void
const storage = createMemoryStorage()

beforeAll(async () => {
  cluster = await startDevSolana({ port: 0 })
  network = { ...solanaLocalnet, rpcUrls: { default: { http: [cluster.rpcUrl] } } }
  const signer = cluster.seed.keys.accounts.wallet
  wallet = createSolanaTestWallet({
    address: signer.address,
    sign: async (bytes) => new Uint8Array(await signBytes(signer.keyPair.privateKey, bytes)),
    chains: [network.caipNetworkId],
    rpcUrls: { [network.caipNetworkId]: cluster.rpcUrl },
  })
  // In Node there is no window handshake: the app API registers it, as the event would.
  unregister = getWallets().register(wallet)
}, 60_000)
afterAll(async () => {
  unregister?.()
  await cluster?.stop()
})

const adapterFor = () => createSolanaAdapter({ networks: [network], storage })
const connectorId = 'wallet-standard:Latch Solana Test Wallet'

describe('the Solana adapter with a wallet-standard wallet', () => {
  it('lists the wallet, connects, signs a message anyone can verify and reads the balance', async () => {
    const adapter = adapterFor()
    const connector = adapter.getConnectors().find((c) => c.id === connectorId)
    expect(connector).toMatchObject({
      name: 'Latch Solana Test Wallet',
      chain: 'solana',
      type: 'ANNOUNCED',
    })
    expect(connector?.chains?.map((c) => c.caipNetworkId)).toEqual([network.caipNetworkId])
    const result = await adapter.connect({ connectorId, network })
    expect(result).toEqual({
      connectorId,
      accounts: [{ address: wallet.accounts[0]?.address }],
      chainId: network.id,
    })
    const address = result.accounts[0]?.address as string
    const signature = await adapter.signMessage?.({ address, message: 'Hello from Latch' })
    const key = await getPublicKeyFromAddress(address as Address)
    const bytes = getBase58Encoder().encode(signature as string)
    expect(
      await verifySignature(key, bytes as never, new TextEncoder().encode('Hello from Latch')),
    ).toBe(true)
    expect(
      await verifySignature(key, bytes as never, new TextEncoder().encode('Hello from someone')),
    ).toBe(false)
    const { value } = await createSolanaRpc(cluster.rpcUrl)
      .getBalance(address as Address)
      .send()
    const balance = await adapter.getBalance({ address, network })
    expect(balance.symbol).toBe('SOL')
    expect(BigInt(Math.round(Number(balance.balance) * 1e9))).toBe(value)
  })

  it('sends SOL: fee shown first, the wallet signs and sends, confirmed on the cluster', async () => {
    const adapter = adapterFor()
    const { accounts } = await adapter.connect({ connectorId, network })
    const from = accounts[0]?.address as string
    const to = cluster.seed.keys.accounts.shop.address
    const rpc = createSolanaRpc(cluster.rpcUrl)
    const before = (await rpc.getBalance(to).send()).value
    const send = { from, to, network, value: 10_000_000n }
    const estimate = await adapter.estimateSend?.(send)
    expect(estimate).toMatchObject({ fee: 5000n, detail: { rent: 0n } })
    const hash = (await adapter.sendToken?.({ ...send, estimate })) as string
    expect(await adapter.waitForTransaction?.({ hash, network })).toEqual({ status: 'success' })
    expect((await rpc.getBalance(to).send()).value).toBe(before + 10_000_000n)
    expect(wallet.requests).toContain('signAndSendTransaction')
  })

  it('sends an SPL token to an account without one, paying and showing the rent of its token account', async () => {
    const adapter = adapterFor()
    const { accounts } = await adapter.connect({ connectorId, network })
    const from = accounts[0]?.address as string
    const to = cluster.seed.keys.accounts.fresh.address
    const mint = cluster.seed.keys.mints.usd.address
    const send = { from, to, network, value: 2_500_000n, tokenAddress: mint }
    const estimate = await adapter.estimateSend?.(send)
    expect(estimate?.detail).toEqual({ rent: 2_039_280n })
    const hash = (await adapter.sendToken?.({ ...send, estimate })) as string
    expect(await adapter.waitForTransaction?.({ hash, network })).toEqual({ status: 'success' })
    const ata = await tokenAccountOf(to, mint)
    const { value } = await createSolanaRpc(cluster.rpcUrl).getTokenAccountBalance(ata).send()
    expect(value.uiAmountString).toBe('2.5')
    // The second send finds the account open: no rent.
    expect((await adapter.estimateSend?.(send))?.detail).toEqual({ rent: 0n })
  })

  it('hands the send options to the wallet: with skipPreflight a failing send lands as failed', async () => {
    const to = cluster.seed.keys.accounts.shop.address
    const tooMuch = 10n ** 15n
    const checked = adapterFor()
    const { accounts } = await checked.connect({ connectorId, network })
    const from = accounts[0]?.address as string
    // Preflight (the default) refuses it: nothing lands.
    await expect(checked.sendToken?.({ from, to, network, value: tooMuch })).rejects.toThrow(
      /simulation failed/,
    )
    const skipping = createSolanaAdapter({
      networks: [network],
      storage,
      sendOptions: { skipPreflight: true, preflightCommitment: 'confirmed', maxRetries: 0 },
    })
    await skipping.connect({ connectorId, network })
    const hash = (await skipping.sendToken?.({ from, to, network, value: tooMuch })) as string
    expect(await skipping.waitForTransaction?.({ hash, network })).toEqual({ status: 'reverted' })
    for (const sendOptions of [
      { preflightCommitment: 'soon' },
      { maxRetries: -1 },
      { minContextSlot: 1.5 },
    ])
      expect(() =>
        createSolanaAdapter({ networks: [network], storage, sendOptions: sendOptions as never }),
      ).toThrow(SolanaSendOptionsError)
  })

  it('reconnects silently after a reload, and forgets the wallet on disconnect', async () => {
    const first = adapterFor()
    await first.connect({ connectorId, network })
    expect(storage.getItem(SOLANA_CONNECTION_KEY)).toBe(connectorId)
    const reloaded = adapterFor()
    const restored = await reloaded.reconnect()
    expect(restored.map((r) => r.accounts[0]?.address)).toEqual([wallet.accounts[0]?.address])
    expect(wallet.requests.at(-1)).toBe('connect (silent)')
    await reloaded.disconnect()
    expect(storage.getItem(SOLANA_CONNECTION_KEY)).toBeNull()
    expect(await adapterFor().reconnect()).toEqual([])
  })

  it("passes the wallet's refusal on with its code, and sends nothing", async () => {
    const adapter = adapterFor()
    const { accounts } = await adapter.connect({ connectorId, network })
    wallet.setBehaviour({ reject: true })
    try {
      const from = accounts[0]?.address as string
      const attempt = adapter.sendToken?.({
        from,
        to: cluster.seed.keys.accounts.shop.address,
        network,
        value: 1n,
      })
      await expect(attempt).rejects.toMatchObject({ code: 4001 })
      await expect(adapter.signMessage?.({ address: from, message: 'no' })).rejects.toMatchObject({
        code: 4001,
      })
    } finally {
      wallet.setBehaviour({})
    }
  })
})
