/**
 * A QR code's dark modules as one SVG path: each run of dark modules in a row is one rectangle,
 * so a long pairing URI stays a short path. Takes the module grid a QR encoder gives (rows of
 * booleans); shared by the modal's QR codes and the secure frame's Farcaster code.
 */
export function qrModulesPath(rows: readonly (readonly boolean[])[]): string {
  let d = ''
  rows.forEach((row, y) => {
    let x = 0
    while (x < row.length) {
      if (!row[x]) {
        x++
        continue
      }
      const start = x
      while (x < row.length && row[x]) x++
      d += `M${start} ${y}h${x - start}v1h${start - x}z`
    }
  })
  return d
}
