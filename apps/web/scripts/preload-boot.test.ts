import { describe, expect, it } from 'vitest';
import { bootChunks } from './preload-boot.ts';

type Chunk = { imports: string[]; dynamicImports: string[]; moduleIds: string[] };
const chunk = (imports: string[] = [], dynamicImports: string[] = [], moduleIds: string[] = []) =>
  ({ imports, dynamicImports, moduleIds }) satisfies Chunk;
const main = '/app/src/main.tsx';

describe('the chunks the app starts with', () => {
  it('are the entry’s imports and its turns, when main.tsx is in the entry chunk', () => {
    const chunks: Record<string, Chunk> = {
      'react.js': chunk(),
      'client.js': chunk(['react.js', 'scheduler.js']),
      'scheduler.js': chunk(),
      'router.js': chunk(['react.js']),
      'admin.js': chunk(['react.js']),
    };
    const entry = {
      fileName: 'index.js',
      facadeModuleId: main,
      ...chunk(['react.js'], ['client.js', 'router.js'], [main]),
    };
    expect(bootChunks(entry, (f) => chunks[f])).toEqual([
      'react.js',
      'client.js',
      'scheduler.js',
      'router.js',
    ]);
  });

  it('take the turns from the chunk holding main.tsx when the entry is a facade that imports it', () => {
    const chunks: Record<string, Chunk> = {
      'web.js': chunk(['runtime.js'], ['client.js', 'start.js'], [main, '/app/src/page-data.ts']),
      // A chunk the entry reaches statically whose own dynamic imports are not a turn.
      'runtime.js': chunk([], ['admin.js']),
      'client.js': chunk(['runtime.js', 'react.js']),
      'react.js': chunk(['runtime.js']),
      'start.js': chunk(['react.js']),
      'admin.js': chunk(['react.js']),
    };
    const entry = { fileName: 'index.js', facadeModuleId: main, ...chunk(['web.js']) };
    expect(bootChunks(entry, (f) => chunks[f])).toEqual([
      'web.js',
      'runtime.js',
      'client.js',
      'react.js',
      'start.js',
    ]);
  });
});
