// One load run with autocannon: a warm-up that is thrown away, then the measured run.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

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
 *   the CPU time it spent per request of the timed run is counted too (Linux only).
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
  const cpuBefore = pid ? cpuMs(pid) : null;
  const result = await run({ ...base, duration: seconds });
  const cpuAfter = pid ? cpuMs(pid) : null;
  return {
    // What process.cpuUsage() would say inside the server (user + system), independent of
    // how busy the rest of the machine is, unlike the latencies.
    serverCpuMsPerRequest:
      cpuBefore !== null && cpuAfter !== null && result.requests.total
        ? Math.round(((cpuAfter - cpuBefore) / result.requests.total) * 100) / 100
        : null,
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    errors: result.errors + result.timeouts + result.non2xx,
    kbPerResponse: result.requests.total
      ? Math.round(result.throughput.total / result.requests.total / 102.4) / 10
      : 0,
  };
}

/** User plus system CPU time of a process so far, in ms (null when /proc is not readable). */
function cpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the name in parentheses (which may hold spaces): utime and stime are the
    // 14th and 15th of the line, in clock ticks of 10 ms.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

function run(options) {
  return new Promise((resolve, reject) => {
    autocannon(options, (err, result) => (err ? reject(err) : resolve(result)));
  });
}
