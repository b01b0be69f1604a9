/**
 * Reads one account's new history from a Solana cluster (docs/solana.md#history). Solana cannot be
 * indexed block by block from an ordinary RPC, so the server follows accounts as they are asked
 * for: the wallet's signatures and those of its token accounts (an SPL transfer to a wallet names
 * only its token account), newest first down to the last signature already read.
 */
import { type Address, createSolanaRpc, type Signature } from '@solana/kit'
import {
  type ExtractedTransaction,
  extractTransaction,
  type RpcTransaction,
  unsolicitedAirdropMints,
} from './extract.js'
import type { SolanaPosition, SolanaStore } from './store.js'
import { TOKEN_PROGRAMS } from './units.js'

const PAGE = 1000
const FETCH_CONCURRENCY = 8

export class SolanaRpcError extends Error {
  override name = 'SolanaRpcError'
}

export interface SyncResult {
  /** Transactions fetched and stored by this sync. */
  fetched: number
  /** The cluster's ledger no longer had a signature we had read: its rows were dropped first. */
  reset: boolean
}

export interface AccountSyncOptions {
  cluster: string
  rpcUrl: string
  store: SolanaStore
  airdropMinRecipients: number
}

export class AccountSync {
  private readonly rpc: ReturnType<typeof createSolanaRpc>
  /** One sync per account at a time: a second caller waits for the running one. */
  private readonly running = new Map<string, Promise<SyncResult>>()

  constructor(private readonly options: AccountSyncOptions) {
    this.rpc = createSolanaRpc(options.rpcUrl)
  }

  sync(viewer: string): Promise<SyncResult> {
    const running = this.running.get(viewer)
    if (running) return running
    const run = this.run(viewer).finally(() => this.running.delete(viewer))
    this.running.set(viewer, run)
    return run
  }

  private async call<T>(what: string, request: { send(): Promise<T> }): Promise<T> {
    try {
      return await request.send()
    } catch (error) {
      throw new SolanaRpcError(
        `${what} failed: ${error instanceof Error ? error.message : String(error)}`,
      )
    }
  }

  private async tokenAccounts(owner: string): Promise<string[]> {
    const found: string[] = []
    for (const programId of TOKEN_PROGRAMS) {
      const { value } = await this.call(
        'getTokenAccountsByOwner',
        this.rpc.getTokenAccountsByOwner(
          owner as Address,
          { programId: programId as Address },
          { encoding: 'base64' },
        ),
      )
      for (const entry of value) found.push(entry.pubkey)
    }
    return found
  }

  /** Signatures of `address` newer than `until`, newest first. */
  private async signaturesSince(address: string, until: string | null) {
    const out: Array<{ signature: string; slot: number; blockTime: number }> = []
    let before: string | undefined
    for (;;) {
      const page = await this.call(
        'getSignaturesForAddress',
        this.rpc.getSignaturesForAddress(address as Address, {
          limit: PAGE,
          commitment: 'confirmed',
          ...(until ? { until: until as Signature } : {}),
          ...(before ? { before: before as Signature } : {}),
        }),
      )
      for (const entry of page)
        out.push({
          signature: entry.signature,
          slot: Number(entry.slot),
          blockTime: Number(entry.blockTime ?? 0),
        })
      if (page.length < PAGE) return out
      before = page.at(-1)?.signature
    }
  }

  private async stillOnLedger(signature: string): Promise<boolean> {
    const { value } = await this.call(
      'getSignatureStatuses',
      this.rpc.getSignatureStatuses([signature as Signature], { searchTransactionHistory: true }),
    )
    return value[0] !== null
  }

  private async fetchTransactions(signatures: readonly string[]): Promise<ExtractedTransaction[]> {
    const out: ExtractedTransaction[] = []
    let next = 0
    const worker = async () => {
      while (next < signatures.length) {
        const signature = signatures[next++] as string
        const tx = await this.call(
          'getTransaction',
          this.rpc.getTransaction(signature as Signature, {
            encoding: 'json',
            maxSupportedTransactionVersion: 0,
            commitment: 'confirmed',
          }),
        )
        if (!tx) throw new SolanaRpcError(`getTransaction found no transaction ${signature}`)
        out.push(extractTransaction(tx as unknown as RpcTransaction))
      }
    }
    await Promise.all(
      Array.from({ length: Math.min(FETCH_CONCURRENCY, signatures.length) }, worker),
    )
    return out
  }

  private async run(viewer: string, resetOnce = true): Promise<SyncResult> {
    const { cluster, store } = this.options
    const sources = [viewer, ...(await this.tokenAccounts(viewer))]
    const checkpoints = await store.checkpoints(cluster, sources)
    const mine = checkpoints.get(viewer)
    if (mine && !(await this.stillOnLedger(mine))) {
      // A ledger that forgot a signature it gave us was reset (a dev cluster restarted).
      await store.forgetCluster(cluster)
      if (!resetOnce) throw new SolanaRpcError('the cluster forgot a signature twice in one sync')
      const again = await this.run(viewer, false)
      return { ...again, reset: true }
    }
    const positions = new Map<string, SolanaPosition>()
    const newest: Array<{ address: string; newestSignature: string | null }> = []
    for (const address of sources) {
      const list = await this.signaturesSince(address, checkpoints.get(address) ?? null)
      for (const entry of list) positions.set(entry.signature, entry)
      newest.push({
        address,
        newestSignature: list[0]?.signature ?? checkpoints.get(address) ?? null,
      })
    }
    const signatures = [...positions.keys()]
    const known = await store.known(cluster, signatures)
    const fresh = await this.fetchTransactions(signatures.filter((s) => !known.has(s)))
    // The block time is the transaction's own (a signature list may lack it on some nodes).
    for (const tx of fresh)
      positions.set(tx.signature, {
        signature: tx.signature,
        slot: tx.slot,
        blockTime: tx.blockTime,
      })
    const spamMints = fresh.flatMap((tx) =>
      unsolicitedAirdropMints(tx, this.options.airdropMinRecipients),
    )
    await store.write({
      cluster,
      viewer,
      fresh,
      positions: [...positions.values()],
      spamMints,
      checkpoints: newest,
    })
    return { fetched: fresh.length, reset: false }
  }
}
