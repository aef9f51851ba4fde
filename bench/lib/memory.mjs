// Memory of the server process and of its embedded PostgreSQL, read from /proc so nothing
// is added to the product. Linux only; elsewhere the figures are null.
import { readdirSync, readFileSync } from 'node:fs';

/** A field of /proc/<pid>/status or smaps_rollup, in MB (null when unreadable). */
function procField(pid, file, field) {
  try {
    const text = readFileSync(`/proc/${pid}/${file}`, 'utf8');
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text);
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** Every process below `pid` (the embedded PostgreSQL runs under the server). */
function descendants(pid) {
  const parents = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The name in parentheses may hold spaces; the parent pid follows it.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(Number(entry), ppid);
    } catch {
      // The process ended while we looked.
    }
  }
  const found = [];
  for (const [child] of parents) {
    for (let p = parents.get(child); p !== undefined && p > 1; p = parents.get(p)) {
      if (p === pid) {
        found.push(child);
        break;
      }
    }
  }
  return found;
}

/** CPU seconds (user and system) a process has used so far, from /proc/<pid>/stat; null when unreadable. */
function cpuOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // utime and stime are the 12th and 13th fields after the parenthesised name, in clock ticks.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/** Linux's USER_HZ: /proc counts CPU time in hundredths of a second on every common kernel. */
const CLOCK_TICKS = 100;

/**
 * CPU seconds used so far by the server and by its embedded database (every process below
 * it; processes that ended are not counted, so read it around a run, not across restarts).
 */
export function cpuSeconds(pid) {
  let database = 0;
  for (const child of descendants(pid)) database += cpuOf(child) ?? 0;
  return { server: cpuOf(pid), database };
}

/**
 * Samples every `intervalMs`: the server's resident memory (its kernel-kept peak, VmHWM, is
 * read too) and the proportional memory (PSS, which splits shared buffers fairly) of the
 * database processes. `mark()` starts a new window for per-endpoint peaks.
 */
export function memorySampler(pid, intervalMs = 250) {
  let windowPeak = 0;
  let dbPeak = 0;
  let dbWindowPeak = 0;
  const sample = () => {
    const rss = procField(pid, 'status', 'VmRSS');
    if (rss !== null) windowPeak = Math.max(windowPeak, rss);
    let db = 0;
    for (const child of descendants(pid)) db += procField(child, 'smaps_rollup', 'Pss') ?? 0;
    dbPeak = Math.max(dbPeak, db);
    dbWindowPeak = Math.max(dbWindowPeak, db);
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  timer.unref();
  return {
    /** Peaks since the last mark, in MB. */
    mark() {
      sample();
      const peaks = { serverMb: windowPeak, databaseMb: dbWindowPeak };
      windowPeak = 0;
      dbWindowPeak = 0;
      return peaks;
    },
    /** The server's peak over its whole life (VmHWM) and the database's sampled peak. */
    stop() {
      sample();
      clearInterval(timer);
      return { serverMb: procField(pid, 'status', 'VmHWM'), databaseMb: dbPeak || null };
    },
  };
}
