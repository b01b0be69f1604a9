import { EventEmitter } from 'node:events'
import { describe, expect, it } from 'vitest'
import { hearLateSocketErrors } from './lateSocketErrors.js'

/** The relayer's part that matters: a provider swapped per attempt, the old one's listeners off. */
class FakeRelayer {
  provider: EventEmitter | undefined = new EventEmitter()
  readonly heard: unknown[] = []
  private readonly listener = (error: unknown) => this.heard.push(error)
  constructor() {
    this.provider?.on('error', this.listener)
  }
  newAttempt() {
    this.provider?.off('error', this.listener)
    this.provider = new EventEmitter()
    this.provider.on('error', this.listener)
  }
}

const refusal = () => new Error('WebSocket connection closed abnormally with code: 3000')

describe('a late refusal on a provider the relayer let go of', () => {
  it('throws without the guard (the uncaught exception the guard is for)', () => {
    const relayer = new FakeRelayer()
    const old = relayer.provider as EventEmitter
    relayer.newAttempt()
    expect(() => old.emit('error', refusal())).toThrow(/code: 3000/)
  })

  it('is heard by nobody and thrown by nobody with it, on the first provider and later ones', () => {
    const relayer = new FakeRelayer()
    hearLateSocketErrors(relayer)
    const first = relayer.provider as EventEmitter
    relayer.newAttempt()
    const second = relayer.provider as EventEmitter
    relayer.newAttempt()
    expect(() => first.emit('error', refusal())).not.toThrow()
    expect(() => second.emit('error', refusal())).not.toThrow()
    expect(relayer.heard).toEqual([])
  })

  it('waits past a placeholder provider with no listeners of its own', () => {
    const relayer = new FakeRelayer()
    relayer.provider = {} as EventEmitter
    hearLateSocketErrors(relayer)
    relayer.provider = new EventEmitter()
    expect(relayer.provider.listenerCount('error')).toBe(1)
  })

  it('leaves the current provider heard by the relayer, once, when guarded twice', () => {
    const relayer = new FakeRelayer()
    hearLateSocketErrors(relayer)
    hearLateSocketErrors(relayer)
    relayer.newAttempt()
    const current = relayer.provider as EventEmitter
    const error = refusal()
    current.emit('error', error)
    expect(relayer.heard).toEqual([error])
    expect(current.listenerCount('error')).toBe(2)
  })
})
