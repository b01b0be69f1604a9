import { type TSchema, Type } from 'typebox'
import { Value } from 'typebox/value'

/**
 * The only calls the bundler route forwards, each with the schema of its params: the ERC-4337
 * bundler namespace, eth_chainId, and the gas price read the maintained clients (permissionless,
 * viem) ask for. Anything else, the bundler's debug_* methods above all, never reaches it.
 */
export const Hex = Type.String({ pattern: '^0x(?:[0-9a-fA-F]{2})*$', maxLength: 200_000 })
export const Quantity = Type.String({ pattern: '^0x(?:0|[1-9a-fA-F][0-9a-fA-F]{0,63})$' })
export const Address = Type.String({ pattern: '^0x[0-9a-fA-F]{40}$' })
const Hash = Type.String({ pattern: '^0x[0-9a-fA-F]{64}$' })

const Authorization = Type.Object(
  {
    chainId: Quantity,
    address: Address,
    nonce: Quantity,
    yParity: Quantity,
    r: Quantity,
    s: Quantity,
  },
  { additionalProperties: false },
)

/** A user operation of EntryPoint v0.6, v0.7 or v0.8: the union of their fields, nothing else. */
const userOperationFields = {
  sender: Address,
  nonce: Quantity,
  callData: Hex,
  signature: Hex,
  callGasLimit: Type.Optional(Quantity),
  verificationGasLimit: Type.Optional(Quantity),
  preVerificationGas: Type.Optional(Quantity),
  maxFeePerGas: Type.Optional(Quantity),
  maxPriorityFeePerGas: Type.Optional(Quantity),
  // v0.6
  initCode: Type.Optional(Hex),
  paymasterAndData: Type.Optional(Hex),
  // v0.7 and v0.8
  factory: Type.Optional(Type.Union([Address, Type.Null()])),
  factoryData: Type.Optional(Type.Union([Hex, Type.Null()])),
  paymaster: Type.Optional(Type.Union([Address, Type.Null()])),
  paymasterVerificationGasLimit: Type.Optional(Type.Union([Quantity, Type.Null()])),
  paymasterPostOpGasLimit: Type.Optional(Type.Union([Quantity, Type.Null()])),
  paymasterData: Type.Optional(Type.Union([Hex, Type.Null()])),
  // v0.8 (EIP-7702 accounts)
  eip7702Auth: Type.Optional(Type.Union([Authorization, Type.Null()])),
}
export const UserOperation = Type.Object(userOperationFields, { additionalProperties: false })

/** The same before it is signed, as a paymaster sees it (ERC-7677): the signature may be missing. */
export const UserOperationDraft = Type.Object(
  { ...userOperationFields, signature: Type.Optional(Hex) },
  { additionalProperties: false },
)

const StateOverride = Type.Record(Type.String({ pattern: '^0x[0-9a-fA-F]{40}$' }), Type.Unknown())
const None = Type.Array(Type.Unknown(), { maxItems: 0 })

export const bundlerMethods = {
  eth_sendUserOperation: Type.Tuple([UserOperation, Address]),
  eth_estimateUserOperationGas: Type.Union([
    Type.Tuple([UserOperation, Address]),
    Type.Tuple([UserOperation, Address, StateOverride]),
  ]),
  eth_getUserOperationReceipt: Type.Tuple([Hash]),
  eth_getUserOperationByHash: Type.Tuple([Hash]),
  eth_supportedEntryPoints: None,
  eth_chainId: None,
  pimlico_getUserOperationGasPrice: None,
} satisfies Record<string, TSchema>

export type BundlerMethod = keyof typeof bundlerMethods

export const isBundlerMethod = (method: string): method is BundlerMethod =>
  Object.hasOwn(bundlerMethods, method)

/**
 * Against the RPC proxy's budgets: a send or an estimate makes the bundler simulate the
 * operation (many node calls), so it costs as much as ten reads.
 */
export const bundlerWeights: Readonly<Record<string, number>> = {
  eth_sendUserOperation: 10,
  eth_estimateUserOperationGas: 10,
}

/** Why `params` do not fit `method`, in words a developer can act on; null when they fit. */
export function paramsProblem(method: BundlerMethod, params: unknown): string | null {
  const schema = bundlerMethods[method]
  const value = params ?? []
  if (Value.Check(schema, value)) return null
  const first = Value.Errors(schema, value)[0]
  const where = first?.instancePath ? `params${first.instancePath.replaceAll('/', '.')}` : 'params'
  return `Invalid params for ${method}: ${where} ${first?.message ?? 'do not match'}`
}
