/**
 * Import circles, checked by `pnpm run lint` (docs/decisions.md: "Import circles checked by
 * dependency-cruiser"). Every import counts, type-only ones too: a type that travels both ways
 * between two files says the same as a value does, that neither can be read without the other.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'A file must not reach itself through its imports. Move what both sides need below them.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)(dist|dist-server|node_modules)/'] },
    tsPreCompilationDeps: true,
    // The web app's '@/...' paths; the server's '.js' specifiers resolve to their '.ts' files.
    tsConfig: { fileName: `${__dirname}/apps/web/tsconfig.json` },
    enhancedResolveOptions: { conditionNames: ['source', 'import', 'default'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
