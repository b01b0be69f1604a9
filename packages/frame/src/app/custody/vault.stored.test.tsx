import 'fake-indexeddb/auto'
import { mnemonicToEntropy } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english'
import { IDBFactory } from 'fake-indexeddb'
import { describe, expect, it, vi } from 'vitest'
import type { AuthApi, ServerUser } from '../api.js'
import { loadDeviceShare, saveDeviceShare } from './device-store.js'
import { KeyMismatchError } from './keys.js'
import { splitSecret } from './shares.js'
import { unlockWallet } from './vault.js'

// Wallets stored before custody kept keys by namespace must open unchanged: the server holds
// `evmAddress` and `solanaAddress` and two shares; the device holds its share in IndexedDB under
// `share:<EVM address in lower case>`. The addresses below were derived by the committed code
// before the change (custody/keys.ts at 2ef8443) from the development mnemonic.
const ENTROPY = mnemonicToEntropy(
  'test test test test test test test test test test test junk',
  wordlist,
)
const STORED = {
  evmAddress: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  solanaAddress: 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96',
}

/** The server's side of a stored wallet: its recorded addresses and its two shares. */
function storedServer(shares: { auth: string; recovery: string }, recorded = STORED) {
  const api = {
    authShare: vi.fn(async () => ({ authShare: shares.auth, ...recorded })),
    recover: vi.fn(async () => ({
      authShare: shares.auth,
      recoveryShare: shares.recovery,
      ...recorded,
    })),
    createWallet: vi.fn(async (_token: string, _body: Record<string, string>) => ({})),
  }
  return api as typeof api & AuthApi
}

const user = (recorded = STORED): ServerUser => ({ email: 'stored@example.com', ...recorded })

describe('a wallet stored in the format before namespaces', () => {
  it('opens from its device share and gives the same addresses, without recovery', async () => {
    const shares = await splitSecret(ENTROPY)
    // The device stored its share under the EVM address in lower case.
    await saveDeviceShare(STORED.evmAddress.toLowerCase(), shares.device)
    const api = storedServer(shares)
    const wallet = await unlockWallet(api, 'token', user())
    expect(wallet.addresses).toEqual({
      eip155: STORED.evmAddress,
      solana: STORED.solanaAddress,
    })
    expect(api.recover).not.toHaveBeenCalled()
    expect(api.createWallet).not.toHaveBeenCalled()
  })

  it('recovers on a new device and keeps the share under the same name as before', async () => {
    globalThis.indexedDB = new IDBFactory()
    const shares = await splitSecret(ENTROPY)
    const api = storedServer(shares)
    const wallet = await unlockWallet(api, 'token', user())
    expect(wallet.addresses.eip155).toBe(STORED.evmAddress)
    expect(wallet.addresses.solana).toBe(STORED.solanaAddress)
    expect(api.recover).toHaveBeenCalledOnce()
    expect(await loadDeviceShare(STORED.evmAddress.toLowerCase())).toBe(shares.recovery)
  })

  it('accepts the EVM address the server recorded in any letter case', async () => {
    const shares = await splitSecret(ENTROPY)
    const recorded = { ...STORED, evmAddress: STORED.evmAddress.toLowerCase() }
    await saveDeviceShare(recorded.evmAddress, shares.device)
    const wallet = await unlockWallet(storedServer(shares, recorded), 'token', user(recorded))
    expect(wallet.addresses.eip155).toBe(STORED.evmAddress)
  })

  it('refuses to open when the server answers another Solana address or none (attack)', async () => {
    const shares = await splitSecret(ENTROPY)
    for (const solanaAddress of ['9RvFS4N3bRzggZBQB9zxWxL1WN7Z1erRgRBcsdCNh8F7', null]) {
      await saveDeviceShare(STORED.evmAddress.toLowerCase(), shares.device)
      const recorded = { ...STORED, solanaAddress } as typeof STORED
      // The device share and the recovery share both rebuild this wallet, whose Solana key is not
      // the one recorded: neither path may hand out a key.
      await expect(unlockWallet(storedServer(shares, recorded), 'token', user())).rejects.toThrow(
        KeyMismatchError,
      )
    }
  })

  it('creates a new wallet with the fields the server has always taken', async () => {
    globalThis.indexedDB = new IDBFactory()
    const api = storedServer({ auth: '', recovery: '' })
    const wallet = await unlockWallet(api, 'token', {
      email: 'new@example.com',
      evmAddress: null,
      solanaAddress: null,
    })
    const body = api.createWallet.mock.calls[0]![1]
    expect(Object.keys(body)).toEqual(['evmAddress', 'solanaAddress', 'authShare', 'recoveryShare'])
    expect(body.evmAddress).toBe(wallet.addresses.eip155)
    expect(body.solanaAddress).toBe(wallet.addresses.solana)
    expect(await loadDeviceShare(body.evmAddress!.toLowerCase())).toBeDefined()
  })
})
