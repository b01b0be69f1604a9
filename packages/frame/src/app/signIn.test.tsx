import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type AuthApi, createAuthApi, type ServerUser } from './api.js'
import { createFrameServices } from './services.js'
import { APPROVE_DELAY_MS, createApprovalUi } from './ui/approve.js'

// The sign-in steps that happen in the frame's own window (docs/custody.md#sign-in-in-the-frame),
// driven as the visitor would, with the server's answers recorded instead of sent.

const ORIGIN = 'http://localhost:5173'
const SERVER = 'http://127.0.0.1:9'
const session = (user: ServerUser) => ({ token: 'a'.repeat(43), expiresAt: '2099-01-01', user })
const fresh: ServerUser = { email: 'ada@example.com', evmAddress: null, solanaAddress: null }

class PopupDouble {
  closed = false
  location = { href: 'about:blank' }
  close() {
    this.closed = true
  }
}

function frame(overrides: Partial<AuthApi> = {}) {
  const items = new Map<string, string>()
  const calls: string[] = []
  const api: AuthApi = {
    ...createAuthApi(SERVER, 'p1', ORIGIN),
    start: async (email) => {
      calls.push(`start ${email}`)
      return { action: 'VERIFY_OTP' }
    },
    pollDevice: async () => ({ approved: false }),
    verify: async (_email, _device, otp) => {
      calls.push(`verify ${otp}`)
      if (otp !== '123456') throw new Error('Invalid code')
      return session(fresh)
    },
    createWallet: async () => {
      calls.push('createWallet')
      return {}
    },
    signOut: async () => {
      calls.push('signOut')
      return {}
    },
    ...overrides,
  }
  const root = document.createElement('main')
  document.body.replaceChildren(root)
  const visibility = { show: vi.fn(), hide: vi.fn() }
  const popups: PopupDouble[] = []
  const listeners = new Set<(event: MessageEvent) => void>()
  const win = {
    open: vi.fn(() => {
      const popup = new PopupDouble()
      popups.push(popup)
      return popup as unknown as Window
    }),
    addEventListener: (_type: string, listener: (event: MessageEvent) => void) =>
      void listeners.add(listener),
    removeEventListener: (_type: string, listener: (event: MessageEvent) => void) =>
      void listeners.delete(listener),
  } as unknown as Window
  const { services } = createFrameServices({
    api,
    storage: {
      getItem: (k) => items.get(k) ?? null,
      setItem: (k, v) => void items.set(k, v),
      removeItem: (k) => void items.delete(k),
    },
    ui: createApprovalUi(root, visibility),
    root,
    visibility,
    callbackOrigin: SERVER,
    window: win,
    origin: ORIGIN,
    chainId: 'eip155:31337',
    proxyUrl: () => `${SERVER}/v1/`,
  })
  const $ = <element extends Element = HTMLElement>(selector: string) =>
    root.querySelector<element & HTMLElement>(selector)
  const post = (data: unknown, origin: string, source: unknown) => {
    for (const listener of listeners) listener({ data, origin, source } as MessageEvent)
  }
  return { services, calls, root, $, visibility, popups, post, items }
}

const typeCode = (f: ReturnType<typeof frame>, code: string) => {
  f.$<HTMLInputElement>('[data-testid="signin-code"]')!.value = code
  f.$<HTMLFormElement>('form')!.requestSubmit()
}

afterEach(() => vi.useRealTimers())

