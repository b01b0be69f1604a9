import { closeModal, goBack, type ViewName } from '@latch/core'
import { type ComponentType, lazy, Suspense, useCallback, useEffect, useId, useRef } from 'react'
import { useStore } from 'zustand'
import { useLatch } from '../context.js'
import { useLatchAccount } from '../hooks/useLatchAccount.js'
import { modalStyles } from '../theme/modalStyles.js'
import { ensureStyles, useThemeMode, useThemeStyle } from '../theme/useTheme.js'
import { Connect } from '../views/Connect.js'
import { ConnectingExternal } from '../views/ConnectingExternal.js'
import { loadEmailSignIn, loadEmailUpdate } from '../views/emailChunks.js'
import { BackIcon, CloseIcon } from './icons.js'
import { Snackbar } from './Snackbar.js'
import { UnknownViewError } from './UnknownViewError.js'
import { useFocusTrap } from './useFocusTrap.js'
import { useViewTitle } from './useViewTitle.js'

// The account view is a chunk of its own: a visitor who has not connected never needs it.
const loadAccount = () => import('../views/Account.js')
// The network views too: reached once a wallet is connected, or from the app's network switcher.
const loadNetworkViews = () => import('../views/networkViews.js')
const Networks = lazy(() => loadNetworkViews().then((m) => ({ default: m.Networks })))
const SwitchNetwork = lazy(() => loadNetworkViews().then((m) => ({ default: m.SwitchNetwork })))
const UnsupportedChain = lazy(() =>
  loadNetworkViews().then((m) => ({ default: m.UnsupportedChain })),
)
const Account = lazy(() => loadAccount().then((m) => ({ default: m.Account })))
// The history list (and its date formatting) is a chunk of its own, fetched when first shown.
const Activity = lazy(() => import('../views/Activity.js').then((m) => ({ default: m.Activity })))
// So are email sign-in's wait on the secure frame and the email update: only email users fetch them.
const EmailVerify = lazy(() => loadEmailSignIn().then((m) => ({ default: m.EmailVerify })))
const UpdateEmailWallet = lazy(() =>
  loadEmailUpdate().then((m) => ({ default: m.UpdateEmailWallet })),
)
const UpdateEmailPrimaryOtp = lazy(() =>
  loadEmailUpdate().then((m) => ({ default: m.UpdateEmailPrimaryOtp })),
)
const UpdateEmailSecondaryOtp = lazy(() =>
  loadEmailUpdate().then((m) => ({ default: m.UpdateEmailSecondaryOtp })),
)

// The account actions: each a chunk of its own, fetched when the visitor opens it.
// The send form and its review are one chunk: split, the code they share would land in the page's.
const loadSend = () => import('../views/WalletSendPreview.js')
const WalletSend = lazy(() => loadSend().then((m) => ({ default: m.WalletSend })))
const WalletSendPreview = lazy(() => loadSend().then((m) => ({ default: m.WalletSendPreview })))
const SIWXSignMessage = lazy(() =>
  import('../views/SIWXSignMessage.js').then((m) => ({ default: m.SIWXSignMessage })),
)
// The registration form and its success screen are one chunk, like send's.
const loadNames = () => import('../views/RegisterAccountNameSuccess.js')
const RegisterAccountName = lazy(() =>
  loadNames().then((m) => ({ default: m.RegisterAccountName })),
)
const RegisterAccountNameSuccess = lazy(() =>
  loadNames().then((m) => ({ default: m.RegisterAccountNameSuccess })),
)
const ProfileWallets = lazy(() =>
  import('../views/ProfileWallets.js').then((m) => ({ default: m.ProfileWallets })),
)
// The whole catalogue (search, paging) is a chunk of its own: most visitors pick from the
// Connect view's short lists.
const AllWallets = lazy(() =>
  import('../views/AllWallets.js').then((m) => ({ default: m.AllWallets })),
)
// WalletConnect's views, its navigation and the SDK come on the visitor's pick.
const loadWalletConnectView = () => import('../views/ConnectingWalletConnect.js')
const ConnectingWalletConnect = lazy(() =>
  loadWalletConnectView().then((m) => ({ default: m.ConnectingWalletConnect })),
)
const ConnectingWalletConnectBasic = lazy(() =>
  loadWalletConnectView().then((m) => ({ default: m.ConnectingWalletConnectBasic })),
)
// A wallet on several namespaces: its namespace buttons come in the chunk that grouped it.
const ConnectingMultiChain = lazy(() =>
  import('../views/multiChain.js').then((m) => ({ default: m.ConnectingMultiChain })),
)
// The social and Farcaster waits on the secure frame come on the visitor's pick.
const ConnectingFarcaster = lazy(() =>
  import('../views/ConnectingFarcaster.js').then((m) => ({ default: m.ConnectingFarcaster })),
)
const ConnectingSocial = lazy(() =>
  import('../views/ConnectingSocial.js').then((m) => ({ default: m.ConnectingSocial })),
)
const WalletReceive = lazy(() =>
  import('../views/WalletReceive.js').then((m) => ({ default: m.WalletReceive })),
)
// On-ramp: reached only from the account's Buy button, shown when the project enables it.
const Buy = lazy(() => import('../views/Buy.js').then((m) => ({ default: m.Buy })))
const BuyStatus = lazy(() =>
  import('../views/BuyStatus.js').then((m) => ({ default: m.BuyStatus })),
)
// Swap: reached only from the account's Swap button, shown when the project enables swaps.
const Swap = lazy(() => import('../views/Swap.js').then((m) => ({ default: m.Swap })))
// Views an app reaches only sometimes: one chunk for the three.
const loadOccasional = () => import('../views/occasionalViews.js')
const SwitchActiveChain = lazy(() =>
  loadOccasional().then((m) => ({ default: m.SwitchActiveChain })),
)
const ApproveTransaction = lazy(() =>
  loadOccasional().then((m) => ({ default: m.ApproveTransaction })),
)
const EmailLogin = lazy(() => loadOccasional().then((m) => ({ default: m.EmailLogin })))

