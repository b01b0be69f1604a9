import { chainFamilies } from '../../chains/index.js'
import type { CatalogueWalletFacts } from '../../chains/types.js'
import { type CuratedWallet, mergeCatalogue } from './merge.js'

export type { CuratedWallet }

/**
 * The curated wallet catalogue: public facts only (names, EIP-6963 rdns, URL schemes and
 * homepages). Ids are Latch's own stable slugs; icons are drawn by the server from the name
 * (images/), so no vendor artwork ships here. Unknown facts are null, never guessed. Which chains
 * each wallet supports, and the wallets made for one chain family, come from the families'
 * folders (chains/<namespace>/catalogue.ts), so this file names no family.
 */
type Links = Pick<CatalogueWalletFacts, 'mobileLink' | 'desktopLink' | 'webappLink'>

function w(
  id: string,
  name: string,
  rdns: string | null,
  homepage: string,
  links: Links = {},
): CatalogueWalletFacts {
  return { id, name, rdns, homepage, ...links }
}

// Order matters: the first entries are what `getWallets` returns first (the "recommended" four).
// The families' own wallets take their places among these (chains/<namespace>/catalogue.ts).
const sharedWallets: readonly CatalogueWalletFacts[] = [
  w('metamask', 'MetaMask', 'io.metamask', 'https://metamask.io', {
    mobileLink: 'metamask://',
  }),
  w('trust', 'Trust Wallet', 'com.trustwallet.app', 'https://trustwallet.com', {
    mobileLink: 'trust://',
  }),
  w('coinbase', 'Coinbase Wallet', 'com.coinbase.wallet', 'https://www.coinbase.com/wallet', {
    mobileLink: 'cbwallet://',
  }),
  w('rainbow', 'Rainbow', 'me.rainbow', 'https://rainbow.me', { mobileLink: 'rainbow://' }),
  w('phantom', 'Phantom', 'app.phantom', 'https://phantom.com', { mobileLink: 'phantom://' }),
  w('okx', 'OKX Wallet', 'com.okex.wallet', 'https://web3.okx.com', { mobileLink: 'okex://main' }),
  w('zerion', 'Zerion', 'io.zerion.wallet', 'https://zerion.io', {
    mobileLink: 'zerion://',
  }),
  w('uniswap', 'Uniswap Wallet', 'org.uniswap.app', 'https://wallet.uniswap.org', {
    mobileLink: 'uniswap://',
  }),
  w('ledger-live', 'Ledger Live', null, 'https://www.ledger.com/ledger-live', {
    mobileLink: 'ledgerlive://',
    desktopLink: 'ledgerlive://',
  }),
  w('safe', 'Safe{Wallet}', null, 'https://safe.global', {
    webappLink: 'https://app.safe.global/',
  }),
  w('argent', 'Argent', null, 'https://www.argent.xyz', {
    mobileLink: 'argent://app/',
  }),
  w('bitget', 'Bitget Wallet', 'com.bitget.web3', 'https://web3.bitget.com', {
    mobileLink: 'bitkeep://',
  }),
  w('binance', 'Binance Wallet', 'com.binance.wallet', 'https://www.binance.com/en/web3wallet', {
    mobileLink: 'bnc://app.binance.com/cedefi/',
  }),
  w('exodus', 'Exodus', 'com.exodus.web3-wallet', 'https://www.exodus.com', {
    mobileLink: 'exodus://',
  }),
  w('rabby', 'Rabby Wallet', 'io.rabby', 'https://rabby.io'),
  w('frame', 'Frame', 'sh.frame', 'https://frame.sh'),
  w('brave', 'Brave Wallet', 'com.brave.wallet', 'https://brave.com/wallet/'),
  w('oneinch', '1inch Wallet', null, 'https://1inch.io/wallet/', { mobileLink: 'oneinch://' }),
  w('tokenpocket', 'TokenPocket', 'pro.tokenpocket', 'https://www.tokenpocket.pro', {
    mobileLink: 'tpoutside://',
  }),
  w('imtoken', 'imToken', null, 'https://token.im', {
    mobileLink: 'imtokenv2://',
  }),
  w('crypto-com-onchain', 'Crypto.com Onchain', null, 'https://crypto.com/onchain', {
    mobileLink: 'dfw://',
  }),
  w('safepal', 'SafePal', null, 'https://www.safepal.com', {
    mobileLink: 'safepalwallet://',
  }),
  w('ctrl', 'Ctrl Wallet', null, 'https://ctrl.xyz'),
  w('enkrypt', 'Enkrypt', 'com.enkrypt', 'https://www.enkrypt.com'),
  w('taho', 'Taho', 'xyz.taho', 'https://taho.xyz'),
  w('backpack', 'Backpack', 'app.backpack', 'https://backpack.app'),
  w('magic-eden', 'Magic Eden Wallet', 'io.magiceden.wallet', 'https://wallet.magiceden.io'),
  w('onekey', 'OneKey', 'so.onekey.app.wallet', 'https://onekey.so', {
    mobileLink: 'onekey-wallet://',
  }),
  w('zengo', 'Zengo', null, 'https://zengo.com'),
  w('ambire', 'Ambire Wallet', 'com.ambire', 'https://www.ambire.com'),
  w('coin98', 'Coin98 Super Wallet', 'coin98.com', 'https://coin98.com'),
  w('mathwallet', 'MathWallet', null, 'https://mathwallet.org'),
  w('tangem', 'Tangem', null, 'https://tangem.com', {
    mobileLink: 'tangem://',
  }),
  w('bybit', 'Bybit Wallet', 'com.bybit', 'https://www.bybit.com/web3'),
  w('gate', 'Gate Wallet', null, 'https://www.gate.io/web3'),
  w('kraken', 'Kraken Wallet', null, 'https://www.kraken.com/wallet'),
  w('robinhood', 'Robinhood Wallet', null, 'https://robinhood.com/web3-wallet'),
  w('family', 'Family', null, 'https://family.co', { mobileLink: 'familywallet://' }),
  w('ronin', 'Ronin Wallet', 'com.roninchain.wallet', 'https://wallet.roninchain.com', {
    mobileLink: 'roninwallet://',
  }),
  w('core', 'Core', 'app.core.extension', 'https://core.app'),
  w('status', 'Status', null, 'https://status.app', {
    mobileLink: 'status-app://',
  }),
  w('alphawallet', 'AlphaWallet', null, 'https://alphawallet.com', {
    mobileLink: 'awallet://',
  }),
  w('atomic', 'Atomic Wallet', null, 'https://atomicwallet.io'),
  w('guarda', 'Guarda Wallet', null, 'https://guarda.com'),
  w('sequence', 'Sequence', null, 'https://sequence.xyz', {
    webappLink: 'https://sequence.app',
  }),
  w('opera', 'Opera Wallet', null, 'https://www.opera.com/crypto'),
  w('valora', 'Valora', null, 'https://valora.xyz', {
    mobileLink: 'celo://wallet',
  }),
  w('mew', 'MEW wallet', null, 'https://www.mewwallet.com', {
    mobileLink: 'mewwallet://',
  }),
  w('frontier', 'Frontier', null, 'https://www.frontier.xyz', {
    mobileLink: 'frontier://',
  }),
  w('zeal', 'Zeal', null, 'https://www.zeal.app'),
  w('edge', 'Edge', null, 'https://edge.app', {
    mobileLink: 'edge://',
  }),
  w('unstoppable', 'Unstoppable Wallet', null, 'https://unstoppable.money'),
  w('keystone', 'Keystone', null, 'https://keyst.one'),
  w('bitpay', 'BitPay Wallet', null, 'https://bitpay.com/wallet'),
  w('daimo', 'Daimo', null, 'https://daimo.com'),
  w('ellipal', 'ELLIPAL', null, 'https://www.ellipal.com'),
  w('bitbox', 'BitBoxApp', null, 'https://bitbox.swiss'),
  w('trezor', 'Trezor Suite', null, 'https://trezor.io/trezor-suite'),
]

export const curatedWallets: readonly CuratedWallet[] = mergeCatalogue(
  sharedWallets,
  chainFamilies.flatMap((family) => (family.catalogue ? [family.catalogue] : [])),
)
