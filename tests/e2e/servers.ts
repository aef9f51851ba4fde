import { fileURLToPath } from 'node:url';

/** One portal of the browser tests: where it listens and the data folder it runs on. */
export interface E2eServer {
  port: number;
  baseURL: string;
  dataDir: string;
}

/**
 * The portals of a run, one per worker: E2E_WORKERS of them (2 by default), on ports from
 * E2E_PORT (4173) up, with data folders E2E_DATA_DIR-0, -1, … (`.data-e2e-0`, …). Each worker
 * has its own, so a test that changes chamber-wide state (and puts it back) never meets a test
 * of the other worker reading it, and the sign-ups of one do not count against the other.
 */
export function e2eServers(): E2eServer[] {
  const count = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
  const firstPort = Number(process.env.E2E_PORT ?? 4173);
  const dataDir =
    process.env.E2E_DATA_DIR ?? fileURLToPath(new URL('../../.data-e2e', import.meta.url));
  return Array.from({ length: count }, (_, i) => ({
    port: firstPort + i,
    baseURL: `http://localhost:${firstPort + i}`,
    dataDir: `${dataDir}-${i}`,
  }));
}

/**
 * The portal of the worker this runs in: Playwright numbers its worker slots from 0 in
 * TEST_PARALLEL_INDEX, and a worker started again after a failure takes the same slot.
 */
export function thisWorkersServer(): E2eServer {
  const servers = e2eServers();
  const index = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
  return servers[index % servers.length]!;
}
