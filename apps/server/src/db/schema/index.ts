// Every table lives in a file of this folder and is re-exported here: drizzle-kit reads this
// module to generate migrations, and `Db` is typed with it.

export * from './auth.js'
export * from './chaindata.js'
export * from './names.js'
export * from './projects.js'
export * from './provider.js'
export * from './siwx.js'
export * from './solana.js'
