import {
  type Address,
  encodeDeployData,
  encodeFunctionData,
  getContractAddress,
  type Hex,
  maxUint256,
  parseEther,
  parseUnits,
} from 'viem'
import {
  deployer,
  deploymentNonces,
  devCollections,
  devContracts,
  devTokens,
  mnemonicAddresses,
  strangerAddress,
} from './accounts.js'
import { artifact, type ContractName } from './contracts/artifacts.js'
import { dexDeployer } from './dex/addresses.js'
import { dexApprove, dexDeployments, dexPools, dexSwap, dexTokenNeeds } from './dex/seedPlan.js'

/** What a seeded transaction is, for tests deciding what to look for on the chain. */
export type SeedKind =
  | 'deploy'
  | 'token-mint'
  | 'native-transfer'
  | 'erc20-transfer'
  | 'erc20-approve'
  | 'nft-mint'
  | 'nft-transfer'
  | 'erc1155-mint'
  | 'erc1155-transfer'
  | 'erc1155-batch-transfer'
  | 'spam-airdrop'
  | 'spam-with-token'
  | 'swap'
  | 'add-liquidity'
  | 'reverted-call'

export interface PlannedTx {
  kind: SeedKind
  label: string
  from: Address
  nonce: number
  /** null deploys a contract. */
  to: Address | null
  data: Hex
  value: bigint
  /** Always explicit: estimation would reject the reverting call instead of mining it. */
  gas: bigint
  expectedStatus: 'success' | 'reverted'
}

/** A block either shortly after genesis (set-up) or on a day counted back from `now`, at a UTC time. */
export type BlockTime = { secondsAfterGenesis: number } | { daysAgo: number; utcTime: string }

export interface PlannedBlock {
  at: BlockTime
  txs: PlannedTx[]
}

type Draft = Omit<PlannedTx, 'nonce' | 'expectedStatus'> & { reverts?: boolean }

const [account0, account1, account2, account3] = mnemonicAddresses
const stranger = (i: number) => strangerAddress(i)
const lusd = (amount: string) => parseUnits(amount, 6)
const demo = (amount: string) => parseUnits(amount, 18)

function deploy(from: Address, name: ContractName, args: unknown[], label: string): Draft {
  const { abi, bytecode } = artifact(name)
  const data = encodeDeployData({ abi, bytecode, args })
  return { kind: 'deploy', label, from, to: null, data, value: 0n, gas: 4_000_000n }
}

function call(
  kind: SeedKind,
  from: Address,
  to: Address,
  name: ContractName,
  functionName: string,
  args: unknown[],
  gas: bigint,
  label: string,
): Draft {
  const data = encodeFunctionData({ abi: artifact(name).abi, functionName, args })
  return { kind, label, from, to, data, value: 0n, gas }
}

function native(from: Address, to: Address, ether: string, label: string): Draft {
  const value = parseEther(ether)
  return { kind: 'native-transfer', label, from, to, data: '0x', value, gas: 21_000n }
}

const erc20 = (kind: SeedKind, from: Address, token: Address, fn: string, args: unknown[]) =>
  call(kind, from, token, 'LatchToken', fn, args, 100_000n, `${fn} ${String(args[1])}`)

const airdrop = (recipients: Address[], label: string) =>
  call(
    'spam-airdrop',
    deployer.address,
    devContracts.spamNft,
    'SpamNFT',
    'airdrop',
    [recipients],
    100_000n + 80_000n * BigInt(recipients.length),
    label,
  )

/** Collects blocks in order and numbers each sender's transactions, as a fresh chain will. */
class HistoryBuilder {
  readonly blocks: PlannedBlock[] = []
  private readonly nonces = new Map<Address, number>()

  nextNonce(from: Address): number {
    return this.nonces.get(from) ?? 0
  }

  at(at: BlockTime, drafts: Draft[]): void {
    const txs = drafts.map(({ reverts, ...draft }): PlannedTx => {
      const nonce = this.nextNonce(draft.from)
      this.nonces.set(draft.from, nonce + 1)
      return { ...draft, nonce, expectedStatus: reverts ? 'reverted' : 'success' }
    })
    this.blocks.push({ at, txs })
  }
}

