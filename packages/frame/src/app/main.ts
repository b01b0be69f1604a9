import { frameNotices } from '../protocol/index.js'
import { embeddingOrigins, verifiedParent } from './ancestors.js'
import { createAuthApi } from './api.js'
import { createMessageHandler } from './handler.js'
import { type MessageKey, onLocaleChange, setLocale, t } from './i18n/index.js'
import { serverProxyUrl } from './proxyUrl.js'
import { createFrameServices } from './services.js'
import { createSmartAccounts } from './signers/eip155/smartAccount/networks.js'
import { anchorSigner } from './signers/registry.js'
import { applyFrameTheme } from './theme.js'
import { createApprovalUi } from './ui/approve.js'

// The secure frame: verifies who embeds it, then hands that page — and only that page — a
// MessagePort. The only window messages it reads are a social sign-in's answer, from the popup it
// opened itself, sent by the server's callback page (signIn.ts).

const serverUrl =
  (import.meta.env.VITE_LATCH_SERVER_URL as string | undefined) ?? 'http://localhost:8787'
const root = document.getElementById('frame-root')!
root.dataset.origin = window.location.origin

function say(key: MessageKey | '') {
  const p = document.createElement('p')
  p.textContent = key ? t(key) : ''
  root.replaceChildren(p)
}

async function start() {
  const params = new URLSearchParams(window.location.search)
  const projectId = params.get('projectId') ?? ''
  const chainId = params.get('chainId') ?? anchorSigner.defaultChainId
  // The browser's language until the page names one (SYNC_DAPP_DATA); screen readers read the
  // views in the language <html lang> names.
  onLocaleChange((language) => {
    document.documentElement.lang = language
  })
  await setLocale(undefined)
  if (window.parent === window) return say('page.outsideApp')
  const origins = embeddingOrigins(window.location.ancestorOrigins, document.referrer)
  if (!origins[0] || origins.includes(undefined) || !/^[A-Za-z0-9_-]{1,64}$/.test(projectId))
    return say('page.cannotUse')

  const probe = createAuthApi(serverUrl, projectId)
  const origin = await verifiedParent(origins, async (o) => (await probe.originAllowed(o)).allowed)
  if (!origin) return say('page.notAllowed')
  const api = createAuthApi(serverUrl, projectId, origin)
  say('')

  const channel = new MessageChannel()
  const port = channel.port1
  const visibility = {
    show: () => port.postMessage({ type: frameNotices.show }),
    hide: () => port.postMessage({ type: frameNotices.hide }),
  }
  const proxyUrl = serverProxyUrl(serverUrl, projectId)
  const { services } = createFrameServices({
    api,
    storage: window.localStorage,
    ui: createApprovalUi(root, visibility),
    root,
    visibility,
    // The social callback page is served by the server; its answer is taken from no other origin.
    callbackOrigin: new URL(serverUrl).origin,
    window,
    origin,
    chainId: /^\d+$/.test(chainId) ? Number(chainId) : chainId,
    proxyUrl,
    smartAccounts: createSmartAccounts({
      serverUrl,
      projectId,
      networks: (params.get('smartAccountNetworks') ?? '')
        .split(',')
        .filter((id) => /^[1-9]\d{0,15}$/.test(id))
        .map(Number),
      proxyUrl,
      storage: window.localStorage,
    }),
    applyTheme: (theme) => applyFrameTheme(document, theme),
  })
  const handle = createMessageHandler({ services, reply: (message) => port.postMessage(message) })
  port.onmessage = (event) => void handle(event.data)
  port.start()
  // Delivered only if the parent really is at `origin`; otherwise the browser drops it.
  window.parent.postMessage({ type: frameNotices.ready }, origin, [channel.port2])
}

start().catch((error: unknown) => {
  // The reason goes to this frame's own console (a developer's first stop); never to the page.
  console.error('Latch frame failed to start:', error)
  say('page.failed')
})
