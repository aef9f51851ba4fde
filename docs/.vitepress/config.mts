import { cpSync, existsSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitepress';

// The documentation site of the repository's `docs/` folder (docs/decisions/0115-…).
const docsDir = path.resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const repoRoot = path.resolve(docsDir, '..');

// Pages may link to files of the repository outside the site (ARCHITECTURE.md, a source file,
// docs/roster-example.csv) with a relative link, which also works when the Markdown is read in
// the repository. The build checks that each such file exists, as VitePress checks the links
// between pages, and points the link at the file: under DOCS_REPOSITORY_URL (a web view of the
// repository, such as `https://<host>/<owner>/chamber-portal/blob/main`) when it is set, or else
// at a copy of the file the build puts under /repository/ in the site.
const repositoryUrl = process.env.DOCS_REPOSITORY_URL?.replace(/\/+$/, '');
const repositoryFiles = new Set<string>();
const missingRepositoryFiles = new Set<string>();

function repositoryFile(href: string, pageFile: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:|^\/\/|^#|^\//i.test(href)) return undefined;
  const [target] = href.split(/[?#]/);
  if (!target) return undefined;
  const resolved = path.resolve(path.dirname(pageFile), decodeURI(target));
  const insideSite = !path.relative(docsDir, resolved).startsWith('..');
  // Pages of the site (and its folders) are VitePress's own links; so are its public files.
  if (insideSite && (/\.(md|html)$/.test(resolved) || !path.extname(resolved))) return undefined;
  const fromRoot = path.relative(repoRoot, resolved);
  if (fromRoot.startsWith('..')) return undefined;
  return fromRoot.split(path.sep).join('/');
}

export default defineConfig({
  title: 'Chamber portal',
  description:
    'A self-hosted web portal for a local chamber of commerce: guides for staff, operators and developers.',
  lang: 'en-US',
  cleanUrls: true,
  lastUpdated: false,
  srcExclude: ['**/README.md'],
  // Every other dead link fails the build; `localhost` addresses are the running portal's.
  ignoreDeadLinks: 'localhostLinks',
  head: [['meta', { name: 'theme-color', content: '#1d4ed8' }]],
  markdown: {
    config(md) {
      const linkOpen = md.renderer.rules.link_open!;
      md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
        const token = tokens[idx];
        const href = token.attrGet('href');
        const pageFile = env.realPath ?? env.path;
        const file = href && pageFile ? repositoryFile(href, pageFile) : undefined;
        if (file !== undefined) {
          const full = path.join(repoRoot, file);
          if (!existsSync(full)) {
            missingRepositoryFiles.add(`${path.relative(docsDir, pageFile)} → ${href}`);
          } else {
            if (statSync(full).isFile()) repositoryFiles.add(file);
            const hash = href!.includes('#') ? href!.slice(href!.indexOf('#')) : '';
            token.attrSet(
              'href',
              repositoryUrl ? `${repositoryUrl}/${file}${hash}` : `/repository/${file}`,
            );
            // VitePress leaves a link with a target alone (no .md → .html, no dead-link check).
            token.attrSet('target', repositoryUrl ? '_blank' : '_self');
          }
        }
        return linkOpen(tokens, idx, options, env, self);
      };
    },
  },
  buildEnd(siteConfig) {
    if (missingRepositoryFiles.size > 0) {
      throw new Error(
        `Links to files that are not in the repository:\n  ${[...missingRepositoryFiles].join('\n  ')}`,
      );
    }
    if (repositoryUrl) return;
    for (const file of repositoryFiles) {
      const to = path.join(siteConfig.outDir, 'repository', file);
      mkdirSync(path.dirname(to), { recursive: true });
      cpSync(path.join(repoRoot, file), to);
    }
  },
  themeConfig: {
    nav: [
      { text: 'Staff guide', link: '/staff/' },
      { text: 'Operator guide', link: '/operator/' },
      { text: 'Developer guide', link: '/developer/' },
      { text: 'Performance', link: '/performance' },
      { text: 'Decisions', link: '/decisions/' },
    ],
    sidebar: [
      {
        text: 'Start here',
        items: [
          { text: 'Overview', link: '/' },
          { text: 'Quick start', link: '/guide/quick-start' },
        ],
      },
      {
        text: 'Staff guide',
        items: [
          { text: 'Running the chamber', link: '/staff/' },
          { text: 'Membership dues', link: '/staff/dues' },
          { text: 'Staff cockpit and approvals', link: '/staff/cockpit' },
          { text: 'Events, tickets and check-in', link: '/staff/events' },
          { text: 'Promo codes and plan benefits', link: '/staff/promo-codes-and-benefits' },
          { text: 'Mail and communications', link: '/staff/mail' },
          { text: 'Member listings and directory', link: '/staff/listings' },
          { text: 'Job board', link: '/staff/job-board' },
          { text: 'Sponsorships', link: '/staff/sponsorships' },
          { text: 'Ribbon cuttings and celebrations', link: '/staff/celebrations' },
          { text: 'Sponsorship drive', link: '/staff/sponsorship-drive' },
          { text: 'Accounts and sign-in', link: '/staff/accounts' },
        ],
      },
      {
        text: 'Operator guide',
        items: [
          { text: 'Running the portal', link: '/operator/' },
          { text: 'Configuration', link: '/operator/configuration' },
          { text: 'Command line', link: '/operator/cli' },
          { text: 'Operations', link: '/operator/operations' },
          { text: 'Docker and compose', link: '/operator/docker' },
          { text: 'Several processes', link: '/operator/scaling' },
          { text: 'Your own PostgreSQL', link: '/operator/postgresql' },
        ],
      },
      {
        text: 'Developer guide',
        items: [
          { text: 'Architecture and layout', link: '/developer/' },
          { text: 'Conventions', link: '/developer/conventions' },
          { text: 'Testing', link: '/developer/testing' },
          { text: 'Using the API', link: '/developer/api' },
          { text: 'Benchmarks', link: '/developer/benchmarks' },
          { text: 'Product rules', link: '/product' },
          { text: 'Decisions', link: '/decisions/' },
        ],
      },
      { text: 'Performance report', link: '/performance' },
    ],
    outline: { level: [2, 3] },
    search: { provider: 'local' },
  },
});
