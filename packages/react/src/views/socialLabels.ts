import type { OAuthSocialProvider } from '@latch/core'

/** Each provider's name as its button and the frame's waiting text show it. */
export const SOCIAL_LABELS: Record<OAuthSocialProvider | 'farcaster', string> = {
  google: 'Google',
  x: 'X',
  farcaster: 'Farcaster',
  discord: 'Discord',
  apple: 'Apple',
  github: 'GitHub',
  facebook: 'Facebook',
}
