import type { LocalAccount } from 'viem'
import type { Signer } from '../types.js'
import { eip155ChainId, isEip155Chain } from './chain.js'
import { deriveEip155Account, EIP155_PATH } from './keys.js'
import { EIP155_METHODS } from './methods.js'
import { openEip155Requests } from './requests.js'

/** EVM chains: one secp256k1 account, EIP-1193 requests. */
export const eip155Signer: Signer<LocalAccount> = {
  namespace: 'eip155',
  path: EIP155_PATH,
  serverField: 'evmAddress',
  defaultChainId: 'eip155:1',
  derive: deriveEip155Account,
  address: (account) => account.address,
  sameAddress: (a, b) => a.toLowerCase() === b.toLowerCase(),
  ownsChain: isEip155Chain,
  checkChain: (chainId) => void eip155ChainId(chainId),
  ownsMethod: (method) => Object.values(EIP155_METHODS).some((set) => set.has(method)),
  methods: EIP155_METHODS,
  open: openEip155Requests,
}
