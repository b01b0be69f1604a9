import {
  ARBITRUM,
  AVALANCHE,
  BASE,
  BITCOIN,
  BSC,
  CELO,
  COSMOS_HUB,
  ETHEREUM,
  EVM,
  OPTIMISM,
  POLKADOT,
  POLYGON,
  RONIN,
  SOLANA,
  ZKSYNC,
} from './chains.js'

/**
 * The curated wallet catalogue: public facts only (names, EIP-6963 rdns, supported chains, URL
 * schemes and homepages). Ids are Latch's own stable slugs; icons are drawn by the server from
 * the name (images/), so no vendor artwork ships here. Unknown facts are null, never guessed.
 */
export interface CuratedWallet {
  id: string
  name: string
  rdns: string | null
  chains: string[]
  homepage: string
  mobileLink: string | null
  desktopLink: string | null
  webappLink: string | null
}

type Links = Partial<Pick<CuratedWallet, 'mobileLink' | 'desktopLink' | 'webappLink'>>

function w(
  id: string,
  name: string,
  rdns: string | null,
  chains: string[],
  homepage: string,
  links: Links = {},
): CuratedWallet {
  return {
    id,
    name,
    rdns,
    chains: [...new Set(chains)],
    homepage,
    mobileLink: links.mobileLink ?? null,
    desktopLink: links.desktopLink ?? null,
    webappLink: links.webappLink ?? null,
  }
}

