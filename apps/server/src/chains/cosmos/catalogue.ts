import { walletsWithChains } from '../shared/catalogue.js'
import type { FamilyCatalogue } from '../types.js'

const COSMOS_HUB = 'cosmos:cosmoshub-4'

/** Cosmos's share of the wallet catalogue: who lists the Hub, the wallets made for it, its image. */
export const cosmosCatalogue: FamilyCatalogue = {
  walletChains: walletsWithChains(
    [
      'trust',
      'okx',
      'ledger-live',
      'tokenpocket',
      'imtoken',
      'safepal',
      'ctrl',
      'keplr',
      'leap',
      'cosmostation',
      'onekey',
      'coin98',
      'mathwallet',
      'atomic',
      'guarda',
      'frontier',
      'keystone',
    ],
    [COSMOS_HUB],
  ),
  wallets: [
    {
      place: 26,
      id: 'keplr',
      name: 'Keplr',
      rdns: null,
      homepage: 'https://www.keplr.app',
      mobileLink: 'keplrwallet://',
    },
    {
      place: 27,
      id: 'leap',
      name: 'Leap Wallet',
      rdns: null,
      homepage: 'https://www.leapwallet.io',
      mobileLink: 'leapcosmos://',
    },
    {
      place: 28,
      id: 'cosmostation',
      name: 'Cosmostation',
      rdns: null,
      homepage: 'https://www.cosmostation.io',
      mobileLink: 'cosmostation://',
    },
  ],
  networkImages: { cosmos: 'ATOM' },
}
