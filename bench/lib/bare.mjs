// The machine's ceiling for an HTTP API: a bare Fastify 5 process (the portal's own Fastify and
// Node, no plugins, no logger) answering a constant JSON object. Loaded with the same settings
// as the portal's endpoints, it shows what any Fastify server could answer on this machine at
// this moment, so the portal's figures read as a share of it rather than of a busy machine.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { root } from './portal.mjs';

const self = fileURLToPath(import.meta.url);

/** Starts the bare server on `port` in a child process; answers its URL and a stop function. */
export async function startBare(port, app = root) {
  const child = spawn(process.execPath, [self, String(port), app], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`the bare Fastify process exited (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: /** @type {number} */ (child.pid),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

// Run as a child: `node bare.mjs PORT APP`. Fastify is resolved from the server package of the
// checkout being measured, so both run the same version.
if (process.argv[1] === self) {
  const [port, app] = process.argv.slice(2);
  const serverRequire = createRequire(path.join(app, 'apps/server/package.json'));
  const { default: Fastify } = await import(pathToFileURL(serverRequire.resolve('fastify')).href);
  const server = Fastify({ logger: false });
  server.get('/api/health', async () => ({ status: 'ok' }));
  await server.listen({ host: '127.0.0.1', port: Number(port) });
  process.send?.('ready');
  process.once('SIGTERM', () => void server.close().then(() => process.exit(0)));
}
