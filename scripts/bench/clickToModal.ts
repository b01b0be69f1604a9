/// <reference lib="dom" />
/**
 * Click → modal painted, for scripts/bench/web-budget.ts: a page loaded and left idle, then
 * clicks on its connect button, each timed from the click event to the frame after the dialog is
 * in the DOM with a box. Traced, a click also gives the main thread's CPU time over that span:
 * on the shared machine wall times swing with the load, CPU time much less.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Browser, Page } from 'playwright-core'

const BUTTON = '[data-testid="latch-connect-button"]'

export interface ClickPage {
  page: Page
  close: () => Promise<void>
  /** The built app the page is served from, to size the scripts a click fetches. */
  dir: string
}

/** A page loaded and left idle (its prefetches done), ready for clicks on the connect button. */
export async function openForClicks(
  browser: Browser,
  url: string,
  dir: string,
): Promise<ClickPage> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  await context.addInitScript('window.__name = (f) => f')
  const page = await context.newPage()
  await page.goto(url, { waitUntil: 'networkidle' })
  await page.waitForTimeout(2500)
  await page.evaluate(() => {
    const w = window as unknown as { __clicks: number[] }
    w.__clicks = []
    window.addEventListener(
      'click',
      (e) => {
        w.__clicks.push(e.timeStamp)
        performance.mark('latch-bench-click')
      },
      true,
    )
  })
  return { page, close: () => context.close(), dir }
}

/**
 * One click on the connect button → the frame that paints the dialog (its box laid out), then
 * Escape closes it. Returns the time and the scripts the click fetched before that frame.
 */
export async function clickToModal({ page, dir }: ClickPage, tracing?: Browser) {
  const shown = page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const seen = () => {
          const dialog = document.querySelector('[role="dialog"]')
          return dialog && dialog.getBoundingClientRect().width > 0
        }
        const done = () =>
          requestAnimationFrame(() => {
            performance.mark('latch-bench-modal')
            resolve(performance.now())
          })
        if (seen()) return done()
        const observer = new MutationObserver(() => {
          if (!seen()) return
          observer.disconnect()
          done()
        })
        observer.observe(document.body, { childList: true, subtree: true })
      }),
  )
  // Only what shows the dialog: no stack traces or devtools timeline, which would cost the page.
  if (tracing) await tracing.startTracing(page, { categories: ['toplevel', 'blink.user_timing'] })
  await page.locator(BUTTON).first().click()
  const paintedAt = await shown
  const cpu = tracing ? clickCpu(JSON.parse((await tracing.stopTracing()).toString())) : undefined
  const clickAt = await page.evaluate(
    () => (window as unknown as { __clicks: number[] }).__clicks.at(-1) ?? 0,
  )
  // Scripts whose fetch started between the click and the painted frame (resource timing).
  const paths = await page.evaluate(
    ([from, to]) =>
      performance
        .getEntriesByType('resource')
        .filter((e) => e.name.endsWith('.js') && e.startTime >= from! && e.startTime <= to!)
        .map((e) => new URL(e.name).pathname),
    [clickAt, paintedAt],
  )
  const chunks = paths.map((p) => ({
    path: p,
    gzip: gzipSync(readFileSync(path.join(dir, p)), { level: 9 }).length,
  }))
  await page.keyboard.press('Escape')
  await page.locator('[role="dialog"]').waitFor({ state: 'detached' })
  await page.waitForTimeout(50)
  return { ms: paintedAt - clickAt, chunks, cpu }
}

export interface TraceEvent {
  name: string
  ph: string
  pid: number
  tid: number
  ts: number
  dur?: number
  tdur?: number
}

/** The top-level tasks Chromium ran on the thread that recorded `mark`, in time order. */
export function threadTasks(events: TraceEvent[], mark: TraceEvent): TraceEvent[] {
  return events
    .filter(
      (e) =>
        e.name === 'ThreadControllerImpl::RunTask' &&
        e.ph === 'X' &&
        e.pid === mark.pid &&
        e.tid === mark.tid,
    )
    .sort((a, b) => a.ts - b.ts)
}

/**
 * The renderer main thread's CPU time from the task that ran the click to the dialog's frame
 * callback: each task's thread time, and for the frame's own task its wall time up to the mark.
 */
function clickCpu({ traceEvents }: { traceEvents: TraceEvent[] }): number {
  const click = traceEvents.find((e) => e.name === 'latch-bench-click')
  const modal = traceEvents.find((e) => e.name === 'latch-bench-modal')
  if (!click || !modal) throw new Error('the trace lacks the click or the modal mark')
  const tasks = threadTasks(traceEvents, click)
  const first = tasks.find((t) => t.ts <= click.ts && t.ts + (t.dur ?? 0) >= click.ts)
  if (!first) throw new Error('no task holds the click')
  let us = 0
  let end = 0
  for (const task of tasks) {
    // A nested run loop's tasks are inside their parent's time already.
    if (task.ts < first.ts || task.ts >= modal.ts || task.ts < end) continue
    end = task.ts + (task.dur ?? 0)
    us += end <= modal.ts ? (task.tdur ?? 0) : modal.ts - task.ts
  }
  return us / 1000
}
