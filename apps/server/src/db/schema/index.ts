// Every table is re-exported here (a chain family's from chains/<namespace>/schema.ts):
// drizzle-kit reads this module to generate migrations, and `Db` is typed with it.

export * from '../../chains/eip155/schema.js'
export * from '../../chains/polkadot/schema.js'
export * from '../../chains/solana/schema.js'
export * from '../../onramp/schema.js'
export * from './auth.js'
export * from './names.js'
export * from './projects.js'
export * from './provider.js'
export * from './siwx.js'
