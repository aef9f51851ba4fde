// One load run with autocannon: a warm-up that is thrown away, then the measured run.
import autocannon from 'autocannon';
import { cpuSeconds } from './memory.mjs';

/** What every browser sends: answers come compressed where the server compresses them. */
export const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br' };

/**
 * autocannon appends every response body to a string, for body checks this benchmark does not
 * use. For compressed bodies (bytes that are not UTF-8 text) that decoding made the load
 * generator, on the same two cores, the bottleneck: a 42 kB answer capped at about 40 MB/s
 * whatever the server did. The bodies are still read and counted, just not kept.
 */
function discardBodies(client) {
  client.pipelinedRequests.addBody = () => {};
}

/**
 * @param {{ url: string, requests: { path: string, method?: string,
 *   headers?: Record<string, string>, setupRequest?: (request: object) => object }[],
 *   connections: number, seconds: number, warmupSeconds: number, pid?: number }} options
 *   Each connection cycles through `requests` in order; `setupRequest` (autocannon's) makes
 *   each request of a write its own (another person registering). With the server's `pid`,
 *   the CPU it (and its embedded database) spent per answered request in the measured run is
 *   given too: unlike requests per second, that hardly depends on what else the machine does.
 */
export async function measure({ url, requests, connections, seconds, warmupSeconds, pid }) {
  const base = {
    url,
    connections,
    timeout: 10,
    setupClient: discardBodies,
    requests: requests.map((r) => ({
      method: r.method ?? 'GET',
      path: r.path,
      headers: { ...BROWSER_HEADERS, ...r.headers },
      ...(r.setupRequest ? { setupRequest: r.setupRequest } : {}),
    })),
  };
  if (warmupSeconds > 0) await run({ ...base, duration: warmupSeconds });
  const cpuBefore = pid ? cpuSeconds(pid) : null;
  const result = await run({ ...base, duration: seconds });
  const cpuAfter = pid ? cpuSeconds(pid) : null;
  // A database process that ended during the run takes its CPU time with it: no figure then.
  const perRequest = (before, after) =>
    before === null || after === null || after < before || !result.requests.total
      ? null
      : Math.round(((after - before) / result.requests.total) * 1e6);
  return {
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    errors: result.errors + result.timeouts + result.non2xx,
    kbPerResponse: result.requests.total
      ? Math.round(result.throughput.total / result.requests.total / 102.4) / 10
      : 0,
    /** Microseconds of CPU per request: the server process's, and its database's. */
    serverCpuUs: cpuBefore && cpuAfter ? perRequest(cpuBefore.server, cpuAfter.server) : null,
    databaseCpuUs: cpuBefore && cpuAfter ? perRequest(cpuBefore.database, cpuAfter.database) : null,
  };
}

function run(options) {
  return new Promise((resolve, reject) => {
    autocannon(options, (err, result) => (err ? reject(err) : resolve(result)));
  });
}
