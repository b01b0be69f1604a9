// Type-checked, never bundled: every public entry's types resolve from the tarballs.
export type { CaipNetwork } from '@latch/core'
export type { EvmAdapter } from '@latch/core/evm'
export type { FrameClient } from '@latch/frame'
export type { LatchAuthConnector } from '@latch/frame/connector'
export type { LatchConfig } from '@latch/react'
