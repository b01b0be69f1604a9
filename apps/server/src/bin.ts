#!/usr/bin/env node
// The published entry point. `src/cli.ts` also runs itself when started directly (npm run cli);
// in the bundle it is shared with the library entry, so the command line starts from here.
import { main } from './cli.js'

main()
