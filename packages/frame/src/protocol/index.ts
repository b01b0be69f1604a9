export * from './events.js'
export * from './messages.js'
export * from './schemas.js'