describe('email sign-in in the frame', () => {
  it('asks for the code in its own view; a wrong code stays there, the right one signs in', async () => {
    const f = frame()
    const controller = new AbortController()
    const answer = f.services.CONNECT_EMAIL({ email: 'ada@example.com' }, controller)
    await vi.waitFor(() => expect(f.$('[data-view="EmailCode"]')).not.toBeNull())
    expect(f.visibility.show).toHaveBeenCalled()
    expect(f.$('[data-testid="origin"]')!.textContent).toBe(ORIGIN)
    expect(f.$('[data-testid="signin-hint"]')!.textContent).toContain('ada@example.com')

    typeCode(f, '000000')
    await vi.waitFor(() =>
      expect(f.$('[data-testid="signin-status"]')!.textContent).toBe('Invalid code'),
    )
    expect(f.$('[data-view="EmailCode"]')).not.toBeNull()

    typeCode(f, '123456')
    // The page's answer is the outcome only: no code, no token, no share.
    expect(await answer).toBeUndefined()
    expect(f.calls).toEqual([
      'start ada@example.com',
      'verify 000000',
      'verify 123456',
      'createWallet',
    ])
    expect(f.$('[data-view="EmailCode"]')).toBeNull()
    expect(f.visibility.hide).toHaveBeenCalled()
  })

  it('Cancel answers 4001 and checks no code', async () => {
    const f = frame()
    const answer = f.services.CONNECT_EMAIL({ email: 'ada@example.com' }, new AbortController())
    await vi.waitFor(() => expect(f.$('[data-testid="cancel"]')).not.toBeNull())
    f.$('[data-testid="cancel"]')!.click()
    await expect(answer).rejects.toMatchObject({ code: 4001 })
    expect(f.calls).toEqual(['start ada@example.com'])
  })

  it('a page that gives up closes the view', async () => {
    const f = frame()
    const controller = new AbortController()
    const answer = f.services.CONNECT_EMAIL({ email: 'ada@example.com' }, controller)
    await vi.waitFor(() => expect(f.$('[data-view="EmailCode"]')).not.toBeNull())
    controller.abort()
    await expect(answer).rejects.toMatchObject({ code: 4001 })
    expect(f.$('[data-view="EmailCode"]')).toBeNull()
  })

  it("refuses before any view when the server does (throttle), with the server's words", async () => {
    const f = frame({
      start: async () => {
        throw new Error('Please try again after 20 seconds')
      },
    })
    await expect(
      f.services.CONNECT_EMAIL({ email: 'ada@example.com' }, new AbortController()),
    ).rejects.toThrow('Please try again after 20 seconds')
    expect(f.$('[data-view="EmailCode"]')).toBeNull()
  })
})

describe('social sign-in in the frame', () => {
  function social() {
    const finishes: string[] = []
    const f = frame({
      socialStart: async () => ({
        uri: 'http://127.0.0.1:9/idp/authorize?state=s',
        flowToken: 'F'.repeat(43),
      }),
      socialFinish: async (flowToken, result) => {
        finishes.push(`${flowToken.slice(0, 3)} ${result}`)
        return session({ ...fresh, email: null, socialProvider: 'google', username: 'ada' })
      },
    })
    return { f, finishes }
  }

  it('opens the popup from its own button, and takes the answer only from that popup at the callback origin', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval'] })
    const { f, finishes } = social()
    const answer = f.services.CONNECT_SOCIAL({ provider: 'google' }, new AbortController())
    await vi.advanceTimersByTimeAsync(0)
    const go = f.$<HTMLButtonElement>('[data-testid="social-continue"]')!
    expect(go.textContent).toBe('Continue with Google')
    // A click before the view was seen for 500 ms (a click-through from the page) does nothing.
    go.click()
    expect(f.popups).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(APPROVE_DELAY_MS)
    go.click()
    expect(f.popups).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(0)
    const popup = f.popups[0]!
    expect(popup.location.href).toBe('http://127.0.0.1:9/idp/authorize?state=s')

    // The page (another window) or another origin cannot hand the frame an answer.
    f.post({ type: 'latch:social', result: 'forged-by-page' }, ORIGIN, window)
    f.post({ type: 'latch:social', result: 'forged-origin' }, 'http://evil.example', popup)
    await vi.advanceTimersByTimeAsync(0)
    expect(finishes).toEqual([])

    f.post({ type: 'latch:social', result: 'real' }, SERVER, popup)
    const user = await answer
    expect(finishes).toEqual(['FFF real'])
    expect(user.userName).toBe('ada')
    expect(popup.closed).toBe(true)
  })

  it('a closed popup is said in the view and the button works again; Cancel answers 4001', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval'] })
    const { f, finishes } = social()
    const answer = f.services.CONNECT_SOCIAL({ provider: 'github' }, new AbortController())
    answer.catch(() => {})
    await vi.advanceTimersByTimeAsync(APPROVE_DELAY_MS)
    f.$('[data-testid="social-continue"]')!.click()
    await vi.advanceTimersByTimeAsync(0)
    f.popups[0]!.closed = true
    await vi.advanceTimersByTimeAsync(500)
    expect(f.$('[data-testid="signin-status"]')!.textContent).toBe('The sign-in window was closed')
    f.$('[data-testid="cancel"]')!.click()
    await expect(answer).rejects.toMatchObject({ code: 4001 })
    expect(finishes).toEqual([])
  })

  it('a returning social user on a new device approves the device in the frame first; Cancel signs out and fetches no recovery share', async () => {
    const calls: string[] = []
    const f = frame({
      socialStart: async () => ({ uri: 'http://127.0.0.1:9/idp', flowToken: 'F'.repeat(43) }),
      socialFinish: async () =>
        session({
          email: null,
          evmAddress: '0x70997970C51812dc3A010C7d01b50e0d16dc79C8',
          solanaAddress: 'x',
          socialProvider: 'google',
        }),
      authShare: async () => {
        calls.push('authShare')
        return { authShare: 'AA', evmAddress: '0x7099', solanaAddress: 'x' }
      },
      recover: async () => {
        calls.push('recover')
        throw new Error('not reached')
      },
      signOut: async () => {
        calls.push('signOut')
        return {}
      },
    })
    const answer = f.services.CONNECT_SOCIAL({ provider: 'google' }, new AbortController())
    answer.catch(() => {})
    await vi.waitFor(() =>
      expect(f.$<HTMLButtonElement>('[data-testid="social-continue"]')!.disabled).toBe(false),
    )
    f.$('[data-testid="social-continue"]')!.click()
    await vi.waitFor(() => expect(f.popups[0]?.location.href).toBe('http://127.0.0.1:9/idp'))
    f.post({ type: 'latch:social', result: 'real' }, SERVER, f.popups[0])
    await vi.waitFor(() => expect(f.$('[data-view="ApproveNewDevice"]')).not.toBeNull())
    const text = f.$('[data-view="ApproveNewDevice"]')!.textContent!
    expect(text).toContain(ORIGIN)
    expect(text).toMatch(/Device.*(Chrome|unknown browser|on Linux)/i)
    f.$('[data-testid="cancel"]')!.click()
    await expect(answer).rejects.toMatchObject({ code: 4001 })
    expect(calls).toEqual(['authShare', 'signOut'])
    expect(f.items.has('latch-frame/session')).toBe(false)
  })
})

