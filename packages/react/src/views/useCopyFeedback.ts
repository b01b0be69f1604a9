import { useCallback, useEffect, useState } from 'react'

/** Copies text to the clipboard; `copied` is true for 2 s after it worked (for a tick and a status). */
export function useCopyFeedback(): { copied: boolean; copy(text: string): void } {
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), 2000)
    return () => clearTimeout(timer)
  }, [copied])
  const copy = useCallback((text: string) => {
    navigator.clipboard?.writeText(text).then(
      () => setCopied(true),
      () => {},
    )
  }, [])
  return { copied, copy }
}
