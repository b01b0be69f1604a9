import { createLatchStorage, createMemoryStorage, devNetwork, type Route } from '@latch/core'
import { act, cleanup, render, screen } from '@testing-library/react'
import { Component, type ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createLatchClient, type LatchConfig } from '../client.js'
import { LatchProvider } from '../LatchProvider.js'
import { UnknownViewError } from './UnknownViewError.js'

afterEach(() => {
  cleanup()
  vi.unstubAllEnvs()
  vi.restoreAllMocks()
})

/** Catches what the modal throws, as an app's own error boundary would. */
class Boundary extends Component<{ children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {}
  static getDerivedStateFromError(error: Error) {
    return { error }
  }
  override render() {
    return this.state.error ? (
      <p data-testid="caught">
        {this.state.error.name}: {this.state.error.message}
      </p>
    ) : (
      this.props.children
    )
  }
}

function openOn(route: Route) {
  const config: LatchConfig = {
    projectId: 'p1',
    serverUrl: 'http://127.0.0.1:9',
    providerServices: false,
    networks: [devNetwork],
    storage: createLatchStorage(createMemoryStorage()),
  }
  const client = createLatchClient(config)
  render(
    <Boundary>
      <LatchProvider config={config} client={client} />
    </Boundary>,
  )
  act(() => client.stores.router.setState({ open: true, route, history: [route] }))
  return client
}

describe('a route no view draws', () => {
  it('throws UnknownViewError in development instead of showing Connect', async () => {
    // React reports the caught error on the console too; the boundary's text is what counts here.
    vi.spyOn(console, 'error').mockImplementation(() => {})
    openOn({ view: 'SwapPreview' } as unknown as Route)
    const caught = await screen.findByTestId('caught', {}, { timeout: 5000 })
    expect(caught.textContent).toBe(
      "UnknownViewError: The modal has no view named 'SwapPreview' (docs/behaviour.md#views)",
    )
    expect(screen.queryByTestId('view-connect')).toBeNull()
    expect(new UnknownViewError('x').category).toBe('INTERNAL_SDK_ERROR')
  })

  it('keeps a production page working on Connect', async () => {
    vi.stubEnv('NODE_ENV', 'production')
    openOn({ view: 'SwapPreview' } as unknown as Route)
    expect(await screen.findByTestId('view-connect', {}, { timeout: 5000 })).toBeTruthy()
    expect(screen.queryByTestId('caught')).toBeNull()
  })

  it('draws every route the router names', async () => {
    for (const route of [
      { view: 'EmailLogin' },
      { view: 'ApproveTransaction' },
      { view: 'SwitchActiveChain', switchToChain: 'eip155' },
    ] as Route[]) {
      openOn(route)
      expect(
        await screen.findByTestId(
          `view-${route.view.replace(/[A-Z]/g, (c, i) => `${i ? '-' : ''}${c.toLowerCase()}`)}`,
          {},
          { timeout: 5000 },
        ),
      ).toBeTruthy()
      cleanup()
    }
  })
})
