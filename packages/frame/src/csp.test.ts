import { describe, expect, it } from 'vitest'
import { frameHeaders } from './csp.js'

describe('frameHeaders', () => {
  const csp = (allowedOrigins: string[], dev = false) =>
    frameHeaders({ serverUrl: 'http://localhost:8787/', allowedOrigins, dev })[
      'content-security-policy'
    ]

  it('allows no inline or third-party script and talks only to our server', () => {
    const policy = csp(['http://localhost:5173'])
    expect(policy).toContain("script-src 'self'")
    expect(policy).not.toContain('unsafe-inline')
    expect(policy).toContain('connect-src http://localhost:8787;')
    expect(policy).toContain("default-src 'none'")
  })

  it("lets only the project's allowed origins embed the frame", () => {
    expect(csp(['http://localhost:5173', 'https://*.example.com'])).toContain(
      'frame-ancestors http://localhost:5173 https://*.example.com',
    )
    expect(csp([])).toContain("frame-ancestors 'none'")
    // An entry that is not an origin never reaches the header.
    expect(csp(["https://a.test; script-src 'unsafe-inline'"])).toContain("frame-ancestors 'none'")
  })
})

describe('frameHeaders against a wildcard allow-list (attacker: any site framing the wallet)', () => {
  const ancestors = (allowedOrigins: string[]) =>
    /frame-ancestors ([^;]*)/.exec(
      frameHeaders({ serverUrl: 'https://api.example.com', allowedOrigins })[
        'content-security-policy'
      ],
    )?.[1]

  it("never sends `*`: a project whose only entry is `*` gets 'none'", () => {
    expect(ancestors(['*'])).toBe("'none'")
    expect(ancestors(['*', 'https://shop.example.org'])).toBe('https://shop.example.org')
  })

  it('refuses wildcards over a bare top-level name, keeps those under a real domain', () => {
    expect(ancestors(['https://*.com', 'http://*.localhost', 'https://*.'])).toBe("'none'")
    expect(ancestors(['https://*.example.com'])).toBe('https://*.example.com')
  })

  it('sends the other hardening headers', () => {
    const headers = frameHeaders({ serverUrl: 'https://api.example.com', allowedOrigins: [] })
    expect(headers['x-content-type-options']).toBe('nosniff')
    expect(headers['referrer-policy']).toBe('no-referrer')
    expect(headers['permissions-policy']).toContain('camera=()')
  })
})
