import { type ChainNamespace, type SignMessageResult, signMessage as sign } from '@latch/core'
import { useCallback, useRef, useState } from 'react'
import { useLatch } from '../context.js'

export interface UseLatchSignMessageResult {
  /** Asks the active account's wallet to sign `message`; rejects with a `SignMessageError`. */
  signMessage(parameters: {
    message: string
    namespace?: ChainNamespace
  }): Promise<SignMessageResult>
  /** The last signature, until the next request starts. */
  data: SignMessageResult | undefined
  error: Error | undefined
  isPending: boolean
  reset(): void
}

/** Signs plain-text messages with the connected wallet; the caller decides what to show. */
export function useLatchSignMessage(): UseLatchSignMessageResult {
  const { controller } = useLatch('useLatchSignMessage')
  const [data, setData] = useState<SignMessageResult>()
  const [error, setError] = useState<Error>()
  const [pending, setPending] = useState(0)
  // Only the latest request's outcome is kept: an older one finishing later must not win.
  const latest = useRef(0)
  const signMessage = useCallback(
    async (parameters: { message: string; namespace?: ChainNamespace }) => {
      const id = ++latest.current
      setData(undefined)
      setError(undefined)
      setPending((n) => n + 1)
      try {
        const result = await sign(controller, parameters)
        if (id === latest.current) setData(result)
        return result
      } catch (cause) {
        if (id === latest.current) setError(cause as Error)
        throw cause
      } finally {
        setPending((n) => n - 1)
      }
    },
    [controller],
  )
  const reset = useCallback(() => {
    latest.current++
    setData(undefined)
    setError(undefined)
  }, [])
  return { signMessage, data, error, isPending: pending > 0, reset }
}
