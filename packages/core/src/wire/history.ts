/**
 * The history wire format of `GET /v1/account/:address/history`, declared once: the TypeBox
 * schemas below are what the server's routes validate and serialise with (a field missing here
 * is dropped from every answer), and the TypeScript types derive from them. Field names are the
 * reference cloud's, kept exactly, so either side can talk to the other's counterpart.
 */
import { type Static, Type } from 'typebox'

/** Operation types the reference names; a server may send others, so the schema is a string. */
export type OperationType =
  | 'send'
  | 'receive'
  | 'trade'
  | 'approve'
  | 'mint'
  | 'burn'
  | 'deploy'
  | 'execute'
  | 'deposit'
  | 'withdraw'
  | 'borrow'
  | 'repay'
  | 'claim'
  | 'stake'
  | 'unstake'
  | 'cancel'

export const TransactionStatus = Type.Enum(['confirmed', 'failed', 'pending'])
export type TransactionStatus = Static<typeof TransactionStatus>

export const TransferDirection = Type.Enum(['in', 'out', 'self'])
export type TransferDirection = Static<typeof TransferDirection>

export const TransactionMetadata = Type.Object({
  operationType: Type.Unsafe<OperationType | (string & {})>(
    Type.String({ description: 'send, receive, trade, approve, mint, burn, …' }),
  ),
  hash: Type.String(),
  minedAt: Type.String({ description: 'ISO 8601' }),
  sentFrom: Type.String(),
  sentTo: Type.String(),
  status: TransactionStatus,
  nonce: Type.Integer(),
  chain: Type.String({ description: 'CAIP-2, e.g. eip155:1' }),
  // Latch's own, beside the reference's fields: the memo a transaction carries as signed, on
  // families whose transactions have one (absent when empty and elsewhere). Namespace-neutral, so
  // the wire names no family. Text from the sender: shown as text, never markup.
  memo: Type.Optional(
    Type.String({
      description: 'The memo the sender signed (families whose transactions carry one)',
    }),
  ),
  // Latch's own: the ERC-4337 user operation a smart account's row shows (absent on other rows).
  // Its fee was paid by a paymaster when `sponsored`, else by the account itself.
  userOperation: Type.Optional(
    Type.Object(
      {
        hash: Type.String({ description: 'The user operation hash' }),
        fee: Type.Object({
          numeric: Type.String({ description: "Decimal, in whole units of the chain's currency" }),
          symbol: Type.String(),
        }),
        sponsored: Type.Boolean({ description: 'A paymaster paid the fee' }),
      },
      { description: 'Latch extension: the smart account operation this row shows' },
    ),
  ),
})
export type TransactionMetadata = Static<typeof TransactionMetadata>

const Media = Type.Object({ url: Type.String(), content_type: Type.Optional(Type.String()) })

export const FungibleInfo = Type.Object({
  name: Type.Optional(Type.String()),
  symbol: Type.Optional(Type.String()),
  icon: Type.Optional(Type.Object({ url: Type.String() })),
  /**
   * Latch's extension: set on a token the server judged spam (an unsolicited airdrop on Solana,
   * docs/solana.md#history). The reference sends no flag for fungibles; absent means not spam.
   */
  flags: Type.Optional(
    Type.Object(
      { is_spam: Type.Boolean() },
      { description: 'Latch extension: a token judged spam (Solana airdrops)' },
    ),
  ),
})
export type FungibleInfo = Static<typeof FungibleInfo>

export const NftInfo = Type.Object({
  name: Type.Optional(Type.String()),
  content: Type.Optional(
    Type.Object({ preview: Type.Optional(Media), detail: Type.Optional(Media) }),
  ),
  flags: Type.Object({ is_spam: Type.Boolean() }),
})
export type NftInfo = Static<typeof NftInfo>

export const TransactionTransfer = Type.Object({
  fungible_info: Type.Optional(FungibleInfo),
  nft_info: Type.Optional(NftInfo),
  direction: TransferDirection,
  quantity: Type.Object({ numeric: Type.String({ description: 'Decimal, in whole units' }) }),
  value: Type.Optional(Type.Number()),
  price: Type.Optional(Type.Number()),
})
export type TransactionTransfer = Static<typeof TransactionTransfer>

export const Transaction = Type.Object({
  id: Type.String(),
  metadata: TransactionMetadata,
  transfers: Type.Union([Type.Array(TransactionTransfer), Type.Null()]),
})
export type Transaction = Static<typeof Transaction>

/** One page of history, newest first; `next` is an opaque cursor for the following page. */
export const HistoryPage = Type.Object({
  data: Type.Array(Transaction),
  next: Type.Union([Type.String(), Type.Null()], {
    description: 'Cursor of the next page (pass it as `cursor`); null on the last page',
  }),
})
export type HistoryPage = Static<typeof HistoryPage>

/** `GET /v1/supported-chains`: CAIP-2 ids with history. */
export const SupportedChains = Type.Object({
  http: Type.Array(Type.String(), { description: 'CAIP-2 ids with history' }),
  ws: Type.Array(Type.String(), { description: 'Always empty: no streaming yet' }),
})
export type SupportedChains = Static<typeof SupportedChains>
