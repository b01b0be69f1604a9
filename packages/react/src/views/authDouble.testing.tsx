// Test-only: the AUTH connector double and the modal mount shared by the email view tests.
import {
  type AuthConnector,
  type AuthUser,
  type ChainNamespace,
  type Connector,
  createLatchStorage,
  createMemoryStorage,
  devNetwork,
  type Features,
  type OAuthSocialProvider,
  openModal,
  type UpdateEmailAction,
} from '@latch/core'
import { createFakeAdapter, type FakeAdapter } from '@latch/core/testing'
import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { StrictMode } from 'react'
import { createLatchClient, type LatchClient, type LatchConfig } from '../client.js'
import { LatchProvider } from '../LatchProvider.js'

export function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

/** The error the real connector rejects with when the visitor cancels in the frame. */
export class CancelledInFrame extends Error {
  readonly code = 4001
  constructor() {
    super('User rejected the request.')
  }
}

/** One sign-in the secure frame is running: the test ends it, as the visitor would there. */
export interface FrameAttempt {
  args: unknown[]
  signal: AbortSignal | undefined
  outcome: ReturnType<typeof deferred<void>>
}

/**
 * The modal's side of the AUTH connector, recording calls. The real one (@latch/frame) runs in
 * the Chromium end-to-end suite; this one lets a test hold, cancel or refuse each sign-in the
 * frame would run in its own window.
 */
export class TestAuth implements AuthConnector {
  readonly connectorId = 'latch-auth'
  calls: [string, ...unknown[]][] = []
  /** Every sign-in started (email, social, Farcaster), in order. */
  attempts: FrameAttempt[] = []
  updateAction: UpdateEmailAction = 'VERIFY_PRIMARY_OTP'
  code = '123456'
  user: AuthUser | undefined
  private pending = ''
  private listeners = new Set<() => void>()

  constructor(readonly namespaces: readonly ChainNamespace[] = ['eip155']) {}

  signInWithEmail(email: string, options?: { signal?: AbortSignal | undefined }) {
    return this.frame('signInWithEmail', [email], options?.signal, email)
  }
  /** Resolves (signed in as `user`) or rejects when the test ends the attempt. */
  protected async frame(
    method: string,
    args: unknown[],
    signal: AbortSignal | undefined,
    user: string,
  ) {
    this.calls.push([method, ...args])
    const outcome = deferred<void>()
    this.attempts.push({ args, signal, outcome })
    await outcome.promise
    this.setUser(user)
  }
  /** The latest sign-in: what a test answers for the visitor. */
  get attempt(): FrameAttempt {
    const last = this.attempts.at(-1)
    if (!last) throw new Error('No sign-in was started')
    return last
  }
  async updateEmail(email: string) {
    this.calls.push(['updateEmail', email])
    this.pending = email
    return { action: this.updateAction }
  }
  async updateEmailPrimaryCode(otp: string) {
    this.check('updateEmailPrimaryCode', otp)
  }
  async updateEmailSecondaryCode(otp: string) {
    this.check('updateEmailSecondaryCode', otp)
    this.setUser(this.pending)
    return { email: this.pending }
  }
  // A new object per call, as a frame answer would be.
  getUser = () => (this.user ? { ...this.user } : undefined)
  subscribe(listener: () => void) {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }
  setUser(email: string) {
    this.user = { email, displayName: email, address: '0x01', accountType: 'eoa' }
    for (const listener of this.listeners) listener()
  }
  private check(method: string, otp: string) {
    this.calls.push([method, otp])
    if (otp !== this.code) throw new Error('Invalid code')
  }
  called(method: string) {
    return this.calls.filter(([m]) => m === method)
  }
}

/** The double with social and Farcaster sign-in, each run by the frame like the email one. */
export class SocialAuth extends TestAuth {
  connectSocial(provider: OAuthSocialProvider, options?: { signal?: AbortSignal | undefined }) {
    return this.frame('connectSocial', [provider], options?.signal, '')
  }
  connectFarcaster(options?: { signal?: AbortSignal | undefined }) {
    return this.frame('connectFarcaster', [], options?.signal, '')
  }
}

/** Form fields a sign-in view must never show: the frame asks for any code itself. */
export const fields = (root: HTMLElement) =>
  root.querySelectorAll('input, textarea, select, [contenteditable]')

const authConnector: Connector = { id: 'latch-auth', name: 'Email', type: 'AUTH', chain: 'eip155' }
const metamask: Connector = {
  id: 'io.metamask',
  name: 'MetaMask',
  type: 'ANNOUNCED',
  chain: 'eip155',
}

export interface Mounted {
  client: LatchClient
  adapter: FakeAdapter
  dialog: HTMLElement
}

export async function mount(
  options: {
    auth?: AuthConnector | undefined
    installed?: boolean
    features?: Partial<Features>
  } = {},
): Promise<Mounted> {
  const adapter = createFakeAdapter({
    namespace: 'eip155',
    networks: [devNetwork],
    connectors: options.installed ? [authConnector, metamask] : [authConnector],
  })
  const config: LatchConfig = {
    projectId: 'p1',
    // Nothing answers here: the catalogue sections stay empty and hidden.
    serverUrl: 'http://127.0.0.1:9',
    providerServices: false,
    adapters: [adapter],
    networks: [devNetwork],
    storage: createLatchStorage(createMemoryStorage()),
    auth: 'auth' in options ? options.auth : new TestAuth(),
    features: options.features,
  }
  const client = createLatchClient(config)
  render(
    <StrictMode>
      <LatchProvider config={config} client={client} />
    </StrictMode>,
  )
  await act(() => client.initialize())
  act(() => openModal(client.stores.router, 'Connect'))
  const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 })
  return { client, adapter, dialog }
}

/** The Connect view's blocks in order: its sections and the email form. */
export const blocks = (dialog: HTMLElement) =>
  [...dialog.querySelectorAll('[data-testid="view-connect"] > :is(form, section)')].map(
    (el) => (el as HTMLElement).dataset.section,
  )

export async function submitEmail(dialog: HTMLElement, email: string) {
  fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: email } })
  fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }))
}

export const view = (dialog: HTMLElement) => dialog.dataset.view
