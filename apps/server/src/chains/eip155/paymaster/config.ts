import { type Address, getAddress, type Hex } from 'viem'
import { z } from 'zod'

/**
 * The server's ERC-7677 paymaster service (docs/smart-accounts.md#the-paymaster):
 * - LATCH_PAYMASTERS: `eip155:<chain id>=<VerifyingPaymaster address>`, comma-separated;
 * - LATCH_PAYMASTER_SIGNER_KEY: the key the paymaster contracts verify (a secret in production);
 * - LATCH_PAYMASTER_POLICY: `<project id or *>=<per account per day>/<per project per day>`,
 *   comma-separated. A project with no entry (and no `*`) is not sponsored.
 */
export interface SponsorPolicy {
  perAccountPerDay: number
  perProjectPerDay: number
}

export interface PaymasterConfig {
  addresses: ReadonlyMap<number, Address>
  signerKey: Hex
  policies: ReadonlyMap<string, SponsorPolicy>
}

export class PaymasterConfigError extends Error {
  override name = 'PaymasterConfigError'
}

const entries = (raw: string | undefined) =>
  (raw ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)

const PAYMASTER = /^eip155:([1-9][0-9]{0,15})=(0x[0-9a-fA-F]{40})$/
const POLICY = /^([A-Za-z0-9_-]{1,64}|\*)=([0-9]{1,9})\/([0-9]{1,9})$/
const KEY = /^0x[0-9a-fA-F]{64}$/

interface PaymasterEnv {
  LATCH_PAYMASTERS?: string | undefined
  LATCH_PAYMASTER_SIGNER_KEY?: string | undefined
  LATCH_PAYMASTER_POLICY?: string | undefined
}

/** The paymaster settings, or null when no paymaster is configured (sponsorship off). */
export function parsePaymasterConfig(e: PaymasterEnv): PaymasterConfig | null {
  const addresses = new Map<number, Address>()
  for (const entry of entries(e.LATCH_PAYMASTERS)) {
    const match = PAYMASTER.exec(entry)
    if (!match)
      throw new PaymasterConfigError(
        `LATCH_PAYMASTERS: "${entry}" is not eip155:<chain id>=<address>`,
      )
    addresses.set(Number(match[1]), getAddress(match[2] as string))
  }
  const policies = new Map<string, SponsorPolicy>()
  for (const entry of entries(e.LATCH_PAYMASTER_POLICY)) {
    const match = POLICY.exec(entry)
    if (!match)
      throw new PaymasterConfigError(
        `LATCH_PAYMASTER_POLICY: "${entry}" is not <project id or *>=<per account per day>/<per project per day>`,
      )
    policies.set(match[1] as string, {
      perAccountPerDay: Number(match[2]),
      perProjectPerDay: Number(match[3]),
    })
  }
  if (addresses.size === 0) {
    if (e.LATCH_PAYMASTER_SIGNER_KEY || policies.size > 0)
      throw new PaymasterConfigError('LATCH_PAYMASTER_*: name the paymasters in LATCH_PAYMASTERS')
    return null
  }
  const key = e.LATCH_PAYMASTER_SIGNER_KEY
  if (!key || !KEY.test(key))
    throw new PaymasterConfigError(
      'LATCH_PAYMASTER_SIGNER_KEY: 0x and 64 hex digits, the key the paymasters verify, is needed with LATCH_PAYMASTERS',
    )
  return { addresses, signerKey: key as Hex, policies }
}

/** Each variable's own form is checked with the others (ConfigError); how they fit together, on read. */
const checked = (name: keyof PaymasterEnv) =>
  z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      if (value === undefined) return
      try {
        if (name === 'LATCH_PAYMASTER_SIGNER_KEY') {
          if (!KEY.test(value)) throw new PaymasterConfigError('must be 0x and 64 hex digits')
        } else
          parsePaymasterConfig({
            [name]: value,
            LATCH_PAYMASTER_SIGNER_KEY: `0x${'1'.repeat(64)}`,
            LATCH_PAYMASTERS:
              name === 'LATCH_PAYMASTERS'
                ? value
                : 'eip155:1=0x0000000000000000000000000000000000000001',
          })
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message })
      }
    })

export const paymasterEnvShape = {
  LATCH_PAYMASTERS: checked('LATCH_PAYMASTERS'),
  LATCH_PAYMASTER_SIGNER_KEY: checked('LATCH_PAYMASTER_SIGNER_KEY'),
  LATCH_PAYMASTER_POLICY: checked('LATCH_PAYMASTER_POLICY'),
}

export const readPaymasterConfig = parsePaymasterConfig
