import type { LocalAccount } from 'viem'

type AccountType = 'eoa' | 'smartAccount'

import type { KeyValueStorage } from '../../types.js'
import { openSmartAccount } from './load.js'
import type { OpenSmartAccount, SmartAccountSession } from './session.js'

const PREFERENCE_KEY = 'latch-frame/account-type/'

export interface SmartAccountsOptions {
  serverUrl: string
  projectId: string
  /**
   * The chains the app offers smart accounts on (its connector's `smartAccountNetworks`, in the
   * frame's URL). Only these are asked about; a chain the app did not name keeps the EOA.
   */
  networks: readonly number[]
  /** The server's JSON-RPC proxy for a chain (proxyUrl.ts). */
  proxyUrl(chainId: number): string
  storage: KeyValueStorage
  fetch?: typeof fetch
  /** Tests swap the Safe for a double; the frame uses the lazily loaded Safe. */
  open?: OpenSmartAccount
}

/**
 * Which networks give email and social users a smart account, and the user's choice per network.
 * A network has smart accounts when the app offers them there (its connector's parameters) and
 * the server has a bundler for it: the frame asks the server's bundler route (`GET /v1/bundler`,
 * 400 UNSUPPORTED_CHAIN without one) rather than trusting the page, so a page cannot put the user
 * on an account the server cannot serve.
 */
export function createSmartAccounts(options: SmartAccountsOptions) {
  const base = options.serverUrl.replace(/\/$/, '')
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init))
  const open = options.open ?? openSmartAccount
  const enabled = new Map<number, Promise<boolean>>()
  const sessions = new Map<string, Promise<SmartAccountSession>>()
  const query = (chainId: number) =>
    `?projectId=${encodeURIComponent(options.projectId)}&chainId=eip155:${chainId}`

  function isEnabled(chainId: number): Promise<boolean> {
    if (!options.networks.includes(chainId)) return Promise.resolve(false)
    let known = enabled.get(chainId)
    if (!known) {
      known = doFetch(`${base}/v1/bundler${query(chainId)}`, { method: 'GET' }).then(
        (res) => res.ok,
        () => {
          // An unreachable server is not an answer: ask again next time.
          enabled.delete(chainId)
          return false
        },
      )
      enabled.set(chainId, known)
    }
    return known
  }

  return {
    isEnabled,
    /** The networks known so far to have smart accounts. */
    async enabledNetworks(): Promise<number[]> {
      const answers = await Promise.all(
        [...enabled.entries()].map(async ([id, on]) => ((await on) ? id : undefined)),
      )
      return answers.filter((id): id is number => id !== undefined)
    },
    /** The user's Safe on `chainId`, or undefined where the network has none. */
    async session(chainId: number, owner: LocalAccount): Promise<SmartAccountSession | undefined> {
      if (!(await isEnabled(chainId))) return undefined
      const key = `${chainId}:${owner.address.toLowerCase()}`
      let session = sessions.get(key)
      if (!session) {
        session = open(owner, chainId, {
          proxyUrl: options.proxyUrl(chainId),
          bundlerUrl: `${base}/v1/bundler${query(chainId)}`,
          paymasterUrl: `${base}/v1/paymaster${query(chainId)}`,
        })
        session.catch(() => sessions.delete(key))
        sessions.set(key, session)
      }
      return session
    },
    /**
     * The account type on `chainId`: the user's own choice there (SET_PREFERRED_ACCOUNT), else
     * the page's (the connector's preference or the namespace default, resolved page-side).
     */
    preferred(chainId: number, fromPage: AccountType | undefined): AccountType {
      const stored = options.storage.getItem(PREFERENCE_KEY + chainId)
      if (stored === 'eoa' || stored === 'smartAccount') return stored
      return fromPage ?? 'smartAccount'
    },
    setPreferred(chainId: number, type: AccountType) {
      options.storage.setItem(PREFERENCE_KEY + chainId, type)
    },
    /** Signing out drops the loaded accounts (they hold the user's key). */
    forget() {
      sessions.clear()
    },
  }
}

export type SmartAccounts = ReturnType<typeof createSmartAccounts>
