import type { ApprovalView, Field } from '../../../decode/view.js'
import { type MessageKey, t } from '../../../i18n/index.js'
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

const domainLabels: Record<string, MessageKey> = {
  name: 'typed.name',
  version: 'typed.version',
  chainId: 'typed.chain',
  verifyingContract: 'typed.verifyingContract',
  salt: 'typed.salt',
}

/** The approval screen for `eth_signTypedData_v4`, from the parsed (already validated) value. */
export function typedDataView(data: ParsedTypedData, context: TypedDataContext): ApprovalView {
  const found = recognise(data)
  const dangers: string[] = []
  if (found) {
    if (found.unlimited)
      for (const spender of found.spenders)
        dangers.push(
          t('typed.unlimited', {
            spender,
            tokens: found.tokens.map((token) => tokenName(token, context.tokens)).join(', '),
          }),
        )
    for (const spender of found.spenders) {
      const key = spender.toLowerCase()
      if (context.hasCode?.get(key) === false) dangers.push(t('typed.notContract', { spender }))
      else if (!context.usedContracts?.has(key))
        dangers.push(t('typed.unusedContract', { spender }))
    }
    dangers.push(...(found.warnings ?? []))
  }
  const domain: Field[] = data.domainTree.map((f) =>
    f.label === 'chainId' && f.value
      ? { ...f, label: t('typed.chain'), value: network(Number(f.value)) }
      : f.label === 'verifyingContract' && f.value
        ? { ...f, label: t('typed.verifyingContract'), value: address(f.value) }
        : {
            ...f,
            label: Object.hasOwn(domainLabels, f.label) ? t(domainLabels[f.label]!) : f.label,
          },
  )
  return {
    title: found ? t('typed.titleStandard', { standard: found.standard }) : t('typed.title'),
    dangers,
    summary: found ? found.sentences(context.tokens) : [],
    sections: [
      { title: t('typed.domain'), fields: domain },
      {
        title: t('typed.message', { type: data.primaryType }),
        fields: data.messageTree,
      },
    ],
    raw: { label: t('typed.raw'), text: JSON.stringify(data.definition, null, 2) },
  }
}
