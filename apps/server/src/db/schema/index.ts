// The shared tables. A chain family's are in its own `chains/<namespace>/schema.ts`, which
// drizzle-kit reads through its config's pattern (drizzle.config.ts) and the family's code imports
// directly; `@latch/server`'s `schema` export gathers both (db/index.ts). `Db` is typed with this
// module: the family tables need no place in it, as nothing uses Drizzle's relational queries.

export * from '../../onramp/schema.js'
export * from './auth.js'
export * from './names.js'
export * from './projects.js'
export * from './provider.js'
export * from './siwx.js'
