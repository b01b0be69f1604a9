/** A gas meter as the SDK's: consumption past the limit is `out of gas` with its location. */
import { sdkError } from './errors.js'

export class GasMeter {
  used = 0n
  /** `limit` undefined: an infinite meter, as simulation runs with. */
  constructor(readonly limit?: bigint) {}

  consume(amount: bigint | number, location: string): void {
    this.used += BigInt(amount)
    if (this.limit !== undefined && this.used > this.limit)
      throw sdkError(
        'outOfGas',
        `out of gas in location: ${location}; gasWanted: ${this.limit}, gasUsed: ${this.used}`,
      )
  }
}
