import dayjs from 'dayjs'
import relativeTime from 'dayjs/plugin/relativeTime.js'

// dayjs's default thresholds are the ones docs/behaviour.md#limits lists: 44 s, 89 s, 44 min, 89 min, 21 h, 35 h, 25 d,
// 45 d, 10 months, 17 months.
dayjs.extend(relativeTime)

export function relativeTimeFrom(iso: string, now: Date = new Date()): string {
  return dayjs(iso).from(dayjs(now))
}

/** The exact local date and time, for a hover title. */
export function exactDateTime(iso: string, locale = 'en-US'): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  )
}

/** 'March' in the current year, 'March 2024' otherwise (local time). */
export function monthGroupTitle(
  year: number,
  month: number,
  now: Date = new Date(),
  locale = 'en-US',
): string {
  const date = new Date(year, month, 1)
  const options: Intl.DateTimeFormatOptions =
    year === now.getFullYear() ? { month: 'long' } : { month: 'long', year: 'numeric' }
  return new Intl.DateTimeFormat(locale, options).format(date)
}
