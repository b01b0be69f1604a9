import { formatQuantity, truncateAddress } from '@latch/core'
import { useLatch } from './context.js'
import { useLatchAccount } from './hooks/useLatchAccount.js'
import { useLatchModal } from './hooks/useLatchModal.js'
import { useThemeMode, useThemeStyle } from './theme/useTheme.js'

export interface ConnectButtonProps {
  /** Show the native balance beside the address once connected. Default true. */
  balance?: boolean
  className?: string
}

/**
 * Opens Connect when no wallet is connected, Account when one is. Dapps that draw their own use
 * `ConnectButtonCustom`.
 */
export function ConnectButton({ balance = true, className }: ConnectButtonProps) {
  const { config, messages } = useLatch('ConnectButton')
  const account = useLatchAccount()
  const modal = useLatchModal()
  const theme = useThemeMode(config.themeMode)
  const style = useThemeStyle(config.themeVariables)
  const connected = account.isConnected && account.address
  const label = connected
    ? (account.profileName ?? truncateAddress(account.address ?? ''))
    : account.status === 'connecting'
      ? messages.button.connecting
      : account.status === 'reconnecting'
        ? messages.button.reconnecting
        : messages.button.connect
  return (
    <span
      className={`latch-root latch-button-root ${className ?? ''}`}
      data-theme={theme}
      style={style}
    >
      <button
        type="button"
        className="latch-connect-button"
        data-state={connected ? 'connected' : account.status}
        data-testid="latch-connect-button"
        aria-haspopup="dialog"
        onClick={() => modal.open()}
      >
        {connected && balance && account.balance !== undefined ? (
          <span className="latch-balance">
            {formatQuantity(account.balance)} {account.balanceSymbol}
          </span>
        ) : null}
        <span>{label}</span>
      </button>
    </span>
  )
}
