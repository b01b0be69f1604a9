import {
  appendTransactionMessageInstruction,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  lamports,
  pipe,
  sendAndConfirmTransactionFactory,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devSigner } from './accounts.js'
import { type startDevSolana as StartDevSolana, startDevSolana } from './index.js'
import { HISTORY_DAYS } from './seed.js'

let cluster: Awaited<ReturnType<typeof StartDevSolana>>
const now = new Date()

beforeAll(async () => {
  cluster = await startDevSolana({ port: 0, now })
})
afterAll(() => cluster?.stop())

async function rawCall(method: string, params: unknown[] = []) {
  const response = await fetch(cluster.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return (await response.json()) as { result?: unknown; error?: { code: number; message: string } }
}

async function transfer(
  amount: bigint,
  blockhash?: { blockhash: string; lastValidBlockHeight: bigint },
) {
  const rpc = createSolanaRpc(cluster.rpcUrl)
  const from = cluster.seed.keys.accounts.wallet
  const to = cluster.seed.keys.accounts.shop
  const lifetime = blockhash ?? (await rpc.getLatestBlockhash().send()).value
  return pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(from, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime as never, m),
    (m) =>
      appendTransactionMessageInstruction(
        getTransferSolInstruction({
          source: from,
          destination: to.address,
          amount: lamports(amount),
        }),
        m,
      ),
    (m) => signTransactionMessageWithSigners(m),
  )
}

