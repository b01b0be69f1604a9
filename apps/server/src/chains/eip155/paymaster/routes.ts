import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { type Static, Type } from 'typebox'
import { Value } from 'typebox/value'
import { type Address as AddressType, concat, encodeAbiParameters, isAddressEqual } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { Budget } from '../../../http/budgets.js'
import { errorResponses, HttpError } from '../../../http/errors.js'
import { answerPreflight, checkProjectCaller } from '../../../http/project-caller.js'
import { readTextPlainAsJson } from '../../../provider-services/routes/events.js'
import { projectAndChain } from '../bundler/access.js'
import { Address, Quantity, UserOperationDraft } from '../bundler/methods.js'
import type { PaymasterConfig, SponsorPolicy } from './config.js'
import { type DraftUserOperation, paymasterHash, signedPaymasterData } from './sign.js'

/** The entry point the VerifyingPaymaster 0.7.0 serves. */
const ENTRY_POINT_07: AddressType = '0x0000000071727De22E5E9d8BAf0edAc6f37da032'
/** How long a sponsorship signature holds: enough to send, too short to hoard. */
const VALID_SECONDS = 10 * 60
/** Gas the paymaster's validation may use (signature recovery and a hash: about 30k). */
const VERIFICATION_GAS = '0x186a0'
const DAY = 24 * 60 * 60 * 1000

const Query = Type.Object({
  projectId: Type.Optional(Type.String({ description: 'Project id' })),
  chainId: Type.Optional(Type.String({ description: 'eip155:<id> or a decimal chain id' })),
})
const Params = Type.Tuple([
  UserOperationDraft,
  Address,
  Quantity,
  Type.Optional(Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()])),
])
const Call = Type.Object({
  jsonrpc: Type.Literal('2.0'),
  id: Type.Union([Type.String({ maxLength: 100 }), Type.Number(), Type.Null()]),
  method: Type.String({ maxLength: 64 }),
  params: Type.Optional(Type.Array(Type.Unknown(), { maxItems: 4 })),
})
type Call = Static<typeof Call>
const Answer = Type.Object({
  jsonrpc: Type.Literal('2.0'),
  id: Type.Union([Type.String(), Type.Number(), Type.Null()]),
  result: Type.Optional(Type.Unknown()),
  error: Type.Optional(Type.Object({ code: Type.Number(), message: Type.String() })),
})
type Answer = Static<typeof Answer>

class RpcRefusal extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}
/** JSON-RPC code for a sponsorship the project's policy refuses (ERC-7677 names none). */
export const POLICY_REFUSED = -32003

// A stub must not be a sponsorship: its signature is by a throwaway key, well formed so the
// paymaster's ECDSA check fails softly during estimation instead of reverting.
const stubSigner = privateKeyToAccount(`0x${'5a'.repeat(32)}`)

export interface PaymasterRoutesOptions {
  frameOrigins: readonly string[]
  config: PaymasterConfig
}

/**
 * `POST /v1/paymaster?projectId=&chainId=`: an ERC-7677 paymaster service over the dev chain's
 * (or a deployment's) VerifyingPaymaster. `pm_getPaymasterStubData` answers gas-estimation data
 * that sponsors nothing; `pm_getPaymasterData` signs the final operation when the project's
 * policy allows it, counting it against the account's and the project's daily caps.
 */
