import { formatQuantity, type TokenBalance } from '@latch/core'
import { fetchTokenBalances, TOKEN_BALANCE_CACHE_MS } from '@latch/core/send'
import { useCallback, useEffect, useState } from 'react'
import { TokenImage } from '../activity/TokenImage.js'
import { useLatch } from '../context.js'
import { useLatchAccount, useLatchNetwork } from '../hooks/index.js'
import { ensureWalletStyles } from '../theme/walletStyles.js'

/** Where a token's picture comes from: the server's token images, by symbol. */
export function tokenImage(
  iconUrl: (symbol: string) => string,
  token: Pick<TokenBalance, 'symbol' | 'iconUrl'>,
) {
  return {
    kind: 'token' as const,
    url: token.iconUrl || (token.symbol ? iconUrl(token.symbol) : undefined),
    fallback: (token.symbol || '?').slice(0, 1),
  }
}

/**
 * The account's balances on the active network, native first (docs/behaviour.md#limits: read
 * again after 30 s at most). Reads through the core action, which keeps them in the account state.
 */
export function useTokenBalances() {
  const { controller, api } = useLatch('useTokenBalances')
  const { address, tokenBalance, balance, balanceSymbol } = useLatchAccount()
  const { network } = useLatchNetwork()
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading')
  const load = useCallback(
    (force?: boolean) => {
      setState('loading')
      fetchTokenBalances(controller, api, { force }).then(
        () => setState('ready'),
        () => setState('failed'),
      )
    },
    [controller, api],
  )
  // biome-ignore lint/correctness/useExhaustiveDependencies: another account or network reads again
  useEffect(() => {
    if (!address) return
    load()
    // While the list is on screen, tokens the account receives show up once the cache expires.
    const timer = setInterval(() => load(), TOKEN_BALANCE_CACHE_MS)
    return () => clearInterval(timer)
  }, [load, address, network?.caipNetworkId])
  // A network the server keeps no balances for still has the native balance, read from the chain.
  const native: TokenBalance[] =
    state === 'failed' && balance !== undefined && network
      ? [
          {
            name: network.nativeCurrency.name,
            symbol: balanceSymbol ?? network.nativeCurrency.symbol,
            chainId: network.caipNetworkId,
            price: null,
            quantity: { decimals: String(network.nativeCurrency.decimals), numeric: balance },
            iconUrl: '',
          },
        ]
      : []
  return { balances: tokenBalance?.length ? tokenBalance : native, state, reload: load }
}

export function TokenBalances() {
  const { messages, api } = useLatch('TokenBalances')
  const { balances, state, reload } = useTokenBalances()
  const t = messages.account
  ensureWalletStyles()
  return (
    <section
      className="latch-tokens"
      aria-labelledby="latch-tokens-title"
      aria-busy={state === 'loading'}
    >
      <h3 id="latch-tokens-title" className="latch-section-title">
        {t.tokens}
      </h3>
      {state === 'failed' && balances.length === 0 ? (
        <p className="latch-tokens-empty" role="alert">
          {t.tokensFailed}{' '}
          <button type="button" className="latch-link-button" onClick={() => reload(true)}>
            {t.tokensRetry}
          </button>
        </p>
      ) : balances.length === 0 ? (
        <p className="latch-tokens-empty">{t.tokensLoading}</p>
      ) : (
        <ul className="latch-token-list" data-testid="token-balances">
          {balances.map((token) => (
            <li
              key={token.address ?? 'native'}
              className="latch-token"
              data-testid="token-balance"
              data-symbol={token.symbol}
            >
              <TokenImage image={tokenImage(api.tokenImageUrl, token)} />
              <span className="latch-token-name">{token.name}</span>
              <span className="latch-token-amount">
                {formatQuantity(token.quantity.numeric)} {token.symbol}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
