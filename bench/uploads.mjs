// Memory under parallel image uploads: the production build on a fresh embedded database
// with the demo chamber, a signed-in member, and ten uploads of the largest images the
// server accepts sent at once, for each kind of image whose decoding costs the most memory.
// Prints the server's peak resident memory for each and fails above the target.
//
//   node bench/uploads.mjs                 every kind, ten at once
//   --count N, --only png,png16, --port P, --app DIR (the build of another checkout),
//   --glibc-defaults (without the allocator setting the container image makes; see docs/operator/operations.md, Memory)
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { SERVER_ALLOCATOR_ENV, freePort, requireBuilt, root, startPortal } from './lib/portal.mjs';
import { signIn } from './lib/scenarios.mjs';

/** The server's peak resident memory while ten uploads are handled must stay below this. */
const TARGET_MB = 350;

const { values: args } = parseArgs({
  options: {
    count: { type: 'string', default: '10' },
    only: { type: 'string' },
    port: { type: 'string' },
    app: { type: 'string' },
    'glibc-defaults': { type: 'boolean', default: false },
  },
});
/**
 * As the container image sets it: glibc hands blocks of 32 kB and more straight back to the
 * system when freed, instead of keeping them in per-thread pools (see docs/operator/operations.md, Memory).
 */
const allocator = args['glibc-defaults'] ? {} : SERVER_ALLOCATOR_ENV;
const count = Number(args.count);
const app = path.resolve(args.app ?? root);
const serverDist = path.join(app, 'apps/server/dist');
requireBuilt(['apps/server/dist/server.js'], app);

// The limits the build under test enforces (an older build without them: its pixel limit).
const limits = await import(
  pathToFileURL(path.join(serverDist, 'modules/media/file-data.js')).href
);
const maxPixels = limits.MAX_IMAGE_PIXELS ?? 50_000_000;
const maxWholeBytes = limits.MAX_WHOLE_IMAGE_BYTES ?? Infinity;
const sharp = createRequire(path.join(app, 'apps/server/package.json'))('sharp');

/** The largest square image of `bytesPerPixel` the limits accept. */
const sideFor = (bytesPerPixel, whole) =>
  Math.floor(Math.sqrt(Math.min(maxPixels, whole ? maxWholeBytes / bytesPerPixel : Infinity)));

/** One flat colour: the most pixels fit in the fewest bytes (well under the 5 MB limit). */
const canvas = (side, channels) =>
  sharp({
    create: { width: side, height: side, channels, background: { r: 31, g: 95, b: 139, alpha: 1 } },
  });

const kinds = [
  {
    // The most bytes rather than the most pixels: noise does not compress.
    key: 'bytes',
    name: 'PNG of noise, nearly 5 MB',
    make: async () => {
      const side = 1270;
      const noise = Buffer.alloc(side * side * 3);
      for (let i = 0; i < noise.length; i += 1) noise[i] = (Math.random() * 256) | 0;
      const bytes = await sharp(noise, { raw: { width: side, height: side, channels: 3 } })
        .png()
        .toBuffer();
      return { side, bytes, type: 'image/png' };
    },
  },
  {
    key: 'png',
    name: 'PNG, 8-bit RGBA',
    make: async () => {
      const side = sideFor(4, false);
      return { side, bytes: await canvas(side, 4).png().toBuffer(), type: 'image/png' };
    },
  },
  {
    key: 'png16',
    name: 'PNG, 16-bit RGBA',
    make: async () => {
      const side = sideFor(8, false);
      const bytes = await canvas(side, 4).toColourspace('rgb16').png().toBuffer();
      return { side, bytes, type: 'image/png' };
    },
  },
  {
    key: 'interlaced',
    name: 'interlaced PNG, 16-bit RGBA',
    make: async () => {
      const side = sideFor(8, true);
      const bytes = await canvas(side, 4)
        .toColourspace('rgb16')
        .png({ progressive: true })
        .toBuffer();
      return { side, bytes, type: 'image/png' };
    },
  },
  {
    key: 'jpeg',
    name: 'progressive JPEG',
    make: async () => {
      // The decoder keeps two bytes for each of the three colour samples of every pixel.
      const side = sideFor(6, true);
      const bytes = await canvas(side, 3).jpeg({ progressive: true }).toBuffer();
      return { side, bytes, type: 'image/jpeg' };
    },
  },
].filter((k) => !args.only || args.only.split(',').includes(k.key));

/** The server's resident memory now and its peak since the last reset, in MB. */
function memory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)[1]) / 1024;
  return { rss: field('VmRSS'), peak: field('VmHWM') };
}
/** Starts a new peak: the kernel's high-water mark is set back to what is resident now. */
const resetPeak = (pid) => writeFileSync(`/proc/${pid}/clear_refs`, '5');

const portal = await startPortal({
  port: Number(args.port ?? (await freePort())),
  app,
  env: allocator,
});
let exitCode = 0;
try {
  const token = await signIn(portal.url);
  const upload = async ({ bytes, type }, i) => {
    const started = performance.now();
    const res = await fetch(`${portal.url}/api/medias/upload-event-cover`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        fileName: `cover-${i}.${type === 'image/png' ? 'png' : 'jpg'}`,
        fileData: `data:${type};base64,${bytes.toString('base64')}`,
      }),
    });
    await res.arrayBuffer();
    return { status: res.status, ms: performance.now() - started };
  };

  const idle = memory(portal.pid);
  const settings = Object.entries(allocator).map(([k, v]) => `${k}=${v}`);
  console.log(
    `server idle: ${Math.round(idle.rss)} MB resident (${settings.join(' ') || 'glibc defaults'})`,
  );
  const rows = [];
  for (const kind of kinds) {
    const image = await kind.make();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    resetPeak(portal.pid);
    const before = memory(portal.pid).rss;
    const results = await Promise.all(Array.from({ length: count }, (_, i) => upload(image, i)));
    const { peak } = memory(portal.pid);
    const statuses = results.map((r) => r.status);
    const slowest = Math.max(...results.map((r) => r.ms)) / 1000;
    const row = {
      kind: kind.name,
      image: `${image.side} × ${image.side} (${(image.side ** 2 / 1e6).toFixed(1)} MP, ${Math.round(image.bytes.length / 1024)} kB)`,
      before: Math.round(before),
      peak: Math.round(peak),
      accepted: statuses.filter((s) => s === 201).length,
      statuses: [...new Set(statuses)].join(', '),
      slowest: Math.round(slowest * 10) / 10,
    };
    rows.push(row);
    console.log(
      `${row.kind.padEnd(28)} ${row.image.padEnd(36)} ${count} at once: peak ${row.peak} MB (from ${row.before} MB), ${row.accepted}/${count} stored (${row.statuses}), all done in ${row.slowest} s`,
    );
    if (peak >= TARGET_MB) {
      console.log(`  above the target of ${TARGET_MB} MB`);
      exitCode = 1;
    }
  }
  console.log(
    exitCode
      ? `Peak above ${TARGET_MB} MB.`
      : `Every peak below ${TARGET_MB} MB (Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'CPU'}, load average ${os.loadavg()[0].toFixed(1)}).`,
  );
} catch (err) {
  console.error(`Upload benchmark failed: ${err instanceof Error ? err.message : String(err)}`);
  exitCode = 1;
} finally {
  await portal.stop();
}
process.exit(exitCode);
