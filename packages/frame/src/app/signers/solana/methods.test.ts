import { describe, expect, it } from 'vitest'
import { SOLANA_METHODS } from './methods.js'

// The list the frame kept before core declared each namespace's methods once.
describe('the Solana methods the frame answers', () => {
  it('signs these behind the approval view, and answers nothing else', () => {
    expect([...SOLANA_METHODS.signing].sort()).toEqual(
      [
        'solana_signMessage',
        'solana_signTransaction',
        'solana_signAllTransactions',
        'solana_signAndSendTransaction',
      ].sort(),
    )
    expect([...SOLANA_METHODS.local, ...SOLANA_METHODS.read]).toEqual([])
  })
})
