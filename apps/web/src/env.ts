/** Where the Latch server lives; `npm start` passes it in, a built app falls back to the default port. */
export const serverUrl: string = import.meta.env.VITE_LATCH_SERVER_URL ?? 'http://localhost:8787'
