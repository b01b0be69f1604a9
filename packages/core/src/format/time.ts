import dayjs from 'dayjs'
import relativeTime from 'dayjs/plugin/relativeTime.js'
import { formatLocale } from './locale.js'

// dayjs's default thresholds are the ones docs/behaviour.md#limits lists: 44 s, 89 s, 44 min, 89 min, 21 h, 35 h, 25 d,
// 45 d, 10 months, 17 months.
dayjs.extend(relativeTime)

/** dayjs's steps (the thresholds above) as a value and unit Intl.RelativeTimeFormat can write. */
function relativeStep(seconds: number): [number, Intl.RelativeTimeFormatUnit] {
  const minutes = Math.round(seconds / 60)
  const hours = Math.round(seconds / 3600)
  const days = Math.round(seconds / 86400)
  const months = Math.round(days / 30.44)
  if (seconds < 45) return [0, 'second']
  if (seconds < 90) return [1, 'minute']
  if (minutes < 45) return [minutes, 'minute']
  if (minutes < 90) return [1, 'hour']
  if (hours < 22) return [hours, 'hour']
  if (hours < 36) return [1, 'day']
  if (days < 26) return [days, 'day']
  if (days < 46) return [1, 'month']
  if (months < 11) return [months, 'month']
  if (months < 18) return [1, 'year']
  return [Math.round(days / 365.25), 'year']
}

/**
 * '2 minutes ago'. English keeps dayjs's words ('a few seconds ago', 'an hour ago'); another locale
 * (locale.ts) is written by Intl.RelativeTimeFormat over the same steps ('vor 2 Minuten').
 */
export function relativeTimeFrom(
  iso: string,
  now: Date = new Date(),
  locale = formatLocale(),
): string {
  if (/^en\b/.test(locale)) return dayjs(iso).from(dayjs(now))
  const seconds = (now.getTime() - new Date(iso).getTime()) / 1000
  const [value, unit] = relativeStep(Math.abs(seconds))
  return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(
    seconds < 0 ? value : -value,
    unit,
  )
}

/** The exact local date and time, for a hover title. */
export function exactDateTime(iso: string, locale = formatLocale()): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  )
}

/** 'March' in the current year, 'March 2024' otherwise (local time). */
export function monthGroupTitle(
  year: number,
  month: number,
  now: Date = new Date(),
  locale = formatLocale(),
): string {
  const date = new Date(year, month, 1)
  const options: Intl.DateTimeFormatOptions =
    year === now.getFullYear() ? { month: 'long' } : { month: 'long', year: 'numeric' }
  return new Intl.DateTimeFormat(locale, options).format(date)
}
