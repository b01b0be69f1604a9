/** The node refused a transaction; `reason` is its own reject reason (as Bitcoin Core words it). */
export class TransactionRejectedError extends Error {
  override name = 'TransactionRejectedError'
  constructor(
    readonly txid: string,
    readonly reason: string,
  ) {
    super(`The node refused transaction ${txid}: ${reason}`)
  }
}

/** A request the REST cannot answer: the status code and text Esplora would send. */
export class RestError extends Error {
  override name = 'RestError'
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}
