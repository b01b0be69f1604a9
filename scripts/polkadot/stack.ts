import path from 'node:path'
import type { DevChain } from '../families.js'

/**
 * Polkadot in `npm start`: no Substrate node installs here, so chopsticks runs a real runtime's
 * Wasm from a chain spec shipped in an npm package, offline, seeded with sixteen months of history
 * (docs/polkadot-node.md); never part of a deployment. Its seed is CPU-bound runtime calls (tens
 * of seconds on a loaded machine; a snapshot of the day's seed, kept beside npm's own caches so
 * e2e's emptied data folders keep it too, makes a later start cheap), so it starts first and is
 * awaited last: the web app answers meanwhile.
 */
export const polkadotDevChain: DevChain = {
  step: 'dev Polkadot chain (chopsticks, seeded history; started with the chains, in parallel)',
  background: true,
  // e2e's polkadot specs reach the chain at this port.
  ports: { LATCH_POLKADOT_PORT: 18003 },
  serverVariables: ['LATCH_POLKADOT_CHAINS'],
  async start({ root }) {
    const url = `ws://127.0.0.1:${process.env.LATCH_POLKADOT_PORT || 9944}`
    const starting = import('./index.js').then((m) =>
      m.startDevPolkadot({
        port: m.polkadotPort(),
        instant: true,
        snapshotFile: path.join(root, 'node_modules', '.cache', 'latch', 'polkadot-seed.json'),
      }),
    )
    let polkadot: Awaited<typeof starting> | undefined
    return {
      ready: starting.then((p) => {
        polkadot = p
        return `${p.url}, chain up and ${p.fromSnapshot ? "today's seed put back" : 'seeded'} in ${(p.startMs / 1000).toFixed(2)} s`
      }),
      stop: () => starting.then((p) => p.stop()).catch(() => {}),
      serverEnv: {
        // History (indexed from its blocks), balances and sign-in of the chain
        // (docs/polkadot-server.md); the server's indexer waits for the chain while it seeds.
        LATCH_POLKADOT_CHAINS: `polkadot:45454545454545454545454545454545=${url}`,
      },
      // Read by the page over its WebSocket (docs/polkadot.md); it may still be seeding: the
      // page connects when a visitor picks Polkadot.
      webEnv: { VITE_LATCH_POLKADOT_RPC_URL: url },
      summary: () => {
        if (!polkadot) return '  polkadot      (not started)'
        const p = polkadot
        return `  polkadot      ${p.url}   (chopsticks running Rococo Asset Hub's genesis runtime, ${p.caip2}, SS58 prefix ${p.ss58Prefix}, started in ${(p.startMs / 1000).toFixed(2)} s; ${p.seed.blocks} seeded blocks, ${p.seed.transfers} transfers; a block as soon as a transaction arrives; alice ${p.accounts.alice}, bob ${p.accounts.bob} (dev phrase //Alice, //Bob); development only)`
      },
    }
  },
}
