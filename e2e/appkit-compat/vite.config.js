import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// A stock Vite + React build: nothing here knows about Latch.
export default defineConfig({ plugins: [react()] })
