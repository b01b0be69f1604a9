import { createContext, type ReactNode, useContext } from 'react'

export interface LatchConfig {
  /** The project id issued by a Latch server (`npm run project -- create`). */
  projectId: string
  /** Base URL of the Latch server that serves catalogue, config and history. */
  serverUrl: string
}

export class LatchProviderMissingError extends Error {
  override name = 'LatchProviderMissingError'
  constructor(hook: string) {
    super(`${hook} must be used inside <LatchProvider>.`)
  }
}

const LatchContext = createContext<LatchConfig | null>(null)

export function LatchProvider({ config, children }: { config: LatchConfig; children: ReactNode }) {
  return <LatchContext.Provider value={config}>{children}</LatchContext.Provider>
}

export function useLatchConfig(): LatchConfig {
  const config = useContext(LatchContext)
  if (!config) throw new LatchProviderMissingError('useLatchConfig')
  return config
}
