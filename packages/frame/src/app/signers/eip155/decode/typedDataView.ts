import type { ApprovalView, Field } from '../../../decode/view.js'
import { address, network, type TokenBook, tokenName } from './format.js'
import { recognise } from './permits.js'
import type { ParsedTypedData } from './typedData.js'

export interface TypedDataContext {
  chainId: number
  tokens?: TokenBook | undefined
  /** Lower-case addresses of contracts this account has sent transactions to from this wallet. */
  usedContracts?: ReadonlySet<string> | undefined
  /** Lower-case address → whether it has code, for the addresses the review step looked up. */
  hasCode?: ReadonlyMap<string, boolean> | undefined
}

const domainLabels: Record<string, string> = {
  name: 'Name',
  version: 'Version',
  chainId: 'Chain',
  verifyingContract: 'Verifying contract',
  salt: 'Salt',
}

/** The approval screen for `eth_signTypedData_v4`, from the parsed (already validated) value. */
export function typedDataView(data: ParsedTypedData, context: TypedDataContext): ApprovalView {
  const found = recognise(data)
  const dangers: string[] = []
  if (found) {
    if (found.unlimited)
      for (const spender of found.spenders)
        dangers.push(
          `Unlimited approval: ${spender} could take all of your ${found.tokens
            .map((t) => tokenName(t, context.tokens))
            .join(', ')} at any time, without asking again.`,
        )
    for (const spender of found.spenders) {
      const key = spender.toLowerCase()
      if (context.hasCode?.get(key) === false)
        dangers.push(`${spender} is not a contract: it is someone's own account.`)
      else if (!context.usedContracts?.has(key))
        dangers.push(
          `${spender} is not a contract you have used before. Scammers ask for permits to their own addresses.`,
        )
    }
    dangers.push(...(found.warnings ?? []))
  }
  const domain: Field[] = data.domainTree.map((f) =>
    f.label === 'chainId' && f.value
      ? { ...f, label: 'Chain', value: network(Number(f.value)) }
      : f.label === 'verifyingContract' && f.value
        ? { ...f, label: 'Verifying contract', value: address(f.value) }
        : { ...f, label: domainLabels[f.label] ?? f.label },
  )
  return {
    title: found ? `Sign ${found.standard}` : 'Sign typed data',
    dangers,
    summary: found ? found.sentences(context.tokens) : [],
    sections: [
      { title: 'Domain', fields: domain },
      {
        title: `Message (${data.primaryType})`,
        fields: data.messageTree,
      },
    ],
    raw: { label: 'Raw typed data', text: JSON.stringify(data.definition, null, 2) },
  }
}
