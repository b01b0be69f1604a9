/**
 * The Keplr-API calls the adapter makes of a wallet, with its refusals as typed errors: enable a
 * chain (suggesting it first when the wallet lacks it), read the key, pick the signer the key can
 * use. Plain code: no cosmjs.
 */
import type { CaipNetwork } from '../../networks/types.js'
import { keplrChainInfo } from './chainInfo.js'
import type { CosmosChain } from './chains.js'
import { CosmosWalletError, CosmosWalletRejectedError, walletError } from './errors.js'
import type { CosmosWallet, KeplrAminoSigner, KeplrDirectSigner, KeplrKey } from './keplr.js'

/**
 * Asks the wallet to enable `chain` for the page. A wallet without the chain fails that; the
 * chain is then suggested (the wallet asks its user to add it) and enabled. `silent` (a reload)
 * never suggests: a chain the user removed stays removed.
 */
export async function enableChain(
  wallet: CosmosWallet,
  network: CaipNetwork,
  chain: CosmosChain,
  options: { silent: boolean },
): Promise<void> {
  const api = wallet.api()
  try {
    await api.enable(chain.chainId)
    return
  } catch (error) {
    const mapped = walletError(error, `enable ${network.name}`)
    if (mapped instanceof CosmosWalletRejectedError || options.silent) throw mapped
    if (!api.experimentalSuggestChain)
      throw new CosmosWalletError(`${wallet.name} has no ${network.name} and cannot add it`, {
        cause: error,
      })
  }
  try {
    await api.experimentalSuggestChain(keplrChainInfo(network, chain))
    await api.enable(chain.chainId)
  } catch (error) {
    throw walletError(error, `add ${network.name}`)
  }
}

/** The wallet's key on `chain`: its address there must carry the chain's prefix. */
export async function keyOn(wallet: CosmosWallet, chain: CosmosChain): Promise<KeplrKey> {
  let key: KeplrKey
  try {
    key = await wallet.api().getKey(chain.chainId)
  } catch (error) {
    throw walletError(error, 'share its account')
  }
  if (!key?.bech32Address?.startsWith(`${chain.prefix}1`))
    throw new CosmosWalletError(
      `${wallet.name} answered an account that is not ${chain.chainId}'s: ${String(key?.bech32Address)}`,
    )
  return key
}

/**
 * The signer for a send: amino JSON when the key is on a Ledger (it cannot sign protobuf) or the
 * wallet offers only that, otherwise direct.
 */
export function signerFor(
  wallet: CosmosWallet,
  chain: CosmosChain,
  key: Pick<KeplrKey, 'isNanoLedger'>,
): { mode: 'direct'; signer: KeplrDirectSigner } | { mode: 'amino'; signer: KeplrAminoSigner } {
  const api = wallet.api()
  if (!key.isNanoLedger && api.getOfflineSigner)
    return { mode: 'direct', signer: api.getOfflineSigner(chain.chainId) }
  if (api.getOfflineSignerOnlyAmino)
    return { mode: 'amino', signer: api.getOfflineSignerOnlyAmino(chain.chainId) }
  throw new CosmosWalletError(`${wallet.name} offers no signer for ${chain.chainId}`)
}
