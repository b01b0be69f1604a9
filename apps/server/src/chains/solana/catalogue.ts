import { walletsWithChains } from '../shared/catalogue.js'
import type { FamilyCatalogue } from '../types.js'

const SOLANA = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'

/** Solana's share of the wallet catalogue: who lists mainnet, the wallets made for it, its image. */
export const solanaCatalogue: FamilyCatalogue = {
  walletChains: walletsWithChains(
    [
      'trust',
      'coinbase',
      'phantom',
      'okx',
      'zerion',
      'ledger-live',
      'bitget',
      'binance',
      'exodus',
      'brave',
      'tokenpocket',
      'safepal',
      'ctrl',
      'enkrypt',
      'solflare',
      'backpack',
      'glow',
      'magic-eden',
      'onekey',
      'coin98',
      'mathwallet',
      'tangem',
      'bybit',
      'gate',
      'kraken',
      'robinhood',
      'atomic',
      'guarda',
      'frontier',
      'edge',
      'unstoppable',
      'keystone',
      'ellipal',
      'trezor',
    ],
    [SOLANA],
  ),
  wallets: [
    {
      place: 29,
      id: 'solflare',
      name: 'Solflare',
      rdns: null,
      homepage: 'https://solflare.com',
      mobileLink: 'solflare://',
    },
    { place: 31, id: 'glow', name: 'Glow', rdns: null, homepage: 'https://glow.app' },
  ],
  networkImages: { solana: 'SOL' },
}
