import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

interface Chunk {
  type: 'chunk';
  fileName: string;
  code: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
}

/**
 * Prints the JavaScript a first visit to a page downloads before it can render, gzipped, and
 * fails the build above the budget. That is the entry chunk, every chunk it imports
 * statically (the browser fetches them at once, modulepreloaded), and the page's route chunk
 * with its own static imports: the router loads a lazy route before rendering it, so for the
 * page a visitor lands on it is initial JavaScript too.
 */
export function bundleBudget(options: {
  /** The route module of the page, as its path ends (`src/app/routes/home.tsx`). */
  route: string;
  /** What the figure is called in the build's output. */
  label: string;
  maxGzipKb: number;
}): Plugin {
  return {
    name: 'chamber:bundle-budget',
    apply: 'build',
    generateBundle(_output, bundle) {
      const chunks = new Map<string, Chunk>();
      for (const file of Object.values(bundle)) {
        if (file.type === 'chunk') chunks.set(file.fileName, file as Chunk);
      }
      const entry = [...chunks.values()].find((c) => c.isEntry);
      const route = [...chunks.values()].find((c) =>
        c.facadeModuleId?.replaceAll('\\', '/').endsWith(options.route),
      );
      if (!entry) return this.error('bundle budget: the build has no entry chunk');
      if (!route) {
        return this.error(`bundle budget: no chunk is built from ${options.route}`);
      }

      const initial = new Set<string>();
      const visit = (fileName: string) => {
        if (initial.has(fileName)) return;
        const chunk = chunks.get(fileName);
        if (!chunk) return;
        initial.add(fileName);
        chunk.imports.forEach(visit);
      };
      visit(entry.fileName);
      visit(route.fileName);

      let rawBytes = 0;
      let gzipBytes = 0;
      for (const fileName of initial) {
        const code = chunks.get(fileName)!.code;
        rawBytes += Buffer.byteLength(code);
        gzipBytes += gzipSync(code, { level: 9 }).length;
      }
      // kB of 1000 bytes, as Vite's own size report counts them.
      const kb = (bytes: number) => (bytes / 1000).toFixed(1);
      const line =
        `${options.label}: ${kb(gzipBytes)} kB gzipped (${kb(rawBytes)} kB raw) in ` +
        `${initial.size} chunks; budget ${options.maxGzipKb} kB gzipped`;
      if (process.env.BUNDLE_BUDGET_LIST) {
        for (const fileName of initial) {
          const size = gzipSync(chunks.get(fileName)!.code, { level: 9 }).length;
          this.info(`  ${fileName} ${kb(size)} kB`);
        }
      }
      if (gzipBytes > options.maxGzipKb * 1000) {
        return this.error(`${line}: over budget. Load more of it lazily.`);
      }
      this.info(line);
    },
  };
}
