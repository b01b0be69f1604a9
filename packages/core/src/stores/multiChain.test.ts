import { describe, expect, it } from 'vitest'
import type { Connector } from './connectors.js'
import { connectorNamespaces, groupMultiChainConnectors, walletNameKey } from './multiChain.js'

// The shapes the adapters make: EIP-6963 wallets (packages/core/src/adapters/eip155/connectors.ts)
// and wallet-standard wallets (packages/core/src/adapters/solana/wallets.ts).
const evm = (name: string, rdns: string, extra: Partial<Connector> = {}): Connector => ({
  id: rdns,
  name,
  type: 'ANNOUNCED',
  chain: 'eip155',
  imageUrl: `data:${rdns}`,
  info: { rdns, name, icon: `data:${rdns}` },
  ...extra,
})
const solana = (name: string, extra: Partial<Connector> = {}): Connector => ({
  id: `wallet-standard:${name}`,
  name,
  type: 'ANNOUNCED',
  chain: 'solana',
  imageUrl: `data:${name}`,
  info: { name, icon: `data:${name}` },
  ...extra,
})
const ids = (list: Connector[]) => list.map((c) => c.id)

describe('groupMultiChainConnectors', () => {
  it('folds one wallet on EVM and Solana into one MULTI_CHAIN connector', () => {
    const phantomEvm = evm('Phantom', 'app.phantom')
    const phantomSol = solana('Phantom')
    const [group, ...rest] = groupMultiChainConnectors(
      [phantomEvm, phantomSol],
      ['eip155', 'solana'],
    )
    expect(rest).toEqual([])
    expect(group).toMatchObject({
      id: 'multi-chain:app.phantom',
      name: 'Phantom',
      type: 'MULTI_CHAIN',
      chain: 'eip155',
      imageUrl: 'data:app.phantom',
      info: { rdns: 'app.phantom', name: 'Phantom' },
    })
    expect(group?.connectors).toEqual([phantomEvm, phantomSol])
    expect(connectorNamespaces(group!)).toEqual(['eip155', 'solana'])
  })

  it('keeps wallets of different names apart, and single-namespace wallets as they were', () => {
    const metamask = evm('MetaMask', 'io.metamask')
    const solflare = solana('Solflare')
    const list = [metamask, solflare]
    const grouped = groupMultiChainConnectors(list, ['eip155', 'solana'])
    expect(grouped).toEqual(list)
    expect(grouped[0]).toBe(metamask)
    expect(grouped[1]).toBe(solflare)
    expect(connectorNamespaces(solflare)).toEqual(['solana'])
  })

  it('matches names whatever their case, spacing, punctuation or a trailing "wallet"', () => {
    expect(walletNameKey('Trust Wallet')).toBe(walletNameKey('trust'))
    expect(walletNameKey('OKX  Wallet')).toBe(walletNameKey('OKX'))
    expect(walletNameKey('Coinbase-Wallet')).toBe(walletNameKey('coinbase wallet'))
    // A wallet called just that keeps its name.
    expect(walletNameKey('Wallet')).toBe('wallet')
    expect(walletNameKey('Backpack')).not.toBe(walletNameKey('Phantom'))
    const grouped = groupMultiChainConnectors(
      [evm('Trust Wallet', 'com.trustwallet.app'), solana('Trust')],
      ['eip155', 'solana'],
    )
    expect(ids(grouped)).toEqual(['multi-chain:com.trustwallet.app'])
  })

  it('matches by rdns when both sides have one, whatever the names say', () => {
    const byRdns = groupMultiChainConnectors(
      [
        evm('Phantom', 'app.phantom'),
        solana('Phantom Solana', { info: { rdns: 'APP.PHANTOM', name: 'Phantom Solana' } }),
      ],
      ['eip155', 'solana'],
    )
    expect(ids(byRdns)).toEqual(['multi-chain:app.phantom'])
    // Same name, two rdns: two wallets (a copycat cannot join a real wallet's row).
    const apart = groupMultiChainConnectors(
      [
        evm('Phantom', 'app.phantom'),
        solana('Phantom', { info: { rdns: 'com.copycat', name: 'Phantom' } }),
      ],
      ['eip155', 'solana'],
    )
    expect(ids(apart)).toEqual(['app.phantom', 'wallet-standard:Phantom'])
  })

  it('never groups the embedded wallet, WalletConnect or a connector the app passed in', () => {
    const auth: Connector = { id: 'AUTH', name: 'Phantom', type: 'AUTH', chain: 'solana' }
    const idAuth: Connector = { id: 'ID_AUTH', name: 'Phantom', type: 'ID_AUTH', chain: 'solana' }
    const walletConnect: Connector = {
      id: 'walletConnect',
      name: 'WalletConnect',
      type: 'WALLET_CONNECT',
      chain: 'eip155',
    }
    const wcSolana = solana('WalletConnect')
    const phantom = evm('Phantom', 'app.phantom')
    const external: Connector = {
      id: 'phantomSdk',
      name: 'Phantom',
      type: 'EXTERNAL',
      chain: 'solana',
    }
    const list = [walletConnect, auth, idAuth, phantom, wcSolana, external]
    const grouped = groupMultiChainConnectors(list, ['eip155', 'solana'])
    expect(grouped).toEqual(list)
  })

  it("orders a group's connectors by the app's namespaces, and puts the group where its first connector was", () => {
    const rabby = evm('Rabby', 'io.rabby')
    const phantomSol = solana('Phantom')
    const backpackSol = solana('Backpack')
    const phantomEvm = evm('Phantom', 'app.phantom')
    const grouped = groupMultiChainConnectors(
      [rabby, phantomSol, backpackSol, phantomEvm],
      ['solana', 'eip155'],
    )
    expect(ids(grouped)).toEqual([
      'io.rabby',
      'multi-chain:wallet-standard:Phantom',
      'wallet-standard:Backpack',
    ])
    const group = grouped[1]!
    expect(group).toMatchObject({ chain: 'solana', name: 'Phantom', imageUrl: 'data:Phantom' })
    expect(ids(group.connectors ?? [])).toEqual(['wallet-standard:Phantom', 'app.phantom'])
    // The rdns comes from whichever member has one.
    expect(group.info?.rdns).toBe('app.phantom')
    // The same wallets in an EVM-first app: the EVM connector leads.
    const evmFirst = groupMultiChainConnectors(
      [rabby, phantomSol, backpackSol, phantomEvm],
      ['eip155', 'solana'],
    )
    expect(ids(evmFirst[1]?.connectors ?? [])).toEqual(['app.phantom', 'wallet-standard:Phantom'])
    expect(evmFirst[1]?.id).toBe('multi-chain:app.phantom')
  })

  it('takes one connector per namespace into a group; a namespace the app does not list goes last', () => {
    const first = evm('Phantom', 'app.phantom')
    const second: Connector = { ...evm('Phantom', 'app.phantom.beta'), info: undefined }
    const sol = solana('Phantom')
    const grouped = groupMultiChainConnectors([first, second, sol], ['eip155', 'solana'])
    expect(ids(grouped)).toEqual(['multi-chain:app.phantom', 'app.phantom.beta'])
    expect(ids(grouped[0]?.connectors ?? [])).toEqual(['app.phantom', 'wallet-standard:Phantom'])
    const unlisted = groupMultiChainConnectors([sol, first], ['eip155'])
    expect(ids(unlisted[0]?.connectors ?? [])).toEqual(['app.phantom', 'wallet-standard:Phantom'])
  })

  it('joins the networks each connector serves', () => {
    const network = { caipNetworkId: 'solana:x' } as never
    const [group] = groupMultiChainConnectors(
      [evm('Phantom', 'app.phantom'), solana('Phantom', { chains: [network] })],
      ['eip155', 'solana'],
    )
    expect(group?.chains).toEqual([network])
  })
})