const paymasterRoutesPlugin: FastifyPluginAsyncTypebox<PaymasterRoutesOptions> = async (
  app,
  { frameOrigins, config },
) => {
  readTextPlainAsJson(app)

  const policyOf = (projectId: string): SponsorPolicy => {
    const policy = config.policies.get(projectId) ?? config.policies.get('*')
    if (!policy || policy.perAccountPerDay === 0 || policy.perProjectPerDay === 0)
      throw new RpcRefusal(POLICY_REFUSED, 'Sponsorship is off for this project')
    return policy
  }

  const budgets = (
    projectId: string,
    chainId: number,
    sender: string,
    p: SponsorPolicy,
  ): Budget[] => [
    {
      key: `paymaster-account-day|${projectId}|${chainId}|${sender.toLowerCase()}`,
      max: p.perAccountPerDay,
      windowMs: DAY,
      exhausted: (s) =>
        new HttpError(
          429,
          'SPONSORSHIP_LIMIT',
          `Sponsorship refused: this account's ${p.perAccountPerDay} sponsored operations a day are used; try again in ${s} seconds`,
        ),
    },
    {
      key: `paymaster-project-day|${projectId}`,
      max: p.perProjectPerDay,
      windowMs: DAY,
      exhausted: (s) =>
        new HttpError(
          429,
          'SPONSORSHIP_LIMIT',
          `Sponsorship refused: this project's ${p.perProjectPerDay} sponsored operations a day are used; try again in ${s} seconds`,
        ),
    },
  ]

  const sponsor = async (call: Call, projectId: string, chainId: number): Promise<unknown> => {
    if (call.method !== 'pm_getPaymasterStubData' && call.method !== 'pm_getPaymasterData')
      throw new RpcRefusal(
        -32601,
        `${call.method} is not served by the paymaster (ERC-7677: pm_getPaymasterStubData, pm_getPaymasterData)`,
      )
    if (!Value.Check(Params, call.params)) {
      const first = Value.Errors(Params, call.params ?? [])[0]
      const where = first?.instancePath
        ? `params${first.instancePath.replaceAll('/', '.')}`
        : 'params'
      throw new RpcRefusal(
        -32602,
        `Invalid params for ${call.method}: ${where} ${first?.message ?? 'do not match'}`,
      )
    }
    const [op, entryPoint, chainHex] = call.params
    if (!isAddressEqual(entryPoint as AddressType, ENTRY_POINT_07))
      throw new RpcRefusal(-32602, `This paymaster serves EntryPoint v0.7 (${ENTRY_POINT_07}) only`)
    if (Number(chainHex) !== chainId)
      throw new RpcRefusal(
        -32602,
        `The operation is for chain ${Number(chainHex)}, the query for ${chainId}`,
      )
    const paymaster = config.addresses.get(chainId)
    if (!paymaster) throw new RpcRefusal(-32602, `No paymaster serves chain eip155:${chainId} here`)
    const policy = policyOf(projectId)
    const draft = op as DraftUserOperation
    const validUntil = Math.floor(Date.now() / 1000) + VALID_SECONDS
    const window = { chainId, paymaster, validUntil, validAfter: 0 }
    if (call.method === 'pm_getPaymasterStubData') {
      const stub = {
        ...draft,
        paymasterVerificationGasLimit: VERIFICATION_GAS,
        paymasterPostOpGasLimit: '0x0',
      } as const
      const signature = await stubSigner.signMessage({
        message: { raw: paymasterHash(stub, window) },
      })
      return {
        paymaster,
        paymasterData: concat([
          encodeAbiParameters([{ type: 'uint48' }, { type: 'uint48' }], [validUntil, 0]),
          signature,
        ]),
        paymasterVerificationGasLimit: VERIFICATION_GAS,
        paymasterPostOpGasLimit: '0x0',
        sponsor: { name: 'Latch' },
        isFinal: false,
      }
    }
    try {
      await app.budgets.spend(budgets(projectId, chainId, draft.sender, policy), 1)
    } catch (error) {
      if (error instanceof HttpError && error.code === 'SPONSORSHIP_LIMIT')
        throw new RpcRefusal(POLICY_REFUSED, error.message)
      throw error
    }
    return { paymaster, paymasterData: await signedPaymasterData(draft, window, config.signerKey) }
  }

  const answer = async (raw: unknown, projectId: string, chainId: number): Promise<Answer> => {
    if (!Value.Check(Call, raw))
      return { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Invalid request' } }
    try {
      return { jsonrpc: '2.0', id: raw.id, result: await sponsor(raw, projectId, chainId) }
    } catch (error) {
      if (!(error instanceof RpcRefusal)) throw error
      return { jsonrpc: '2.0', id: raw.id, error: { code: error.code, message: error.message } }
    }
  }

  const check = (request: FastifyRequest, reply: FastifyReply, projectId: string) =>
    checkProjectCaller(app, frameOrigins, request, reply, projectId)

  app.options(
    '/v1/paymaster',
    { config: { cors: false }, schema: { hide: true, querystring: Query } },
    async (request, reply) => {
      const parsed = projectAndChain(request.query)
      return answerPreflight(reply, 'POST', async () => {
        if (!parsed) throw new Error('bad query')
        await check(request, reply, parsed.projectId)
      })
    },
  )

  app.post(
    '/v1/paymaster',
    {
      bodyLimit: 256 * 1024,
      config: { cors: false },
      schema: {
        summary: 'ERC-7677 paymaster service',
        description:
          "pm_getPaymasterStubData (estimation data, sponsors nothing) and pm_getPaymasterData (the paymaster's signature over the final v0.7 operation, when the project's policy allows: LATCH_PAYMASTER_POLICY, per account and per project per day). Same origin rules as the RPC proxy.",
        tags: ['rpc'],
        querystring: Query,
        body: Type.Unknown({ description: 'One JSON-RPC 2.0 call' }),
        response: {
          200: Answer,
          ...errorResponses({
            400: 'VALIDATION_ERROR',
            401: 'PROJECT_SECRET_REQUIRED',
            403: 'INVALID_PROJECT_ID or ORIGIN_NOT_ALLOWED',
          }),
        },
      },
    },
    async (request, reply) => {
      const parsed = projectAndChain(request.query)
      if (!parsed)
        throw new HttpError(
          400,
          'VALIDATION_ERROR',
          'Invalid request: projectId and chainId (eip155:<id> or a decimal id) are required',
        )
      await check(request, reply, parsed.projectId)
      return answer(request.body, parsed.projectId, parsed.chainId)
    },
  )
}

export const paymasterRoutes = fp(paymasterRoutesPlugin, {
  name: 'latch-paymaster',
  encapsulate: true,
})
