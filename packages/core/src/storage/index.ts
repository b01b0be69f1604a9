export * from './backend.js'
export * from './keys.js'
export * from './storage.js'
