import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import { getAddress } from 'viem'
import { createMessageHandler, FrameError, type FrameServices } from '../app/handler.js'
import { frameNotices } from '../protocol/index.js'

export const FRAME = 'http://127.0.0.1:5174'
export const ADDRESS = getAddress('0x70997970c51812dc3a010c7d01b50e0d16dc79c8')
/** The same user's Solana key: its address is what a `solana:` GET_USER answers. */
export const SOLANA_SECRET = new Uint8Array(32).fill(7)
export const SOLANA_ADDRESS = base58.encode(ed25519.getPublicKey(SOLANA_SECRET))

/**
 * The frame's side, behind the real message handler: CONNECT_EMAIL signs the user in (the real
 * frame asks for the code in its own window; that is tested in app/signIn.test.tsx), or fails
 * for `blocked@example.com` with 'Invalid code'. It signs Solana messages with SOLANA_SECRET
 * and records every call.
 */
export function frameServices() {
  const state = { signedIn: false, email: '', chainId: 'eip155:31337' as string | number }
  const calls: string[] = []
  const services: Partial<FrameServices> = {
    CONNECT_EMAIL: async ({ email }) => {
      calls.push(`email:${email}`)
      if (email === 'blocked@example.com') throw new FrameError('Invalid code')
      state.email = email
      state.signedIn = true
      return undefined
    },
    GET_USER: async (payload) => {
      if (!state.signedIn) throw new FrameError('Not signed in')
      if (payload?.chainId !== undefined) state.chainId = payload.chainId
      const address = String(state.chainId).startsWith('solana:') ? SOLANA_ADDRESS : ADDRESS
      return {
        email: state.email,
        address,
        chainId: state.chainId,
        accounts: [{ address, type: 'eoa' as const }],
        preferredAccountType: 'eoa' as const,
        smartAccountDeployed: false,
      }
    },
    IS_CONNECTED: async () => ({ isConnected: state.signedIn }),
    SIGN_OUT: async () => {
      calls.push('signOut')
      state.signedIn = false
      return undefined
    },
    RPC_REQUEST: async ({ method, params, chainId }) => {
      calls.push(`rpc:${method}:${chainId}`)
      if (!state.signedIn) throw new FrameError('Not signed in')
      if (method !== 'solana_signMessage') throw new FrameError('Not supported here', 4200)
      const { message } = params as { message: string }
      const signature = ed25519.sign(base58.decode(message), SOLANA_SECRET)
      return { result: { signature: base58.encode(signature) } }
    },
    SYNC_THEME: async (theme) => {
      calls.push(`theme:${JSON.stringify(theme)}`)
      return undefined
    },
    SYNC_DAPP_DATA: async (data) => {
      calls.push(`dapp:${data.metadata?.name ?? ''}`)
      return undefined
    },
    RELOAD: async () => {
      calls.push('reload')
      return undefined
    },
    // Nobody answers the channel: the visitor leaves and the page aborts.
    CONNECT_FARCASTER: (_payload, { signal }) =>
      new Promise((_resolve, reject) => {
        calls.push('farcaster')
        signal.addEventListener('abort', () => reject(new FrameError('Request was aborted')))
      }),
    SWITCH_NETWORK: async ({ chainId }) => {
      calls.push(`switch:${chainId}`)
      state.chainId = chainId
      return { chainId }
    },
  }
  return { state, calls, services: services as FrameServices }
}

/** Answers the frame's READY handshake for each iframe the connector appends. */
export function serveFrames(services: FrameServices) {
  const served = new Set<Element>()
  const observer = new MutationObserver(() => {
    for (const iframe of document.querySelectorAll('iframe[data-latch-frame]')) {
      if (served.has(iframe)) continue
      served.add(iframe)
      const channel = new MessageChannel()
      const handle = createMessageHandler({
        services,
        reply: (m) => channel.port1.postMessage(m),
        warn: () => {},
      })
      channel.port1.onmessage = (e) => void handle(e.data)
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { type: frameNotices.ready },
          origin: FRAME,
          source: (iframe as HTMLIFrameElement).contentWindow,
          ports: [channel.port2],
        }),
      )
    }
  })
  observer.observe(document.body, { childList: true })
  observers.push(observer)
  return observer
}

const observers: MutationObserver[] = []

/** For afterEach: stops answering and empties the page. */
export function stopServingFrames() {
  for (const observer of observers.splice(0)) observer.disconnect()
  document.body.innerHTML = ''
}

export const frames = () => document.querySelectorAll('iframe[data-latch-frame]').length