// Order matters: the first entries are what `getWallets` returns first (the "recommended" four).
export const curatedWallets: readonly CuratedWallet[] = [
  w('metamask', 'MetaMask', 'io.metamask', EVM, 'https://metamask.io', {
    mobileLink: 'metamask://',
  }),
  w(
    'trust',
    'Trust Wallet',
    'com.trustwallet.app',
    [...EVM, SOLANA, BITCOIN, COSMOS_HUB],
    'https://trustwallet.com',
    { mobileLink: 'trust://' },
  ),
  w(
    'coinbase',
    'Coinbase Wallet',
    'com.coinbase.wallet',
    [...EVM, SOLANA],
    'https://www.coinbase.com/wallet',
    { mobileLink: 'cbwallet://' },
  ),
  w('rainbow', 'Rainbow', 'me.rainbow', EVM, 'https://rainbow.me', { mobileLink: 'rainbow://' }),
  w(
    'phantom',
    'Phantom',
    'app.phantom',
    [SOLANA, ETHEREUM, BASE, POLYGON, BITCOIN],
    'https://phantom.com',
    { mobileLink: 'phantom://' },
  ),
  w(
    'okx',
    'OKX Wallet',
    'com.okex.wallet',
    [...EVM, SOLANA, BITCOIN, COSMOS_HUB],
    'https://web3.okx.com',
    { mobileLink: 'okex://main' },
  ),
  w('zerion', 'Zerion', 'io.zerion.wallet', [...EVM, SOLANA], 'https://zerion.io', {
    mobileLink: 'zerion://',
  }),
  w('uniswap', 'Uniswap Wallet', 'org.uniswap.app', EVM, 'https://wallet.uniswap.org', {
    mobileLink: 'uniswap://',
  }),
  w(
    'ledger-live',
    'Ledger Live',
    null,
    [...EVM, SOLANA, BITCOIN, POLKADOT, COSMOS_HUB],
    'https://www.ledger.com/ledger-live',
    { mobileLink: 'ledgerlive://', desktopLink: 'ledgerlive://' },
  ),
  w('safe', 'Safe{Wallet}', null, EVM, 'https://safe.global', {
    webappLink: 'https://app.safe.global/',
  }),
  w('argent', 'Argent', null, [ETHEREUM, ZKSYNC], 'https://www.argent.xyz', {
    mobileLink: 'argent://app/',
  }),
  w(
    'bitget',
    'Bitget Wallet',
    'com.bitget.web3',
    [...EVM, SOLANA, BITCOIN],
    'https://web3.bitget.com',
    { mobileLink: 'bitkeep://' },
  ),
  w(
    'binance',
    'Binance Wallet',
    'com.binance.wallet',
    [...EVM, SOLANA, BITCOIN],
    'https://www.binance.com/en/web3wallet',
    { mobileLink: 'bnc://app.binance.com/cedefi/' },
  ),
  w(
    'exodus',
    'Exodus',
    'com.exodus.web3-wallet',
    [...EVM, SOLANA, BITCOIN],
    'https://www.exodus.com',
    { mobileLink: 'exodus://' },
  ),
  w('rabby', 'Rabby Wallet', 'io.rabby', EVM, 'https://rabby.io'),
  w('frame', 'Frame', 'sh.frame', EVM, 'https://frame.sh'),
  w('brave', 'Brave Wallet', 'com.brave.wallet', [...EVM, SOLANA], 'https://brave.com/wallet/'),
  w('oneinch', '1inch Wallet', null, EVM, 'https://1inch.io/wallet/', { mobileLink: 'oneinch://' }),
  w(
    'tokenpocket',
    'TokenPocket',
    'pro.tokenpocket',
    [...EVM, SOLANA, BITCOIN, POLKADOT, COSMOS_HUB],
    'https://www.tokenpocket.pro',
    { mobileLink: 'tpoutside://' },
  ),
  w('imtoken', 'imToken', null, [...EVM, BITCOIN, COSMOS_HUB], 'https://token.im', {
    mobileLink: 'imtokenv2://',
  }),
  w('crypto-com-onchain', 'Crypto.com Onchain', null, EVM, 'https://crypto.com/onchain', {
    mobileLink: 'dfw://',
  }),
  w('safepal', 'SafePal', null, [...EVM, SOLANA, BITCOIN, COSMOS_HUB], 'https://www.safepal.com', {
    mobileLink: 'safepalwallet://',
  }),
  w('ctrl', 'Ctrl Wallet', null, [...EVM, SOLANA, BITCOIN, COSMOS_HUB], 'https://ctrl.xyz'),
  w(
    'enkrypt',
    'Enkrypt',
    'com.enkrypt',
    [...EVM, POLKADOT, BITCOIN, SOLANA],
    'https://www.enkrypt.com',
  ),
  w('taho', 'Taho', 'xyz.taho', [ETHEREUM, POLYGON, ARBITRUM, BASE, AVALANCHE], 'https://taho.xyz'),
  w('keplr', 'Keplr', null, [COSMOS_HUB, ETHEREUM], 'https://www.keplr.app', {
    mobileLink: 'keplrwallet://',
  }),
  w('leap', 'Leap Wallet', null, [COSMOS_HUB], 'https://www.leapwallet.io', {
    mobileLink: 'leapcosmos://',
  }),
  w('cosmostation', 'Cosmostation', null, [COSMOS_HUB, ...EVM], 'https://www.cosmostation.io', {
    mobileLink: 'cosmostation://',
  }),
  w('solflare', 'Solflare', null, [SOLANA], 'https://solflare.com', { mobileLink: 'solflare://' }),
  w(
    'backpack',
    'Backpack',
    'app.backpack',
    [SOLANA, ETHEREUM, BASE, ARBITRUM, POLYGON],
    'https://backpack.app',
  ),
  w('glow', 'Glow', null, [SOLANA], 'https://glow.app'),
  w('talisman', 'Talisman', 'xyz.talisman', [POLKADOT, ...EVM], 'https://talisman.xyz'),
  w('subwallet', 'SubWallet', 'app.subwallet', [POLKADOT, ...EVM], 'https://www.subwallet.app', {
    mobileLink: 'subwallet://',
  }),
  w('polkadot-js', 'polkadot{.js}', null, [POLKADOT], 'https://polkadot.js.org/extension/'),
  w('nova', 'Nova Wallet', null, [POLKADOT, ETHEREUM], 'https://novawallet.io', {
    mobileLink: 'novawallet://',
  }),
  w('xverse', 'Xverse', null, [BITCOIN], 'https://www.xverse.app', { mobileLink: 'xverse://' }),
  w('leather', 'Leather', null, [BITCOIN], 'https://leather.io'),
  w('unisat', 'UniSat Wallet', null, [BITCOIN], 'https://unisat.io'),
  w(
    'magic-eden',
    'Magic Eden Wallet',
    'io.magiceden.wallet',
    [BITCOIN, SOLANA, ETHEREUM, BASE, POLYGON],
    'https://wallet.magiceden.io',
  ),
  w(
    'onekey',
    'OneKey',
    'so.onekey.app.wallet',
    [...EVM, SOLANA, BITCOIN, COSMOS_HUB, POLKADOT],
    'https://onekey.so',
    { mobileLink: 'onekey-wallet://' },
  ),
  w('zengo', 'Zengo', null, [ETHEREUM, POLYGON, BSC, BITCOIN], 'https://zengo.com'),
  w('ambire', 'Ambire Wallet', 'com.ambire', EVM, 'https://www.ambire.com'),
  w(
    'coin98',
    'Coin98 Super Wallet',
    'coin98.com',
    [...EVM, SOLANA, COSMOS_HUB],
    'https://coin98.com',
  ),
  w(
    'mathwallet',
    'MathWallet',
    null,
    [...EVM, SOLANA, POLKADOT, COSMOS_HUB, BITCOIN],
    'https://mathwallet.org',
  ),
  w('tangem', 'Tangem', null, [...EVM, BITCOIN, SOLANA], 'https://tangem.com', {
    mobileLink: 'tangem://',
  }),
  w('bybit', 'Bybit Wallet', 'com.bybit', [...EVM, SOLANA, BITCOIN], 'https://www.bybit.com/web3'),
  w('gate', 'Gate Wallet', null, [...EVM, SOLANA, BITCOIN], 'https://www.gate.io/web3'),
  w('kraken', 'Kraken Wallet', null, [...EVM, SOLANA, BITCOIN], 'https://www.kraken.com/wallet'),
  w(
    'robinhood',
    'Robinhood Wallet',
    null,
    [ETHEREUM, POLYGON, ARBITRUM, BASE, OPTIMISM, SOLANA, BITCOIN],
    'https://robinhood.com/web3-wallet',
  ),
  w(
    'family',
    'Family',
    null,
    [ETHEREUM, OPTIMISM, BASE, ARBITRUM, POLYGON, ZKSYNC],
    'https://family.co',
    { mobileLink: 'familywallet://' },
  ),
  w(
    'ronin',
    'Ronin Wallet',
    'com.roninchain.wallet',
    [RONIN, ETHEREUM],
    'https://wallet.roninchain.com',
    { mobileLink: 'roninwallet://' },
  ),
  w('core', 'Core', 'app.core.extension', [AVALANCHE, ETHEREUM, BITCOIN], 'https://core.app'),
  w('status', 'Status', null, [ETHEREUM, OPTIMISM, ARBITRUM, BASE], 'https://status.app', {
    mobileLink: 'status-app://',
  }),
  w('alphawallet', 'AlphaWallet', null, EVM, 'https://alphawallet.com', {
    mobileLink: 'awallet://',
  }),
  w(
    'atomic',
    'Atomic Wallet',
    null,
    [...EVM, SOLANA, BITCOIN, COSMOS_HUB, POLKADOT],
    'https://atomicwallet.io',
  ),
  w(
    'bitcoin-com',
    'Bitcoin.com Wallet',
    null,
    [BITCOIN, ETHEREUM, AVALANCHE, POLYGON],
    'https://wallet.bitcoin.com',
  ),
  w(
    'guarda',
    'Guarda Wallet',
    null,
    [...EVM, BITCOIN, SOLANA, COSMOS_HUB, POLKADOT],
    'https://guarda.com',
  ),
  w('sequence', 'Sequence', null, EVM, 'https://sequence.xyz', {
    webappLink: 'https://sequence.app',
  }),
  w('opera', 'Opera Wallet', null, EVM, 'https://www.opera.com/crypto'),
  w('valora', 'Valora', null, [CELO, ETHEREUM, BASE, ARBITRUM], 'https://valora.xyz', {
    mobileLink: 'celo://wallet',
  }),
  w('mew', 'MEW wallet', null, [ETHEREUM, POLYGON, BSC], 'https://www.mewwallet.com', {
    mobileLink: 'mewwallet://',
  }),
  w('frontier', 'Frontier', null, [...EVM, SOLANA, COSMOS_HUB], 'https://www.frontier.xyz', {
    mobileLink: 'frontier://',
  }),
  w('zeal', 'Zeal', null, EVM, 'https://www.zeal.app'),
  w('edge', 'Edge', null, [ETHEREUM, BITCOIN, SOLANA, POLKADOT, AVALANCHE], 'https://edge.app', {
    mobileLink: 'edge://',
  }),
  w(
    'unstoppable',
    'Unstoppable Wallet',
    null,
    [...EVM, BITCOIN, SOLANA],
    'https://unstoppable.money',
  ),
  w(
    'keystone',
    'Keystone',
    null,
    [...EVM, BITCOIN, SOLANA, COSMOS_HUB, POLKADOT],
    'https://keyst.one',
  ),
  w('bitpay', 'BitPay Wallet', null, [ETHEREUM, POLYGON, BITCOIN], 'https://bitpay.com/wallet'),
  w('daimo', 'Daimo', null, [BASE], 'https://daimo.com'),
  w('ellipal', 'ELLIPAL', null, [...EVM, BITCOIN, SOLANA], 'https://www.ellipal.com'),
  w('bitbox', 'BitBoxApp', null, [ETHEREUM, BITCOIN], 'https://bitbox.swiss'),
  w(
    'trezor',
    'Trezor Suite',
    null,
    [ETHEREUM, BITCOIN, SOLANA, POLYGON, BASE, ARBITRUM],
    'https://trezor.io/trezor-suite',
  ),
]
