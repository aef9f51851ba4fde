import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-server/**',
      '**/node_modules/**',
      'data/**',
      '.data-*/**',
      'test-results/**',
      'playwright-report/**',
      'docs/.vitepress/dist/**',
      'docs/.vitepress/cache/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  // Imports flow one way: components/, lib/, config/ → features/ → app/.
  {
    files: ['apps/web/src/components/**', 'apps/web/src/lib/**', 'apps/web/src/config/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/**', '@/app/**', '**/features/**', '**/app/**'],
              message: 'Shared code does not import features or the app.',
            },
          ],
        },
      ],
    },
  },
  {
    // Features must not import each other; shared code lives in components/ and lib/.
    files: ['apps/web/src/features/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/**', '@/app/**', '**/features/**', '../../*/**'],
              message:
                'Features do not import each other or the app; import within a feature relatively.',
            },
          ],
        },
      ],
    },
  },
  // An Intl formatter holds ICU memory the garbage collector does not see: the server and the
  // shared rules take theirs from intl-formats.ts, built once per locale and options.
  {
    files: ['apps/server/src/**/*.ts', 'packages/contract/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'packages/contract/src/intl-formats.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.object.name='Intl']",
          message:
            "Use dateTimeFormat() or numberFormat() from '@chamber/contract' (intl-formats.ts).",
        },
      ],
    },
  },
  // The body breaks long words anywhere (index.css); 'break-words' on an element undoes that
  // and lets a pasted address widen its flex or grid track past a phone's screen.
  {
    files: ['apps/web/src/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'Literal[value=/\\bbreak-words\\b/], TemplateElement[value.raw=/\\bbreak-words\\b/]',
          message:
            "Leave out 'break-words': text inherits overflow-wrap: anywhere from the body, which also lets flex and grid items shrink below a long word.",
        },
      ],
    },
  },
  // Server modules meet at their entries (modules/<name>/index.ts): what a module exports
  // there is its contract with the others; its other files are its own business.
  {
    files: ['apps/server/src/modules/*/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./[^./][^/]*/(?!index\\.js$)',
              message: "Import another module through its index.ts ('../<module>/index.js').",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/modules/**',
      'apps/server/src/**/*.test.ts',
      'apps/server/src/test/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)modules/[^/]+/(?!index\\.js$)',
              message: "Import a module through its index.ts ('modules/<module>/index.js').",
            },
          ],
        },
      ],
    },
  },
);
