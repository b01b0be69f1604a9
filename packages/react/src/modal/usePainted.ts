import { useEffect, useState } from 'react'

/**
 * False until the frame after the component mounted is painted. What a view starts on opening but
 * does not need for its first frame (a lazy chunk, a request) waits for this, so that a click that
 * opens the modal fetches and runs nothing else before the modal is on screen.
 */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false)
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    // A task queued from the next frame's callback runs once that frame is painted.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(setPainted, 0, true)
    })
    // A hidden page paints no frame.
    if (document.hidden) setPainted(true)
    return () => {
      cancelAnimationFrame(frame)
      clearTimeout(timer)
    }
  }, [])
  return painted
}
