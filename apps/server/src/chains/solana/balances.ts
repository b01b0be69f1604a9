/**
 * `GET /v1/account/:address/balance` for a Solana cluster, in the reference shape: SOL first,
 * then every SPL token the account holds (both token programs), read from the cluster at once.
 * Tokens marked spam (docs/solana.md#history) are left out, as wallets hide them.
 */
import type { Address, createSolanaRpc } from '@solana/kit'
import type { SolanaTokenInfo } from './config.js'
import { decimal, TOKEN_PROGRAMS } from './units.js'

export interface SolanaBalance {
  name: string
  symbol: string
  chainId: string
  address?: string
  value: null
  price: null
  quantity: { decimals: string; numeric: string }
  iconUrl: string
}

interface ParsedTokenAccount {
  parsed: {
    info: {
      mint: string
      tokenAmount: { amount: string; decimals: number; uiAmountString: string }
    }
  }
}

export async function readSolanaBalances(
  rpc: ReturnType<typeof createSolanaRpc>,
  {
    cluster,
    address,
    tokens,
    spam,
  }: {
    cluster: string
    address: string
    tokens: ReadonlyMap<string, SolanaTokenInfo>
    spam: ReadonlySet<string>
  },
): Promise<SolanaBalance[]> {
  const { value: lamports } = await rpc
    .getBalance(address as Address, { commitment: 'confirmed' })
    .send()
  const held = new Map<string, { amount: bigint; decimals: number }>()
  for (const programId of TOKEN_PROGRAMS) {
    const { value } = await rpc
      .getTokenAccountsByOwner(
        address as Address,
        { programId: programId as Address },
        { encoding: 'jsonParsed', commitment: 'confirmed' },
      )
      .send()
    for (const entry of value) {
      const { mint, tokenAmount } = (entry.account.data as unknown as ParsedTokenAccount).parsed
        .info
      const previous = held.get(mint)?.amount ?? 0n
      held.set(mint, {
        amount: previous + BigInt(tokenAmount.amount),
        decimals: tokenAmount.decimals,
      })
    }
  }
  const balances: SolanaBalance[] = [
    {
      name: 'Solana',
      symbol: 'SOL',
      chainId: cluster,
      value: null,
      price: null,
      quantity: { decimals: '9', numeric: decimal(lamports, 9) },
      iconUrl: '',
    },
  ]
  for (const [mint, { amount, decimals }] of held) {
    if (amount === 0n || spam.has(mint)) continue
    const listed = tokens.get(mint)
    balances.push({
      name: listed?.name ?? mint,
      symbol: listed?.symbol ?? `${mint.slice(0, 4)}…${mint.slice(-4)}`,
      chainId: cluster,
      address: `${cluster}:${mint}`,
      value: null,
      price: null,
      quantity: { decimals: String(decimals), numeric: decimal(amount, decimals) },
      iconUrl: '',
    })
  }
  return balances
}
