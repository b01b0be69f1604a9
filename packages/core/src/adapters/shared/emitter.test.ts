import { describe, expect, it } from 'vitest'
import { createAdapterEmitter } from './emitter.js'

describe('createAdapterEmitter', () => {
  it('hands a payload to the listeners of its event only, until they unsubscribe', () => {
    const emitter = createAdapterEmitter()
    const seen: string[] = []
    const off = emitter.on('disconnect', ({ connectorId }) => seen.push(connectorId))
    emitter.on('connectors', () => seen.push('connectors'))
    emitter.emit('disconnect', { connectorId: 'a' })
    off()
    emitter.emit('disconnect', { connectorId: 'b' })
    expect(seen).toEqual(['a'])
  })

  it('forgets every listener when cleared', () => {
    const emitter = createAdapterEmitter()
    let calls = 0
    emitter.on('connectors', () => calls++)
    emitter.clear()
    emitter.emit('connectors', [])
    expect(calls).toBe(0)
  })
})
