import { describe, expect, it } from 'vitest'
import { devLegalOptions } from './devLegal'

describe('devLegalOptions (development builds only)', () => {
  it('turns the legal checkbox on with the links the page was opened with', () => {
    const terms = 'http://localhost:5173/legal/terms'
    expect(devLegalOptions(`?legalTerms=${encodeURIComponent(terms)}`)).toEqual({
      features: { legalCheckbox: true },
      termsConditionsUrl: terms,
      privacyPolicyUrl: undefined,
    })
    expect(devLegalOptions('?legalPrivacy=http://localhost/p')?.privacyPolicyUrl).toBe(
      'http://localhost/p',
    )
  })

  it('leaves the config alone without them', () => {
    expect(devLegalOptions('')).toBeUndefined()
    expect(devLegalOptions('?lang=de&legalTerms=')).toBeUndefined()
  })
})