const views: Partial<Record<ViewName, ComponentType>> = {
  Connect,
  AllWallets,
  ConnectingExternal,
  ConnectingMultiChain,
  ConnectingWalletConnect,
  ConnectingWalletConnectBasic,
  ConnectingFarcaster,
  ConnectingSocial,
  Account,
  Networks,
  SwitchNetwork,
  SwitchActiveChain,
  ApproveTransaction,
  UnsupportedChain,
  Activity,
  EmailLogin,
  // Both former email steps are one view now: the code and the device approval are the secure
  // frame's own steps.
  EmailVerifyOtp: EmailVerify,
  EmailVerifyDevice: EmailVerify,
  UpdateEmailWallet,
  UpdateEmailPrimaryOtp,
  UpdateEmailSecondaryOtp,
  WalletSend,
  WalletSendPreview,
  WalletReceive,
  Buy,
  BuyStatus,
  Swap,
  ProfileWallets,
  SIWXSignMessage,
  RegisterAccountName,
  RegisterAccountNameSuccess,
}

/**
 * Development throws (an unknown name is a bug to fix, not a screen to guess); a production page
 * keeps working on Connect rather than losing the modal.
 */
function unknownView(view: string): ComponentType {
  if (process.env.NODE_ENV !== 'production') throw new UnknownViewError(view)
  return Connect
}

/** The dialog (when open) and the alerts snackbar, themed like the rest of Latch. */
export function Modal({ inline }: { inline: boolean }) {
  const { stores, config, messages } = useLatch('Modal')
  const router = useStore(stores.router)
  const theme = useThemeMode(config.themeMode)
  const style = useThemeStyle(config.themeVariables)
  const dialog = useRef<HTMLDivElement>(null)
  const titleRef = useRef<HTMLHeadingElement>(null)
  const titleId = useId()
  ensureStyles('modal', modalStyles)

  const view = router.route.view
  // Connected, the account and network views are the likely next ones: fetched ahead, they open
  // at once.
  const connected = useLatchAccount().isConnected
  useEffect(() => {
    if (!connected) return
    void loadAccount()
    void loadNetworkViews()
  }, [connected])
  // docs/behaviour.md#flows (Sign-in): while signing in is required, only the view's own Cancel
  // (which disconnects) leaves it.
  const locked = view === 'SIWXSignMessage' && config.siwx?.getRequired?.() === true
  const close = useCallback(() => {
    if (!locked) closeModal(stores.router)
  }, [stores, locked])
  useFocusTrap(dialog, router.open && !inline, close)

  // A new view replaces the one that had focus: its title takes it, so a screen reader says where
  // the user is and Tab continues from the top of the view.
  const previousView = useRef(view)
  useEffect(() => {
    if (previousView.current === view) return
    previousView.current = view
    if (!dialog.current?.contains(document.activeElement)) titleRef.current?.focus()
  }, [view])

  const title = useViewTitle(router.route)
  const View = views[view] ?? unknownView(view)
  const canGoBack = router.history.length > 1 && view !== 'ConnectingExternal'

  return (
    <>
      {router.open ? (
        // biome-ignore lint/a11y/noStaticElementInteractions: a click beside the dialog closes it; Escape and the close button do so from the keyboard
        <div
          className={`latch-root latch-overlay${inline ? ' latch-overlay--inline' : ''}`}
          data-theme={theme}
          style={style}
          onMouseDown={(event) => {
            if (event.target === event.currentTarget && !inline) close()
          }}
        >
          <div
            ref={dialog}
            className="latch-modal"
            role="dialog"
            aria-modal={inline ? undefined : true}
            aria-labelledby={titleId}
            tabIndex={-1}
            data-testid="latch-modal"
            data-view={view}
          >
            <div className="latch-modal-header">
              {canGoBack ? (
                <button
                  type="button"
                  className="latch-icon-button"
                  aria-label={messages.modal.back}
                  data-latch-skip-autofocus="true"
                  onClick={() => goBack(stores.router)}
                >
                  <BackIcon />
                </button>
              ) : (
                <span className="latch-icon-spacer" />
              )}
              <h2 id={titleId} ref={titleRef} tabIndex={-1} className="latch-modal-title">
                {title}
              </h2>
              {locked ? (
                <span className="latch-icon-spacer" />
              ) : (
                <button
                  type="button"
                  className="latch-icon-button"
                  aria-label={messages.modal.close}
                  data-latch-skip-autofocus="true"
                  onClick={close}
                >
                  <CloseIcon />
                </button>
              )}
            </div>
            <div className="latch-modal-body">
              <Suspense
                fallback={
                  <p className="latch-hint" role="status">
                    {messages.modal.loading}
                  </p>
                }
              >
                <View />
              </Suspense>
            </div>
          </div>
        </div>
      ) : null}
      <Snackbar theme={theme} style={style} />
    </>
  )
}
