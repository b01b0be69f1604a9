import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LatchProviderMissingError, useLatchConfig } from './context.js'
import { LatchProvider } from './LatchProvider.js'

function ShowProject() {
  return <span>{useLatchConfig().projectId}</span>
}

afterEach(cleanup)

describe('LatchProvider', () => {
  it('hands its config to hooks below it', () => {
    render(
      <LatchProvider config={{ projectId: 'p-123', serverUrl: 'http://localhost:8787' }}>
        <ShowProject />
      </LatchProvider>,
    )
    expect(screen.getByText('p-123')).toBeTruthy()
  })

  it('names the hook when it is used outside the provider', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(() => render(<ShowProject />)).toThrow(LatchProviderMissingError)
    expect(() => render(<ShowProject />)).toThrow(
      'useLatchConfig must be used inside <LatchProvider>.',
    )
    quiet.mockRestore()
  })
})
