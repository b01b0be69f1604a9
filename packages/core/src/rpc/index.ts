export * from './errors.js'
export * from './policy.js'
export * from './transport.js'
