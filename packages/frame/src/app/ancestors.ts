/** The origin of a URL, or undefined for an opaque or unparsable one. */
function originOf(candidate: string): string | undefined {
  try {
    const origin = new URL(candidate).origin
    return origin === 'null' ? undefined : origin
  } catch {
    return undefined
  }
}

/**
 * Every page above the frame, nearest first. Where the browser lists them (ancestorOrigins)
 * each is returned; without the list only the referrer (the parent) can be known. An entry
 * that is opaque (a sandboxed or data: page) is undefined and can never be allowed.
 */
export function embeddingOrigins(
  ancestorOrigins: ArrayLike<string> | undefined,
  referrer: string,
): (string | undefined)[] {
  if (ancestorOrigins?.length) return Array.from(ancestorOrigins, originOf)
  return referrer ? [originOf(referrer)] : []
}

/**
 * The embedding page's origin when it and every page above it are allowed, else undefined:
 * an allowed page framed by a foreign one would let that page overlay and steer it.
 */
export async function verifiedParent(
  origins: (string | undefined)[],
  isAllowed: (origin: string) => Promise<boolean>,
): Promise<string | undefined> {
  const parent = origins[0]
  if (!parent || origins.some((origin) => origin === undefined)) return undefined
  const unique = [...new Set(origins as string[])]
  const checks = await Promise.all(unique.map((origin) => isAllowed(origin).catch(() => false)))
  return checks.every(Boolean) ? parent : undefined
}
