import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

// The benchmarks start the server as the container image does: the same node flags and the same
// C library setting. Both are written twice (the Dockerfile and bench/lib/portal.mjs, and the
// flags once more in the demo script); this test keeps the copies equal, so that what the bench
// measures is what a deployment runs.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

interface BenchPortal {
  SERVER_NODE_FLAGS: string[];
  SERVER_ALLOCATOR_ENV: Record<string, string>;
}

async function benchPortal(): Promise<BenchPortal> {
  const url = pathToFileURL(path.join(root, 'bench/lib/portal.mjs')).href;
  return (await import(url)) as BenchPortal;
}

/** The Dockerfile's instructions, with continued lines joined. */
async function dockerfile(): Promise<string[]> {
  const text = await readFile(path.join(root, 'Dockerfile'), 'utf8');
  return text
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

describe('the server settings the benchmarks share with the container image', () => {
  it('start node with the image command’s flags, and the demo script does too', async () => {
    const { SERVER_NODE_FLAGS } = await benchPortal();
    const cmd = (await dockerfile()).filter((line) => line.startsWith('CMD ')).at(-1);
    expect(cmd, 'the image’s CMD').toBeDefined();
    const argv = JSON.parse(cmd!.slice(4)) as string[];
    expect(argv[0]).toBe('node');
    expect(argv.slice(1, -1)).toEqual(SERVER_NODE_FLAGS);
    expect(argv.at(-1)).toMatch(/apps\/server\/dist\/server\.js$/);

    const pkg = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.demo).toContain(
      `node ${SERVER_NODE_FLAGS.join(' ')} apps/server/dist/server.js`,
    );
  });

  it('give the C library the image’s environment', async () => {
    const { SERVER_ALLOCATOR_ENV } = await benchPortal();
    const env = new Map<string, string>();
    for (const line of await dockerfile()) {
      if (!line.startsWith('ENV ')) continue;
      for (const [, name, value] of line.slice(4).matchAll(/([A-Z_][A-Z0-9_]*)=(\S+)/g)) {
        env.set(name!, value!);
      }
    }
    expect(Object.keys(SERVER_ALLOCATOR_ENV).length).toBeGreaterThan(0);
    for (const [name, value] of Object.entries(SERVER_ALLOCATOR_ENV)) {
      expect(env.get(name), name).toBe(value);
    }
  });
});
