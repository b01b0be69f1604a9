import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const familiesDir = path.dirname(fileURLToPath(import.meta.url))
const variable = /import\.meta\.env\.((?:VITE_)?LATCH_[A-Z0-9_]+)/g

/** Every `import.meta.env.(VITE_)LATCH_…` name a family module in this folder reads. */
export function familyVariableNames(dir = familiesDir): string[] {
  const names = new Set<string>()
  for (const file of readdirSync(dir)) {
    if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file) || file === 'buildVariables.ts')
      continue
    for (const match of readFileSync(path.join(dir, file), 'utf8').matchAll(variable))
      names.add(match[1]!)
  }
  return [...names].sort()
}

/**
 * Vite `define` entries for the families' build-time variables, read from the build's
 * environment: each one a family reads becomes a string constant (empty when unset), so the
 * bundler folds a family without its variables, and all its code, away. Found by reading the
 * family modules, so a new family needs no line here or in vite.config.ts. Beside them,
 * LATCH_FAMILY_VARIABLES lists the ones set: empty, it lets the page drop even the code that
 * wires families in (latch.ts).
 */
export function familyBuildVariables(
  env: Record<string, string | undefined>,
  dir = familiesDir,
): Record<string, string> {
  const names = familyVariableNames(dir)
  const entries = names.map((name) => [`import.meta.env.${name}`, JSON.stringify(env[name] ?? '')])
  const set = names.filter((name) => env[name])
  return {
    ...Object.fromEntries(entries),
    'import.meta.env.LATCH_FAMILY_VARIABLES': JSON.stringify(set.join(',')),
  }
}
