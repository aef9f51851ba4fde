import type { Plugin } from 'vite';

/** What the bundle says of a chunk, as far as its imports go. */
interface ChunkImports {
  imports: string[];
  dynamicImports: string[];
  moduleIds: string[];
}

/**
 * The chunks the app starts with besides the entry: what the entry imports statically, the
 * turns (main.tsx's dynamic imports), and what those import statically, in the order found.
 * main.tsx's code is in the entry chunk or, when the bundler has made the entry a facade that
 * imports it ([decision 173](../../../docs/decisions/0173-small-common-chunks-inlined.md)), in
 * a chunk the entry imports statically. `chunk` answers a file name's chunk (undefined for an
 * asset). The web build's page budgets count the same chunks (scripts/bundle-budget.ts).
 */
export function bootChunks(
  entry: ChunkImports & { fileName: string; facadeModuleId: string | null },
  chunk: (fileName: string) => ChunkImports | undefined,
): string[] {
  const seen = new Set([entry.fileName]);
  const found: string[] = [];
  const visit = (fileName: string) => {
    const imports = chunk(fileName)?.imports;
    if (seen.has(fileName) || !imports) return;
    seen.add(fileName);
    found.push(fileName);
    imports.forEach(visit);
  };
  entry.imports.forEach(visit);
  const main = entry.facadeModuleId;
  const holder =
    [entry, ...found.map(chunk)].find((c) => c && main && c.moduleIds.includes(main)) ?? entry;
  holder.dynamicImports.forEach(visit);
  return found;
}

/**
 * The entry (main.tsx) imports the app's scripts in turns, as dynamic imports, so that each is
 * evaluated in a task of its own. This lists every chunk of those turns, and what they import,
 * in a data block of index.html (`<script type="application/json" id="app-scripts">`): once
 * the page has painted, the entry asks for all of them at once (`<link rel="modulepreload">`),
 * as the browser did when they were static imports, instead of one turn after another. Asked
 * for after the first paint, they do not compete with the page's style sheet for it (nor does
 * Lighthouse's simulation count them among the requests that may hold it: the home page's
 * first paint came 0.2 s later with 18 of them named in the HTML).
 */
export function preloadBoot(): Plugin {
  let base = '/';
  return {
    name: 'chamber:preload-boot',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return html;
        const wanted = bootChunks(entry, (fileName) => {
          const chunk = bundle[fileName];
          return chunk?.type === 'chunk' ? chunk : undefined;
        }).map((fileName) => `${base}${fileName}`);
        return {
          html,
          tags: [
            {
              tag: 'script',
              // main.tsx reads it by this id.
              attrs: { type: 'application/json', id: 'app-scripts' },
              children: JSON.stringify(wanted),
              injectTo: 'body' as const,
            },
          ],
        };
      },
    },
  };
}
