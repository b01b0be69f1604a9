import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// A fresh Vite + React app, nothing Latch-specific: the packages must work with the defaults.
// The nonce placeholder is replaced by the server on every response (strict CSP).
export default defineConfig({
  plugins: [react()],
  html: { cspNonce: 'LATCH_NONCE' },
})
