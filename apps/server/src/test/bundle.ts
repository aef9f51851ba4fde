import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

/**
 * Entries the tests run in processes of their own: the CLI, the server and the job process of
 * the runner's crash test. Started through tsx, each process took 2.2 to 3.4 s to load the
 * source (tsx compiles and resolves every module again on each start); bundled once per run
 * it starts in under a second.
 */
const PROCESS_ENTRIES = {
  cli: fileURLToPath(new URL('../cli.ts', import.meta.url)),
  server: fileURLToPath(new URL('../server.ts', import.meta.url)),
  jobProcess: fileURLToPath(new URL('./job-process.ts', import.meta.url)),
} as const;

export type ProcessEntry = keyof typeof PROCESS_ENTRIES;

const ours = (file: string) => !file.split(path.sep).includes('node_modules');

/**
 * The repository's code (the server and the workspace packages, through their `source`
 * condition) bundled, each package imported from where it is installed: the bundle may live
 * anywhere, and the packages load as they do for the server. `import.meta.url` keeps each
 * source file's own address, so the files it finds beside itself (migrations, fonts, the web
 * build) are found as from source.
 */
const fromTheirPlace: Plugin = {
  name: 'from-their-place',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData === 'inner') return undefined;
      const found = await builder.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: 'inner',
      });
      if (found.errors.length > 0) return { errors: found.errors };
      if (found.external) return { path: args.path, external: true };
      if (ours(found.path)) return { path: found.path };
      return { path: pathToFileURL(found.path).href, external: true };
    });
    builder.onLoad({ filter: /\.[cm]?[jt]s$/ }, async (args) => {
      if (!ours(args.path)) return undefined;
      const source = await readFile(args.path, 'utf8');
      return {
        contents: source.replaceAll(
          'import.meta.url',
          JSON.stringify(pathToFileURL(args.path).href),
        ),
        loader: /\.[cm]?ts$/.test(args.path) ? 'ts' : 'js',
      };
    });
  },
};

/** Bundles every entry of `PROCESS_ENTRIES` into `outDir`, as `<name>.mjs`; answers their paths. */
export async function bundleProcessEntries(outDir: string): Promise<Record<ProcessEntry, string>> {
  await build({
    entryPoints: Object.entries(PROCESS_ENTRIES).map(([out, file]) => ({ in: file, out })),
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    conditions: ['source'],
    logLevel: 'silent',
    plugins: [fromTheirPlace],
  });
  const files = {} as Record<ProcessEntry, string>;
  for (const name of Object.keys(PROCESS_ENTRIES) as ProcessEntry[]) {
    files[name] = path.join(outDir, `${name}.mjs`);
  }
  return files;
}
