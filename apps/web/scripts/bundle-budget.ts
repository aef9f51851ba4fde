import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { bootChunks } from './preload-boot.ts';

interface Chunk {
  type: 'chunk';
  fileName: string;
  code: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  dynamicImports: string[];
  moduleIds: string[];
  modules: Record<string, { renderedLength: number }>;
}

/** A module of the schema library, as the bundle names it (pnpm's folders included). */
const SCHEMA_LIBRARY = /[\\/]node_modules[\\/]zod[\\/]/;

/** A page and the most JavaScript its first visit may download. */
export interface PageBudget {
  /** The route module of the page, as its path ends (`src/app/routes/home.tsx`). */
  route: string;
  /** What the page is called in the build's output. */
  label: string;
  maxGzipKb: number;
  /**
   * The page checks a form with the schema library (zod) as it starts. Any other page must not
   * download it: a plain value taken from a module of schemas brings the library with it.
   */
  schemas?: boolean;
}

/**
 * Prints the JavaScript a first visit to each page downloads before it can render, gzipped,
 * and fails the build when a page is above its budget. That is the entry chunk, every chunk
 * it imports statically or in its turns (its dynamic imports: main.tsx starts the app in
 * turns; the browser fetches them all at once, modulepreloaded), and the page's
 * route chunk with its own static imports: the router loads a lazy route before rendering it,
 * so for the page a visitor lands on it is initial JavaScript too.
 *
 * It also fails the build when a page that checks no form as it starts downloads the schema
 * library (`schemas` in its budget).
 *
 * `BUNDLE_BUDGET_LIST=N` also lists each page's chunks and the entry chunk's N largest modules.
 */
export function bundleBudget(pages: PageBudget[]): Plugin {
  return {
    name: 'chamber:bundle-budget',
    apply: 'build',
    generateBundle(_output, bundle) {
      const chunks = new Map<string, Chunk>();
      for (const file of Object.values(bundle)) {
        if (file.type === 'chunk') chunks.set(file.fileName, file as Chunk);
      }
      const entry = [...chunks.values()].find((c) => c.isEntry);
      if (!entry) return this.error('bundle budget: the build has no entry chunk');
      const gzipped = new Map<string, number>();
      const gzip = (fileName: string) => {
        let size = gzipped.get(fileName);
        if (size === undefined) {
          size = gzipSync(chunks.get(fileName)!.code, { level: 9 }).length;
          gzipped.set(fileName, size);
        }
        return size;
      };
      // kB of 1000 bytes, as Vite's own size report counts them.
      const kb = (bytes: number) => (bytes / 1000).toFixed(1);
      const list = Number(process.env.BUNDLE_BUDGET_LIST) || 0;

      const over: string[] = [];
      for (const page of pages) {
        const route = [...chunks.values()].find((c) =>
          c.facadeModuleId?.replaceAll('\\', '/').endsWith(page.route),
        );
        if (!route) return this.error(`bundle budget: no chunk is built from ${page.route}`);
        const initial = new Set([entry.fileName, ...bootChunks(entry, (f) => chunks.get(f))]);
        const visit = (fileName: string) => {
          if (initial.has(fileName)) return;
          const chunk = chunks.get(fileName);
          if (!chunk) return;
          initial.add(fileName);
          chunk.imports.forEach(visit);
        };
        visit(route.fileName);

        let rawBytes = 0;
        let gzipBytes = 0;
        for (const fileName of initial) {
          rawBytes += Buffer.byteLength(chunks.get(fileName)!.code);
          gzipBytes += gzip(fileName);
        }
        const line =
          `${page.label} initial JavaScript: ${kb(gzipBytes)} kB gzipped (${kb(rawBytes)} kB raw) ` +
          `in ${initial.size} chunks; budget ${page.maxGzipKb} kB gzipped`;
        if (list) {
          for (const fileName of [...initial].sort((a, b) => gzip(b) - gzip(a)).slice(0, list)) {
            this.info(`  ${fileName} ${kb(gzip(fileName))} kB`);
          }
        }
        const schemaChunks = [...initial].filter((fileName) =>
          chunks.get(fileName)!.moduleIds.some((id) => SCHEMA_LIBRARY.test(id)),
        );
        const problems: string[] = [];
        if (gzipBytes > page.maxGzipKb * 1000) problems.push(`${line}: over budget`);
        if (schemaChunks.length && !page.schemas) {
          problems.push(
            `${page.label} downloads the schema library (in ${schemaChunks.join(', ')}), ` +
              'though it checks no form as it starts',
          );
        }
        if (problems.length) over.push(...problems);
        else this.info(line);
      }
      if (list) {
        // The entry chunk's largest modules (before minifying): what to load lazily next.
        const modules = Object.entries(entry.modules)
          .map(([id, m]) => ({ id, bytes: m.renderedLength }))
          .sort((a, b) => b.bytes - a.bytes)
          .slice(0, list);
        for (const m of modules) {
          this.info(
            `  entry: ${kb(m.bytes).padStart(6)} kB ${m.id.replace(/^.*node_modules\//, '')}`,
          );
        }
      }
      if (over.length) {
        return this.error(
          `${over.join('; ')}. Load more of it lazily, or take plain values from modules ` +
            'without schemas.',
        );
      }
    },
  };
}
