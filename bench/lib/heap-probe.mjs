// Loaded into the server's node by `--import` (bench/memory-pages.mjs): every 100 ms a line
// with the process's memory as V8 and Node count it (what /proc cannot tell apart), appended
// to the file named by BENCH_MEMORY_LOG. Nothing is added to the product.
import { appendFileSync } from 'node:fs';

const file = process.env.BENCH_MEMORY_LOG;
if (file) {
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    appendFileSync(
      file,
      `${Date.now()} ${m.rss} ${m.heapTotal} ${m.heapUsed} ${m.external} ${m.arrayBuffers}\n`,
    );
  }, 100);
  timer.unref();
}
