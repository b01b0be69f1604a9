/// <reference types="vite/client" />
interface ImportMetaEnv {
  readonly VITE_PROJECT_ID: string
  readonly VITE_SERVER_URL: string
  readonly VITE_CHAIN_RPC_URL: string
  readonly VITE_INJECT_STYLES?: string
}
