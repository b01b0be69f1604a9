// After `tsc`: marks the entry as a client module for React Server Components (Next.js App
// Router), and writes `dist/styles.css` from the theme's stylesheets. Fails the build when
// either is missing afterwards, so a package without them is never packed.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const dist = fileURLToPath(new URL('../dist/', import.meta.url))
const DIRECTIVE = "'use client';"

// Every file an exports entry points at; the modules they import join the client graph.
const entries = ['index.js']

for (const entry of entries) {
  const file = path.join(dist, entry)
  const code = readFileSync(file, 'utf8')
  if (code.startsWith(DIRECTIVE)) continue
  writeFileSync(file, `${DIRECTIVE}\n${code}`)
  // One line was added above the code: the source map's first generated line is now empty.
  const mapFile = `${file}.map`
  if (existsSync(mapFile)) {
    const map = JSON.parse(readFileSync(mapFile, 'utf8'))
    map.mappings = `;${map.mappings}`
    writeFileSync(mapFile, JSON.stringify(map))
  }
}

const { latchStyles } = await import(pathToFileURL(path.join(dist, 'theme/styles.js')).href)
const { modalStyles } = await import(pathToFileURL(path.join(dist, 'theme/modalStyles.js')).href)
writeFileSync(
  path.join(dist, 'styles.css'),
  `/* @latch/react: import once and set \`injectStyles: false\` in the Latch config. */\n${latchStyles.trim()}\n${modalStyles.trim()}\n`,
)

for (const entry of entries) {
  if (!readFileSync(path.join(dist, entry), 'utf8').startsWith(DIRECTIVE))
    throw new Error(`dist/${entry} lacks the 'use client' directive`)
}
if (!readFileSync(path.join(dist, 'styles.css'), 'utf8').includes('.latch-modal'))
  throw new Error('dist/styles.css lacks the modal styles')
console.log(`@latch/react: 'use client' on ${entries.join(', ')}; dist/styles.css written`)
