import type { AuthApi, FarcasterAnswer, SocialProviderId, VerifiedSession } from './api.js'
import { FrameError } from './handler.js'
import { t } from './i18n/index.js'
import { UserRejectedError } from './rpc.js'
import type { ApprovalUi } from './ui/approve.js'
import { askEmailCode, askSocial, type Visibility } from './ui/signin.js'

// Every sign-in runs in the frame's own window (docs/custody.md#sign-in-in-the-frame): the page
// names an email address or a provider, and learns only that the visitor signed in. The code,
// the provider's answer and the Farcaster channel never cross to the page.

const DEVICE_POLL_MS = 2_000
const FARCASTER_POLL_MS = 1_000
/** A code, a flow and a channel each live 10 minutes on the server. */
const SIGN_IN_WAIT_MS = 600_000

const PROVIDER_LABELS: Record<SocialProviderId, string> = {
  google: 'Google',
  github: 'GitHub',
  apple: 'Apple',
  facebook: 'Facebook',
  x: 'X',
  discord: 'Discord',
}

export interface SignInOptions {
  api: AuthApi
  device: string
  /** The embedding page's origin, verified with the server. */
  origin: string
  root: HTMLElement
  visibility: Visibility
  ui: ApprovalUi
  /** The origin of the server's social callback page: the only sender the popup's answer is taken from. */
  callbackOrigin: string
  /** The frame's window (tests give a double). */
  window: Pick<Window, 'open' | 'addEventListener' | 'removeEventListener'>
  /** Stores the new session and unlocks the wallet (services.ts). */
  begin(session: VerifiedSession): Promise<void>
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener('abort', () => {
      clearTimeout(timer)
      resolve()
    })
  })

/** Resolves once the device-approval link was used; never rejects (it only changes a hint). */
async function deviceApproval(options: SignInOptions, email: string, signal: AbortSignal) {
  const deadline = Date.now() + SIGN_IN_WAIT_MS
  while (!signal.aborted && Date.now() < deadline) {
    const answer = await options.api
      .pollDevice(email, options.device, signal)
      .catch(() => undefined)
    if (answer?.approved) return
    await sleep(DEVICE_POLL_MS, signal)
  }
  return new Promise<never>(() => {})
}

/** Waits for the provider's answer from the popup this frame opened, then trades it for a session. */
function socialAnswer(options: SignInOptions, popup: Window, signal: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const stop = () => {
      clearInterval(closed)
      options.window.removeEventListener('message', onMessage)
    }
    const onMessage = (event: MessageEvent) => {
      // Only the callback page, in the popup this frame opened, may answer.
      if (event.source !== popup || event.origin !== options.callbackOrigin) return
      const data = event.data as { type?: unknown; result?: unknown; error?: unknown } | null
      if (data?.type !== 'latch:social') return
      stop()
      if (typeof data.result === 'string') resolve(data.result)
      else reject(new FrameError(typeof data.error === 'string' ? data.error : 'Not signed in'))
    }
    const closed = setInterval(() => {
      if (!popup.closed) return
      stop()
      reject(new FrameError('The sign-in window was closed'))
    }, 500)
    signal.addEventListener('abort', () => {
      stop()
      if (!popup.closed) popup.close()
      reject(new FrameError('Request was aborted'))
    })
    options.window.addEventListener('message', onMessage)
  })
}

export function createSignIn(options: SignInOptions) {
  const { api, device, origin } = options

  async function signInWithEmail(email: string, signal: AbortSignal) {
    await api.start(email, device)
    const polling = new AbortController()
    signal.addEventListener('abort', () => polling.abort())
    try {
      const ok = await askEmailCode(
        options.root,
        options.visibility,
        {
          origin,
          email,
          verify: async (code) => options.begin(await api.verify(email, device, code)),
          resend: async () => {
            await api.start(email, device)
          },
          deviceApproved: deviceApproval(options, email, polling.signal),
        },
        signal,
      )
      if (!ok) throw new UserRejectedError()
    } finally {
      polling.abort()
    }
  }

  async function signInWithProvider(provider: SocialProviderId, signal: AbortSignal) {
    const label = PROVIDER_LABELS[provider]
    const ok = await askSocial(
      options.root,
      options.visibility,
      {
        origin,
        label,
        async open() {
          // Opened in the click's own task, before any await, so the browser lets it open; this
          // frame is its opener, so the callback's answer can reach no other window.
          const popup = options.window.open('about:blank', '_blank', 'popup,width=600,height=800')
          if (!popup)
            throw new FrameError('The browser blocked the sign-in window; allow pop-ups and retry')
          try {
            const flow = await api.socialStart(provider, device)
            if (popup.closed) throw new FrameError('The sign-in window was closed')
            popup.location.href = flow.uri
            const result = await socialAnswer(options, popup, signal)
            await options.begin(await api.socialFinish(flow.flowToken, result, device))
          } finally {
            if (!popup.closed) popup.close()
          }
        },
      },
      signal,
    )
    if (!ok) throw new UserRejectedError()
  }

  async function farcasterAnswer(flowToken: string, signal: AbortSignal): Promise<FarcasterAnswer> {
    const deadline = Date.now() + SIGN_IN_WAIT_MS
    while (!signal.aborted && Date.now() < deadline) {
      const answer = await api.farcasterFinish(flowToken, device, signal)
      if (answer.state === 'answered') return answer
      await sleep(FARCASTER_POLL_MS, signal)
    }
    throw new FrameError('Farcaster did not answer in time; start again')
  }

  /** The answering account, confirmed by the visitor before any session or wallet exists. */
  function confirmFarcaster(answer: FarcasterAnswer, signal: AbortSignal) {
    const name = answer.username
      ? [
          {
            label: answer.usernameVerified ? t('farcaster.userName') : t('farcaster.userNameClaim'),
            value: `@${answer.username}`,
          },
        ]
      : []
    return options.ui.confirmSignIn(
      {
        origin,
        view: 'ConfirmFarcasterAccount',
        title: t('farcaster.confirmTitle', { fid: answer.fid }),
        warning: t('farcaster.confirmWarning'),
        fields: [
          { label: t('farcaster.fid'), value: String(answer.fid), mono: true },
          { label: t('farcaster.custody'), value: answer.custodyAddress, mono: true },
          ...name,
        ],
        yes: t('signin.submit'),
      },
      signal,
    )
  }

  async function signInWithFarcaster(signal: AbortSignal) {
    const { url, flowToken } = await api.farcasterChannel(device)
    const { showFarcasterChannel } = await import('./ui/farcaster.js')
    const polling = new AbortController()
    signal.addEventListener('abort', () => polling.abort())
    const answered = farcasterAnswer(flowToken, polling.signal)
    answered.catch(() => {})
    const answer = await showFarcasterChannel(
      options.root,
      options.visibility,
      { origin, url, answered },
      signal,
    ).finally(() => polling.abort())
    if (answer && (await confirmFarcaster(answer, signal))) {
      const session = await api.farcasterConfirm(flowToken, device)
      await options.begin(session)
      return { userName: session.user.username ?? '' }
    }
    await api.farcasterCancel(flowToken, device).catch(() => {})
    throw new UserRejectedError()
  }

  return { signInWithEmail, signInWithProvider, signInWithFarcaster }
}
