import { pgliteTemplate } from './database.js'

// Run by pgliteTemplateSync (database.ts) in a child process: makes the migrated template file.
await pgliteTemplate()
