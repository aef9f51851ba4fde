import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defaultServerConditions, defineConfig, isCSSRequest } from 'vite';
import { bundleBudget } from './scripts/bundle-budget.ts';
import { precompress } from './scripts/precompress.ts';
import { preloadBoot } from './scripts/preload-boot.ts';

export default defineConfig(({ isSsrBuild, mode }) => ({
  // The server entry is built for production alone: React's development builds, which it
  // would otherwise carry beside the production ones and choose between at start, are left out.
  ...(isSsrBuild && mode === 'production'
    ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') } }
    : {}),
  plugins: [
    react(),
    tailwindcss(),
    // The server entry is no download: neither budgeted nor compressed.
    ...(isSsrBuild ? [] : clientOnlyPlugins()),
  ],
  resolve: {
    // Bundle the contract package from its TypeScript source; a production build takes the
    // endpoints' methods and paths without their schemas (decision 118).
    conditions: [
      ...(mode === 'production' ? ['routes-only'] : []),
      'source',
      ...defaultClientConditions,
    ],
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // Every import of zod goes through the module that sets its configuration first, so a
      // page whose scripts never touch a schema loads no zod at all.
      {
        find: /^zod$/,
        replacement: fileURLToPath(new URL('./src/zod-config.ts', import.meta.url)),
      },
    ],
  },
  ssr: {
    // One self-contained file (React's server renderer included): the server imports it from
    // dist-server without the web app's node_modules.
    noExternal: true,
    // It renders from data the server hands it and checks no answer, so in production it
    // takes the endpoints without their schemas too (decision 166: 5.7 MB less heap).
    resolve: {
      conditions: [
        ...(mode === 'production' ? ['routes-only'] : []),
        'source',
        ...defaultServerConditions,
      ],
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    target: 'es2022',
    copyPublicDir: !isSsrBuild,
    // The server entry stays in the server's heap as source text for as long as it runs (V8
    // keeps a script's source to compile its functions lazily): without whitespace and
    // comments, and with every character in ASCII so that V8 holds it one byte a character
    // instead of two. Names are kept, so a render's error still names its function.
    ...(isSsrBuild
      ? {
          rolldownOptions: {
            output: {
              minify: {
                compress: true,
                mangle: false,
                codegen: { removeWhitespace: true, asciiOnly: true },
              },
            },
          },
        }
      : {
          // Small common chunks (under 16 kB of source: most of them a single icon or helper)
          // are copied into the chunks that read them, with one state kept by rolldown's
          // registry, so a page starts from 15 to 20 scripts instead of 27 to 76 (decision 173).
          // Chunks holding styles stay files (Vite's own test of a style request), as Vite's
          // CSS plugin needs.
          rolldownOptions: {
            preserveEntrySignatures: false,
            output: {
              codeSplitting: {
                experimentalInlineCommonChunks: {
                  maxSize: 16 * 1024,
                  exclude: isCSSRequest,
                },
              },
            },
          },
        }),
  },
}));

/**
 * Home: 172 since the API's routes table (0.7 kB: each endpoint's method and path) came in;
 * 173 since the admin, calendar, registration, ical and communications endpoints joined it
 * (195 endpoints, 2.5 kB). The table is one object, so every page carries it whole. 174 since
 * member communications reached every page (2026-11-30: the staff guard and menu entry, the
 * footer's News link and newsletter sign-up shell, six more endpoints: 173.4 kB). Every page's
 * since 2026-11-30, when sonner left the entry (home 174.0 → 165.3 kB): its figure then, with
 * about 2 kB of room. Raise one only with the reason here. Directory 223 and job board 186
 * since their sponsor strips came (the strip and its query: 221.5 and 184.6 kB). Calendar 205 and
 * event page 246 since the event editor loads only for people signed in (263.0 → 202.4 and
 * 274.3 → 243.7 kB). Lowered on 2026-12-02, when zod left the pages that validate nothing (the
 * contract's plain rules moved to modules without schemas, and zod's setting to the module every
 * import of zod goes through): each page's figure then, with about 2.5 kB of room. Event page
 * 195 since its registration form loads after the page (242.5 → 192.4 kB). Every page's
 * raised by 6 kB on 2026-12-02, when the app's scripts started in turns (decision 167): the
 * modules the turns share with the pages' chunks became 14 small chunks of their own (home
 * 162.1 → 168.1 kB gzipped for 2.7 kB more code). Directory 168 and job board 159 since their
 * filters became the browser's selects and the layout switch a radio group of our own
 * (decision 171: 199.9 → 165.9 and 187.8 → 156.2 kB). Every page's raised on 2026-12-04, when
 * small common chunks were copied into their readers (decision 173: 15 to 20 scripts a page
 * instead of 27 to 76, for 1.3 to 4.9 kB more, the copies and the registry's wrappers): each
 * page's figure then, with 1.6 to 2.8 kB of room. Join 170 since the wizard's steps after the
 * plan and the sign-in forms load at the visitor's first input (decision 176: 240.2 → 166.9 kB,
 * zod and the form library out of its first load); no page may download the schema library now.
 */
const PAGE_BUDGETS = [
  { route: 'src/app/routes/home.tsx', label: 'Home page', maxGzipKb: 172 },
  { route: 'src/app/routes/calendar.tsx', label: 'Calendar', maxGzipKb: 186 },
  { route: 'src/app/routes/members.tsx', label: 'Directory', maxGzipKb: 170 },
  { route: 'src/app/routes/member.tsx', label: 'Member page', maxGzipKb: 184 },
  { route: 'src/app/routes/event.tsx', label: 'Event page', maxGzipKb: 203 },
  { route: 'src/app/routes/join.tsx', label: 'Join', maxGzipKb: 170 },
  { route: 'src/app/routes/job-postings.tsx', label: 'Job board', maxGzipKb: 162 },
  { route: 'src/app/routes/job-posting.tsx', label: 'Job post', maxGzipKb: 163 },
  { route: 'src/app/routes/deals.tsx', label: 'Deals', maxGzipKb: 156 },
  { route: 'src/app/routes/news.tsx', label: 'Newsletter archive', maxGzipKb: 153 },
  { route: 'src/app/routes/sponsorships.tsx', label: 'Sponsorships', maxGzipKb: 173 },
];

function clientOnlyPlugins() {
  return [
    // The page budgets: what a first visit to each public page downloads before it
    // renders (bench/lighthouse.mjs measures the same pages as a phone loads them).
    bundleBudget(PAGE_BUDGETS),
    // The chunks the entry imports in turns are named in index.html, as static imports are.
    preloadBoot(),
    precompress(),
  ];
}