describe('the local Solana cluster', () => {
  it('seeds at least fifteen months of history for the dev wallet, newest first, with a failure', async () => {
    const wallet = cluster.seed.keys.accounts.wallet.address
    const rpc = createSolanaRpc(cluster.rpcUrl)
    const signatures = await rpc.getSignaturesForAddress(wallet).send()
    expect(signatures.length).toBeGreaterThan(30)
    const times = signatures.map((s) => Number(s.blockTime))
    expect(times).toEqual([...times].sort((a, b) => b - a))
    const spanDays = (Number(times[0]) - Number(times.at(-1))) / 86_400
    expect(spanDays).toBeGreaterThan(15 * 30)
    expect(Number(times.at(-1))).toBeGreaterThanOrEqual(
      now.getTime() / 1000 - (HISTORY_DAYS + 1) * 86_400,
    )
    expect(Number(times[0])).toBeLessThan(now.getTime() / 1000)
    expect(signatures.filter((s) => s.err !== null)).toHaveLength(1)

    // Paging with before/until walks the same list.
    const firstPage = await rpc.getSignaturesForAddress(wallet, { limit: 10 }).send()
    const secondPage = await rpc
      .getSignaturesForAddress(wallet, { limit: 10, before: firstPage.at(-1)?.signature })
      .send()
    expect([...firstPage, ...secondPage].map((s) => s.signature)).toEqual(
      signatures.slice(0, 20).map((s) => s.signature),
    )
    const until = await rpc
      .getSignaturesForAddress(wallet, { until: signatures[3]?.signature })
      .send()
    expect(until.map((s) => s.signature)).toEqual(signatures.slice(0, 3).map((s) => s.signature))
  })

  it('sends and confirms a transfer through @solana/kit over HTTP and the websocket', async () => {
    const rpc = createSolanaRpc(cluster.rpcUrl)
    const rpcSubscriptions = createSolanaRpcSubscriptions(cluster.wsUrl)
    const wallet = cluster.seed.keys.accounts.wallet.address
    const shop = cluster.seed.keys.accounts.shop.address
    const before = (await rpc.getBalance(shop).send()).value
    const transaction = await transfer(12_345n)
    await sendAndConfirmTransactionFactory({ rpc, rpcSubscriptions })(transaction as never, {
      commitment: 'confirmed',
    })
    const signature = getSignatureFromTransaction(transaction)
    expect((await rpc.getBalance(shop).send()).value).toBe(before + 12_345n)
    const [status] = (await rpc.getSignatureStatuses([signature]).send()).value
    expect(status?.confirmationStatus).toBe('finalized')
    const tx = await rpc
      .getTransaction(signature, { maxSupportedTransactionVersion: 0, encoding: 'json' })
      .send()
    expect(tx?.meta?.fee).toBe(5000n)
    const keys = tx?.transaction.message.accountKeys ?? []
    const walletIndex = keys.indexOf(wallet)
    expect(tx?.meta?.preBalances[walletIndex]).toBe(
      (tx?.meta?.postBalances[walletIndex] ?? 0n) + 12_345n + 5000n,
    )
    expect((await rpc.getSignaturesForAddress(shop, { limit: 1 }).send())[0]?.signature).toBe(
      signature,
    )
  })

  it('refuses what a validator refuses: a replay, an unknown blockhash, a bad signature, a failing preflight', async () => {
    const rpc = createSolanaRpc(cluster.rpcUrl)
    const transaction = await transfer(1n)
    const wire = getBase64EncodedWireTransaction(transaction)
    await rpc.sendTransaction(wire, { encoding: 'base64' }).send()
    const replay = await rawCall('sendTransaction', [wire, { encoding: 'base64' }])
    expect(replay.error?.code).toBe(-32002)
    expect(replay.error?.message).toMatch(/already been processed/)

    const stale = await transfer(2n, {
      blockhash: '4uQeVj5tqViQh7yWWGStvkEG1Zmhx6uasJtWCJziofM',
      lastValidBlockHeight: 10n,
    })
    const staleAnswer = await rawCall('sendTransaction', [
      getBase64EncodedWireTransaction(stale),
      { encoding: 'base64' },
    ])
    expect(staleAnswer.error?.message).toMatch(/Blockhash not found/)

    // A signature made by another key over the same message.
    const forged = await transfer(3n)
    const other = await devSigner('someone else')
    const [signature] = Object.keys(forged.signatures)
    const bad = {
      ...forged,
      signatures: {
        [signature as string]: (
          await other.signMessages([
            { content: forged.messageBytes as unknown as Uint8Array, signatures: {} },
          ])
        )[0]?.[other.address],
      },
    }
    const forgedAnswer = await rawCall('sendTransaction', [
      getBase64EncodedWireTransaction(bad as never),
      { encoding: 'base64' },
    ])
    expect(forgedAnswer.error?.message).toMatch(/signature verification/)

    const tooMuch = await transfer(10n ** 18n)
    const preflight = await rawCall('sendTransaction', [
      getBase64EncodedWireTransaction(tooMuch),
      { encoding: 'base64' },
    ])
    expect(preflight.error?.code).toBe(-32002)
    expect(JSON.stringify(preflight.error)).toMatch(/InstructionError/)
    expect(
      (await rawCall('getSignatureStatuses', [[getSignatureFromTransaction(tooMuch)]])).result,
    ).toMatchObject({ value: [null] })
  })

  it('names what it does not implement instead of answering wrongly', async () => {
    const block = await rawCall('getBlock', [1])
    expect(block.error?.code).toBe(-32601)
    expect(block.error?.message).toMatch(/getBlock is not implemented/)
    const wallet = cluster.seed.keys.accounts.wallet.address
    const [first] = (await rawCall('getSignaturesForAddress', [wallet, { limit: 1 }]))
      .result as Array<{ signature: string }>
    const parsed = await rawCall('getTransaction', [
      first?.signature,
      { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 },
    ])
    expect(parsed.error?.message).toMatch(/jsonParsed.*not implemented/)
    const legacyClient = await rawCall('getTransaction', [first?.signature])
    expect(legacyClient.error?.code).toBe(-32015)
    const badAddress = await rawCall('getBalance', ['0xnot-base58'])
    expect(badAddress.error?.code).toBe(-32602)
  })

  it("lists the wallet's token accounts parsed, as wallets read balances", async () => {
    const rpc = createSolanaRpc(cluster.rpcUrl)
    const wallet = cluster.seed.keys.accounts.wallet.address
    const { value } = await rpc
      .getTokenAccountsByOwner(
        wallet,
        { programId: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA' as never },
        { encoding: 'jsonParsed' },
      )
      .send()
    const mints = value.map((entry) => entry.account.data.parsed.info.mint).sort()
    const keys = cluster.seed.keys.mints
    expect(mints).toEqual([keys.usd.address, keys.dog.address, keys.spam.address].sort())
    const spam = value.find((entry) => entry.account.data.parsed.info.mint === keys.spam.address)
    expect(spam?.account.data.parsed.info.tokenAmount.uiAmountString).toBe('1000')
  })
})
