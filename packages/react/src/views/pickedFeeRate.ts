// The fee rate picked in the send form, kept per client (keyed by its send store) so that the
// review step sends at the rate the form showed; the send store itself is core's and shared by
// every family, most of which have no rate to pick.
const picked = new WeakMap<object, number>()

export function pickedFeeRate(store: object): number | undefined {
  return picked.get(store)
}

export function pickFeeRate(store: object, rate: number | undefined): void {
  if (rate === undefined) picked.delete(store)
  else picked.set(store, rate)
}
