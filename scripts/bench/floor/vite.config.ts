import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// The web app's build settings (apps/web/vite.config.ts) minus what only a workspace needs.
export default defineConfig({
  plugins: [react()],
  build: {
    target: 'es2022',
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] } },
    },
  },
})
