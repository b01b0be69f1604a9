type Env = {
  navigator?: { userAgent?: string; userAgentData?: { mobile?: boolean } }
  matchMedia?: (query: string) => { matches: boolean }
}

/**
 * docs/behaviour.md#validation needs to tell a phone from a desktop (the generic Browser Wallet
 * stays listed on phones, whose in-app browsers inject late): the browser's own mobile hint, a
 * phone or tablet user agent, or a coarse pointer as the only one. False outside a browser.
 */
export function detectMobile(env: Env = globalThis as Env): boolean {
  const nav = env.navigator
  return Boolean(
    nav &&
      (nav.userAgentData?.mobile ||
        /Android|iPhone|iPad|iPod|Mobi/i.test(nav.userAgent ?? '') ||
        env.matchMedia?.('(pointer:coarse)').matches),
  )
}