function buildPlan() {
  const h = new HistoryBuilder()
  const { lusd: lusdAt, demo: demoAt, latchPass, latchItems, spamNft, swap } = devContracts
  const d = deployer.address

  // Set-up right after genesis: the deployer's first six nonces are the contract addresses.
  const token = ({ name, symbol, decimals }: (typeof devTokens)[keyof typeof devTokens]) => [
    name,
    symbol,
    decimals,
  ]
  const collection = ({
    name,
    symbol,
    baseUri,
  }: (typeof devCollections)[keyof typeof devCollections]) => [name, symbol, baseUri]
  const setup: Draft[] = [
    deploy(d, 'LatchToken', token(devTokens.lusd), 'deploy LUSD'),
    deploy(d, 'LatchToken', token(devTokens.demo), 'deploy DEMO'),
    deploy(d, 'LatchNFT', collection(devCollections.latchPass), 'deploy PASS'),
    deploy(d, 'LatchItems', collection(devCollections.latchItems), 'deploy ITEMS'),
    deploy(d, 'SpamNFT', collection(devCollections.spamNft), 'deploy spam collection'),
    // 1 LUSD (6 decimals) buys 2 DEMO (18 decimals).
    deploy(d, 'LatchSwap', [lusdAt, demoAt, 2n * 10n ** 12n, 1n], 'deploy LUSD→DEMO swap'),
  ]
  if (setup.some((tx, i) => i !== Object.values(deploymentNonces)[i] || tx.kind !== 'deploy'))
    throw new Error('set-up order must match deploymentNonces')
  h.at({ secondsAfterGenesis: 3600 }, setup)
  h.at({ secondsAfterGenesis: 7200 }, [
    erc20('token-mint', d, demoAt, 'mint', [swap, demo('1000000')]),
    erc20('token-mint', d, demoAt, 'mint', [spamNft, demo('10000')]),
  ])
  // Uniswap V2 from its own deployer (dex/), with the dev pools, so that account 0 can trade on
  // it in past months below; installDex finds it in place.
  h.at({ secondsAfterGenesis: 10_800 }, [
    ...dexDeployments(),
    ...dexTokenNeeds().map(({ token, amount }) =>
      erc20('token-mint', d, token, 'mint', [dexDeployer.address, amount]),
    ),
  ])
  h.at({ secondsAfterGenesis: 14_400 }, dexPools())

  h.at({ daysAgo: 1085, utcTime: '09:00' }, [
    erc20('token-mint', d, lusdAt, 'mint', [account0, lusd('5000')]),
    erc20('token-mint', d, lusdAt, 'mint', [account1, lusd('2000')]),
    erc20('token-mint', d, demoAt, 'mint', [account0, demo('250')]),
    erc20('token-mint', d, demoAt, 'mint', [account1, demo('400')]),
  ])
  h.at({ daysAgo: 1085, utcTime: '14:30' }, [
    native(account2, account0, '1.5', 'account 2 pays account 0'),
  ])
  h.at({ daysAgo: 1040, utcTime: '10:15' }, [native(account0, account1, '0.25', 'rent share')])
  h.at({ daysAgo: 1040, utcTime: '18:40' }, [native(account1, account0, '0.1', 'change back')])
  const mintPass = (from: Address) =>
    call('nft-mint', from, latchPass, 'LatchNFT', 'mint', [from], 150_000n, 'mint a Latch Pass')
  h.at({ daysAgo: 1000, utcTime: '12:00' }, [mintPass(account0)]) // PASS #1
  h.at({ daysAgo: 1000, utcTime: '16:00' }, [mintPass(account1)]) // PASS #2
  h.at({ daysAgo: 950, utcTime: '08:20' }, [
    erc20('erc20-transfer', account0, lusdAt, 'transfer', [account1, lusd('120')]),
  ])
  h.at({ daysAgo: 905, utcTime: '11:05' }, [
    erc20('erc20-transfer', account1, lusdAt, 'transfer', [account0, lusd('35.5')]),
    erc20('erc20-transfer', account1, demoAt, 'transfer', [account0, demo('12')]),
  ])
  h.at({ daysAgo: 860, utcTime: '03:33' }, [
    airdrop([account0, ...[1, 2, 3, 4, 5, 6, 7].map(stranger)], 'unsolicited airdrop #1'),
  ])
  h.at({ daysAgo: 800, utcTime: '15:45' }, [
    erc20('erc20-transfer', account0, demoAt, 'transfer', [account1, demo('3.75')]),
    native(account0, stranger(20), '0.05', 'account 0 pays a stranger'),
  ])
  const mintItems = (id: bigint, amount: bigint) =>
    call(
      'erc1155-mint',
      d,
      latchItems,
      'LatchItems',
      'mint',
      [account0, id, amount],
      100_000n,
      `mint item ${id}`,
    )
  h.at({ daysAgo: 760, utcTime: '09:10' }, [mintItems(1n, 10n), mintItems(2n, 3n)])
  h.at({ daysAgo: 700, utcTime: '20:00' }, [
    call(
      'erc1155-transfer',
      account0,
      latchItems,
      'LatchItems',
      'safeTransferFrom',
      [account0, account1, 1n, 4n, '0x'],
      100_000n,
      'give 4 of item 1',
    ),
  ])
  h.at({ daysAgo: 650, utcTime: '13:00' }, [
    erc20('erc20-approve', account0, lusdAt, 'approve', [stranger(21), lusd('1000')]),
  ])
  h.at({ daysAgo: 610, utcTime: '10:00' }, [mintPass(account0)]) // PASS #3
  h.at({ daysAgo: 560, utcTime: '17:25' }, [
    call(
      'nft-transfer',
      account0,
      latchPass,
      'LatchNFT',
      'transferFrom',
      [account0, account1, 1n],
      100_000n,
      'give PASS #1 to account 1',
    ),
  ])
  const reverter = getContractAddress({ from: account0, nonce: BigInt(h.nextNonce(account0)) })
  h.at({ daysAgo: 500, utcTime: '22:10' }, [deploy(account0, 'Reverter', [], 'account 0 deploys')])
  h.at({ daysAgo: 450, utcTime: '07:55' }, [
    {
      ...call('reverted-call', account0, reverter, 'Reverter', 'poke', [], 100_000n, 'poke'),
      reverts: true,
    },
  ])
  h.at({ daysAgo: 450, utcTime: '08:05' }, [native(account0, account1, '0.01', 'retry by hand')])
  // Approve and swap in one block, as a wallet batching them would.
  h.at({ daysAgo: 400, utcTime: '12:34' }, [
    erc20('erc20-approve', account0, lusdAt, 'approve', [swap, maxUint256]),
    call('swap', account0, swap, 'LatchSwap', 'swap', [lusd('250')], 200_000n, 'swap 250 LUSD'),
    native(account0, account1, '0.5', 'account 0 pays account 1'),
  ])
  h.at({ daysAgo: 365, utcTime: '06:00' }, [
    call(
      'spam-with-token',
      d,
      spamNft,
      'SpamNFT',
      'dropWithToken',
      [account0, demoAt, demo('25')],
      200_000n,
      'spam NFT bundled with real DEMO',
    ),
  ])
  h.at({ daysAgo: 320, utcTime: '19:30' }, [
    call(
      'erc1155-transfer',
      account1,
      latchItems,
      'LatchItems',
      'safeTransferFrom',
      [account1, account0, 1n, 1n, '0x'],
      100_000n,
      'give back 1 of item 1',
    ),
    native(account1, account0, '1', 'account 1 pays account 0'),
  ])
  h.at({ daysAgo: 280, utcTime: '02:02' }, [
    airdrop(
      [stranger(3), account0, account1, ...[8, 9, 10, 11, 12, 13].map(stranger)],
      'unsolicited airdrop #2',
    ),
  ])
  h.at({ daysAgo: 230, utcTime: '10:00' }, [
    erc20('erc20-transfer', account0, lusdAt, 'transfer', [stranger(22), lusd('42')]),
    erc20('token-mint', d, lusdAt, 'mint', [account0, lusd('1500')]),
  ])
  h.at({ daysAgo: 190, utcTime: '14:15' }, [
    erc20('erc20-transfer', account1, lusdAt, 'transfer', [account0, lusd('500')]),
  ])
  h.at({ daysAgo: 150, utcTime: '09:45' }, [
    call('swap', account0, swap, 'LatchSwap', 'swap', [lusd('100')], 200_000n, 'swap 100 LUSD'),
  ])
  h.at({ daysAgo: 130, utcTime: '10:20' }, [
    dexSwap(account0, 'ETH', 'LUSD', parseEther('0.5'), 'swap 0.5 ETH for LUSD on Uniswap'),
  ])
  h.at({ daysAgo: 110, utcTime: '11:11' }, [
    erc20('erc20-transfer', account0, demoAt, 'transfer', [account1, demo('10')]),
  ])
  h.at({ daysAgo: 110, utcTime: '21:00' }, [native(account1, account0, '0.2', 'dinner')])
  // Approve and swap in one block, as a wallet batching them would.
  h.at({ daysAgo: 95, utcTime: '15:10' }, [
    dexApprove(account0, lusdAt),
    dexSwap(account0, 'LUSD', 'ETH', lusd('1000'), 'swap 1,000 LUSD for ETH on Uniswap'),
  ])
  h.at({ daysAgo: 75, utcTime: '16:20' }, [
    native(account0, stranger(23), '0.3', 'account 0 pays a stranger'),
    native(account3, account0, '0.8', 'account 3 pays account 0'),
  ])
  h.at({ daysAgo: 55, utcTime: '09:40' }, [
    dexSwap(account0, 'LUSD', 'DEMO', lusd('200'), 'swap 200 LUSD for DEMO on Uniswap'),
  ])
  h.at({ daysAgo: 40, utcTime: '12:00' }, [
    mintPass(account1), // PASS #4
    call(
      'nft-transfer',
      account1,
      latchPass,
      'LatchNFT',
      'safeTransferFrom',
      [account1, account0, 2n],
      120_000n,
      'give PASS #2 to account 0',
    ),
  ])
  h.at({ daysAgo: 20, utcTime: '18:05' }, [
    dexSwap(account0, 'ETH', 'DEMO', parseEther('0.2'), 'swap 0.2 ETH for DEMO on Uniswap'),
  ])
  h.at({ daysAgo: 12, utcTime: '09:30' }, [
    erc20('erc20-transfer', account0, lusdAt, 'transfer', [account1, lusd('25.5')]),
    call(
      'erc1155-batch-transfer',
      account0,
      latchItems,
      'LatchItems',
      'safeBatchTransferFrom',
      [account0, account1, [1n, 2n], [1n, 1n], '0x'],
      150_000n,
      'give one of each item',
    ),
  ])
  h.at({ daysAgo: 3, utcTime: '08:00' }, [
    erc20('erc20-transfer', account1, lusdAt, 'transfer', [account0, lusd('10')]),
  ])
  h.at({ daysAgo: 3, utcTime: '08:05' }, [native(account0, account1, '0.01', 'thanks')])
  // The deployer's last transaction closes the history: its nonce marks a complete seed.
  h.at({ daysAgo: 1, utcTime: '04:44' }, [
    airdrop([account0, ...[1, 2, 3, 4, 5].map(stranger), account1], 'unsolicited airdrop #3'),
  ])

  return { blocks: h.blocks, reverter, deployerNonce: h.nextNonce(d) }
}

const plan = buildPlan()

/** The seeded history's blocks, in order, with times still relative. */
export const plannedBlocks: readonly PlannedBlock[] = plan.blocks

/** Contracts the seed deploys, each at an address fixed by its deployer's nonce. */
export const seededContracts = { ...devContracts, reverter: plan.reverter } as const

/** The deployer's nonce once the seed is complete. */
export const deployerFinalNonce = plan.deployerNonce
