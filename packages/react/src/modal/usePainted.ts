import { useEffect, useState } from 'react'

/**
 * Calls `callback` in the task after the next frame is painted, or at once on a hidden page (it
 * paints no frame). Returns what cancels it.
 */
export function afterPaint(callback: () => void): () => void {
  if (document.hidden) {
    callback()
    return () => {}
  }
  let timer: ReturnType<typeof setTimeout> | undefined
  // A task queued from the next frame's callback runs once that frame is painted.
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(callback, 0)
  })
  return () => {
    cancelAnimationFrame(frame)
    clearTimeout(timer)
  }
}

/**
 * False until the frame after the component mounted is painted. What a view starts on opening but
 * does not need for its first frame (a lazy chunk, a request) waits for this, so that a click that
 * opens the modal fetches and runs nothing else before the modal is on screen.
 */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false)
  useEffect(() => afterPaint(() => setPainted(true)), [])
  return painted
}
