import { walletsWithChains } from '../shared/catalogue.js'
import type { FamilyCatalogue } from '../types.js'

const BITCOIN = 'bip122:000000000019d6689c085ae165831e93'

/** Bitcoin's share of the wallet catalogue: who lists mainnet, the wallets made for it, its image. */
export const bitcoinCatalogue: FamilyCatalogue = {
  walletChains: walletsWithChains(
    [
      'trust',
      'phantom',
      'okx',
      'ledger-live',
      'bitget',
      'binance',
      'exodus',
      'tokenpocket',
      'imtoken',
      'safepal',
      'ctrl',
      'enkrypt',
      'xverse',
      'leather',
      'unisat',
      'magic-eden',
      'onekey',
      'zengo',
      'mathwallet',
      'tangem',
      'bybit',
      'gate',
      'kraken',
      'robinhood',
      'core',
      'atomic',
      'bitcoin-com',
      'guarda',
      'edge',
      'unstoppable',
      'keystone',
      'bitpay',
      'ellipal',
      'bitbox',
      'trezor',
    ],
    [BITCOIN],
  ),
  wallets: [
    {
      place: 36,
      id: 'xverse',
      name: 'Xverse',
      rdns: null,
      homepage: 'https://www.xverse.app',
      mobileLink: 'xverse://',
    },
    { place: 37, id: 'leather', name: 'Leather', rdns: null, homepage: 'https://leather.io' },
    { place: 38, id: 'unisat', name: 'UniSat Wallet', rdns: null, homepage: 'https://unisat.io' },
    {
      place: 56,
      id: 'bitcoin-com',
      name: 'Bitcoin.com Wallet',
      rdns: null,
      homepage: 'https://wallet.bitcoin.com',
    },
  ],
  networkImages: { bitcoin: 'BTC' },
}
