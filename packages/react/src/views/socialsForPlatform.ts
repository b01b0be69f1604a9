type Env = {
  navigator?: { userAgent?: string }
  Telegram?: unknown
  TelegramWebviewProxy?: unknown
  TelegramWebviewProxyProto?: unknown
}

/**
 * docs/behaviour.md#flags: inside Telegram's in-app browser some providers' sign-in cannot
 * complete (their popup or app hand-off is blocked there), so they are not offered: Google on
 * iOS, X on a Mac, Facebook and X on Android. Elsewhere the list is returned as it is.
 */
export function socialsForPlatform<social extends string>(
  socials: readonly social[],
  env: Env | undefined = globalThis as Env,
): social[] {
  const telegram = env?.Telegram || env?.TelegramWebviewProxy || env?.TelegramWebviewProxyProto
  if (!telegram) return [...socials]
  const agent = env?.navigator?.userAgent ?? ''
  const ios = /iPhone|iPad|iPod/.test(agent)
  const hidden = ios
    ? ['google']
    : /Android/.test(agent)
      ? ['facebook', 'x']
      : /Macintosh|Mac OS X/.test(agent)
        ? ['x']
        : []
  return socials.filter((s) => !hidden.includes(s))
}