describe('Farcaster sign-in in the frame', () => {
  function farcaster(confirmed: string[]) {
    let polls = 0
    return frame({
      farcasterChannel: async () => ({
        url: 'https://farcaster.xyz/~/siwf?channelToken=c',
        flowToken: 'F'.repeat(43),
        expiresAt: '2099-01-01',
      }),
      farcasterFinish: async () =>
        ++polls < 2
          ? { state: 'pending' as const }
          : {
              state: 'answered' as const,
              fid: 666,
              custodyAddress: '0x000000000000000000000000000000000000dEaD',
              username: 'ada',
              usernameVerified: false,
            },
      farcasterConfirm: async () => {
        confirmed.push('confirm')
        return session({ ...fresh, email: null, socialProvider: 'farcaster', username: 'ada' })
      },
      farcasterCancel: async () => {
        confirmed.push('cancel')
        return {}
      },
    })
  }

  it("shows the QR code in the frame, then the answering account; Cancel refuses a stranger's answer", async () => {
    const confirmed: string[] = []
    const f = farcaster(confirmed)
    const answer = f.services.CONNECT_FARCASTER(undefined, new AbortController())
    answer.catch(() => {})
    await vi.waitFor(() => expect(f.$('[data-testid="farcaster-qr"]')).not.toBeNull())
    expect(f.$<HTMLAnchorElement>('[data-testid="farcaster-link"]')!.href).toContain('channelToken')
    await vi.waitFor(() => expect(f.$('[data-view="ConfirmFarcasterAccount"]')).not.toBeNull(), {
      timeout: 4000,
    })
    const text = f.$('[data-view="ConfirmFarcasterAccount"]')!.textContent!
    expect(text).toContain('666')
    expect(text).toContain('0x000000000000000000000000000000000000dEaD')
    expect(text).toContain('not verified')
    f.$('[data-testid="cancel"]')!.click()
    await expect(answer).rejects.toMatchObject({ code: 4001 })
    expect(confirmed).toEqual(['cancel'])
  })

  it('signs in only after the visitor confirms the account', async () => {
    const confirmed: string[] = []
    const f = farcaster(confirmed)
    const answer = f.services.CONNECT_FARCASTER(undefined, new AbortController())
    await vi.waitFor(() => expect(f.$('[data-view="ConfirmFarcasterAccount"]')).not.toBeNull(), {
      timeout: 4000,
    })
    expect(confirmed).toEqual([])
    const yes = f.$<HTMLButtonElement>('[data-testid="confirm"]')!
    await vi.waitFor(() => expect(yes.disabled).toBe(false))
    yes.click()
    expect(await answer).toEqual({ userName: 'ada' })
    expect(confirmed).toEqual(['confirm'])
  })
})
