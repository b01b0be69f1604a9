import { describe, expect, it } from 'vitest'
import { aaDeployments, predictedAddress } from './plan.js'

describe('4337 deployments from the published artifacts', () => {
  it('land every contract at its canonical address', () => {
    const deployments = aaDeployments()
    expect(deployments).toHaveLength(10)
    for (const d of deployments)
      expect({ [d.name]: predictedAddress(d) }).toEqual({ [d.name]: d.address })
  })

  it('would put a changed build elsewhere (the check has teeth)', () => {
    const [entryPoint] = aaDeployments()
    const changed = { ...entryPoint!, initCode: `${entryPoint!.initCode}00` as const }
    expect(predictedAddress(changed)).not.toBe(entryPoint!.address)
  })
})
