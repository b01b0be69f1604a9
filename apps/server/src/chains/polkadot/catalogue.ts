import { walletsWithChains } from '../shared/catalogue.js'
import type { FamilyCatalogue } from '../types.js'

const POLKADOT = 'polkadot:91b171bb158e2d3848fa23a9f1c25182'

/** Polkadot's share of the wallet catalogue: who lists the relay chain, its wallets, its image. */
export const polkadotCatalogue: FamilyCatalogue = {
  walletChains: walletsWithChains(
    [
      'ledger-live',
      'tokenpocket',
      'enkrypt',
      'talisman',
      'subwallet',
      'polkadot-js',
      'nova',
      'onekey',
      'mathwallet',
      'atomic',
      'guarda',
      'edge',
      'keystone',
    ],
    [POLKADOT],
  ),
  wallets: [
    {
      place: 32,
      id: 'talisman',
      name: 'Talisman',
      rdns: 'xyz.talisman',
      homepage: 'https://talisman.xyz',
    },
    {
      place: 33,
      id: 'subwallet',
      name: 'SubWallet',
      rdns: 'app.subwallet',
      homepage: 'https://www.subwallet.app',
      mobileLink: 'subwallet://',
    },
    {
      place: 34,
      id: 'polkadot-js',
      name: 'polkadot{.js}',
      rdns: null,
      homepage: 'https://polkadot.js.org/extension/',
    },
    {
      place: 35,
      id: 'nova',
      name: 'Nova Wallet',
      rdns: null,
      homepage: 'https://novawallet.io',
      mobileLink: 'novawallet://',
    },
  ],
  networkImages: { polkadot: 'DOT' },
}
