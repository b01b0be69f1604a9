import { lazy, Suspense, useEffect, useState } from 'react'
import { createPortal } from 'react-dom'
import { useStore } from 'zustand'
import { useLatch } from '../context.js'

// The modal and its views are a chunk of their own: the first paint carries only the button.
const loadModal = () => import('./Modal.js')
const Modal = lazy(() => loadModal().then((m) => ({ default: m.Modal })))

type IdleWindow = Window & {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number
}

/**
 * Mounts the modal once its chunk, fetched when the page is idle, is here, or as soon as something
 * asks for it (the router opens, an alert arrives), so that a click finds it ready.
 */
export function ModalHost() {
  const { stores, config, auth } = useLatch('ModalHost')
  const open = useStore(stores.router, (s) => s.open)
  const alert = useStore(stores.alerts, (s) => s.open)
  const [wanted, setWanted] = useState(false)

  useEffect(() => {
    if (typeof window === 'undefined') return
    const w = window as IdleWindow
    // Mounting the lazy component once its chunk is here resolves React.lazy ahead of the first
    // click; otherwise that click would wait for Suspense's reveal throttle (about 300 ms).
    // An unmounted host (a test's page torn down, an app that left) sets no state.
    let live = true
    const prefetch = () =>
      void loadModal().then(
        () => {
          if (live) setWanted(true)
        },
        () => {},
      )
    let timer: ReturnType<typeof setTimeout> | undefined
    if (w.requestIdleCallback) w.requestIdleCallback(prefetch, { timeout: 2000 })
    else timer = setTimeout(prefetch, 200)
    return () => {
      live = false
      if (timer !== undefined) clearTimeout(timer)
    }
  }, [])
  useEffect(() => {
    if (open || alert) setWanted(true)
  }, [open, alert])
  // The secure frame's approval shows in the modal even when the app asked for it with the modal closed.
  useEffect(
    () =>
      auth?.onApproval?.(
        (pending) =>
          void import('./watchApproval.js').then((m) => m.onApproval(stores.router, pending)),
      ),
    [auth, stores],
  )

  if (!(wanted || open || alert) || typeof document === 'undefined') return null
  const inline = Boolean(config.enableEmbedded || config.disableAppend)
  const node = (
    <Suspense fallback={null}>
      <Modal inline={inline} />
    </Suspense>
  )
  return inline ? node : createPortal(node, document.body)
}
