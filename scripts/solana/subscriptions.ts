/**
 * The websocket half of the local cluster: the subscriptions `@solana/kit` and wallets use to
 * wait for a transaction (`signatureSubscribe`), watch a balance (`accountSubscribe`) and count
 * slots (`slotSubscribe`), with a validator's notification shapes. Anything else is an error.
 */
import type { WebSocket } from 'ws'
import { INVALID_PARAMS, METHOD_NOT_FOUND, RpcError } from './errors.js'
import { toJson } from './json.js'
import type { SolanaLedger } from './ledger.js'
import { addressParam, encodeAccount } from './rpc.js'

type Subscription =
  | { kind: 'signature'; socket: WebSocket; signature: string }
  | { kind: 'account'; socket: WebSocket; address: string; encoding: unknown; last: string }
  | { kind: 'slot'; socket: WebSocket }

const NOTIFICATION = {
  signature: 'signatureNotification',
  account: 'accountNotification',
  slot: 'slotNotification',
}

export class SubscriptionHub {
  private nextId = 1
  private readonly subscriptions = new Map<number, Subscription>()
  private readonly unlisten: () => void

  constructor(private readonly ledger: SolanaLedger) {
    this.unlisten = ledger.onTransaction(({ slot, transaction }) => {
      for (const [id, sub] of this.subscriptions) {
        if (sub.kind === 'slot') this.notify(id, sub, { parent: slot - 1, root: slot, slot })
        else if (sub.kind === 'signature' && sub.signature === transaction.signature) {
          this.notify(id, sub, { context: { slot }, value: { err: transaction.err } })
          this.subscriptions.delete(id)
        } else if (sub.kind === 'account' && transaction.accountKeys.includes(sub.address as never))
          this.notifyAccount(id, sub)
      }
    })
  }

  close(): void {
    this.unlisten()
    this.subscriptions.clear()
  }

  attach(socket: WebSocket): void {
    socket.on('message', (raw) => {
      let request: { id?: unknown; method?: unknown; params?: unknown }
      try {
        request = JSON.parse(String(raw))
      } catch {
        socket.send(
          toJson({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }),
        )
        return
      }
      const id = request.id ?? null
      try {
        const result = this.handle(
          socket,
          String(request.method),
          Array.isArray(request.params) ? request.params : [],
        )
        socket.send(toJson({ jsonrpc: '2.0', id, result }))
        if (typeof result === 'number') this.initial(result)
      } catch (error) {
        const e = error instanceof RpcError ? error : new RpcError(-32603, String(error))
        socket.send(toJson({ jsonrpc: '2.0', id, error: { code: e.code, message: e.message } }))
      }
    })
    socket.on('close', () => {
      for (const [id, sub] of this.subscriptions)
        if (sub.socket === socket) this.subscriptions.delete(id)
    })
  }

  private handle(socket: WebSocket, method: string, params: unknown[]): number | boolean {
    const id = this.nextId++
    switch (method) {
      case 'signatureSubscribe':
        if (typeof params[0] !== 'string')
          throw new RpcError(INVALID_PARAMS, 'Invalid params: expected a signature')
        this.subscriptions.set(id, { kind: 'signature', socket, signature: params[0] })
        return id
      case 'accountSubscribe': {
        const address = addressParam(params[0])
        const encoding = (params[1] as { encoding?: unknown } | undefined)?.encoding
        const last = toJson(encodeAccount(this.ledger, this.ledger.account(address), encoding))
        this.subscriptions.set(id, { kind: 'account', socket, address, encoding, last })
        return id
      }
      case 'slotSubscribe':
        this.subscriptions.set(id, { kind: 'slot', socket })
        return id
      case 'signatureUnsubscribe':
      case 'accountUnsubscribe':
      case 'slotUnsubscribe':
        return this.subscriptions.delete(Number(params[0]))
      default:
        throw new RpcError(
          METHOD_NOT_FOUND,
          `Method not found: ${method} is not implemented by Latch's local Solana cluster`,
        )
    }
  }

  /** A signature that already landed is reported at once, as a validator does. */
  private initial(id: number): void {
    const sub = this.subscriptions.get(id)
    if (sub?.kind !== 'signature') return
    const tx = this.ledger.transaction(sub.signature)
    if (!tx) return
    this.notify(id, sub, { context: { slot: tx.slot }, value: { err: tx.err } })
    this.subscriptions.delete(id)
  }

  private notifyAccount(id: number, sub: Extract<Subscription, { kind: 'account' }>): void {
    const value = encodeAccount(
      this.ledger,
      this.ledger.account(sub.address as never),
      sub.encoding,
    )
    const text = toJson(value)
    if (text === sub.last) return
    sub.last = text
    this.notify(id, sub, { context: { slot: this.ledger.slot }, value })
  }

  private notify(id: number, sub: Subscription, result: unknown): void {
    if (sub.socket.readyState !== sub.socket.OPEN) return
    sub.socket.send(
      toJson({
        jsonrpc: '2.0',
        method: NOTIFICATION[sub.kind],
        params: { result, subscription: id },
      }),
    )
  }
}
