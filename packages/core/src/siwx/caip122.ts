/** The fields of a CAIP-122 sign-in message Latch writes (the server checks the same ones). */
export interface Caip122Fields {
  /** The page's host, which the server checks against the request's Origin. */
  domain: string
  /** The account as the wallet gives it (e.g. a base58 key, case kept). */
  address: string
  /** CAIP-2: the message carries its reference (`5eykt4Us…`) as `Chain ID`. */
  chainId: string
  /** The family's name in the header: "… sign in with your Solana account:". */
  label: string
  uri: string
  nonce: string
  issuedAt: Date
  statement?: string | undefined
}

/**
 * A CAIP-122 sign-in message: EIP-4361's layout with the account's own family in the header and
 * the chain's CAIP-2 reference (docs/siwx.md#solana). viem writes the EIP-4361 one for EVM.
 */
export function createCaip122Message(fields: Caip122Fields): string {
  const reference = fields.chainId.slice(fields.chainId.indexOf(':') + 1)
  return [
    `${fields.domain} wants you to sign in with your ${fields.label} account:`,
    fields.address,
    '',
    ...(fields.statement ? [fields.statement, ''] : []),
    `URI: ${fields.uri}`,
    'Version: 1',
    `Chain ID: ${reference}`,
    `Nonce: ${fields.nonce}`,
    `Issued At: ${fields.issuedAt.toISOString()}`,
  ].join('\n')
}
