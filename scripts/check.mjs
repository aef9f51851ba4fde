// The whole suite, as `pnpm run check` (the README's test command and CI's) runs it.
//
// First, side by side, the steps that need nothing built: the lint and format check, the
// documentation's build, the type checks and the build itself (which writes only to dist
// folders, which the other three do not read). Each keeps about one core busy at a time, so on two cores
// they end sooner together than one after another. Their output is shown whole as each ends,
// not interleaved. Then, one after another, what needs the build: the unit and API tests, the
// browser tests and the benchmark's smoke run. A failed step ends the run with its exit code
// (the side-by-side steps all finish first, so each failure is shown).
import { spawn } from 'node:child_process';
import process from 'node:process';

/** The steps that need nothing built, run side by side. */
const SIDE_BY_SIDE = ['lint', 'docs:build', 'typecheck', 'build'];
/** The steps that need the build, in order. */
const IN_TURN = ['test:unit', 'test:e2e', 'bench:smoke'];

// `pnpm run check` names the pnpm that runs it; run directly, the pinned one through npx.
const pnpm = process.env.npm_execpath?.includes('pnpm')
  ? [process.execPath, process.env.npm_execpath]
  : ['npx', '-y', 'pnpm@10.34.9'];

const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;

/** Runs `pnpm run <script>`; with `quiet`, keeps its output and answers it with the exit code. */
function run(script, { quiet = false } = {}) {
  const started = Date.now();
  const child = spawn(pnpm[0], [...pnpm.slice(1), 'run', script], {
    stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    shell: process.platform === 'win32',
  });
  const output = [];
  if (quiet) {
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
  }
  return new Promise((resolve) => {
    child.on('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      resolve({ script, code: 1, output, took: seconds(started) });
    });
    child.on('close', (code, signal) =>
      resolve({ script, code: code ?? (signal ? 1 : 0), output, took: seconds(started) }),
    );
  });
}

let failed = null;
const sideBySide = SIDE_BY_SIDE.map(async (script) => {
  const result = await run(script, { quiet: true });
  const verdict = result.code === 0 ? 'passed' : `FAILED (exit ${result.code})`;
  process.stdout.write(`\n> ${result.script}: ${verdict} in ${result.took}\n`);
  process.stdout.write(Buffer.concat(result.output));
  if (result.code !== 0) failed ??= result;
});
await Promise.all(sideBySide);
if (failed) process.exit(failed.code);

for (const script of IN_TURN) {
  process.stdout.write(`\n> ${script}\n`);
  const result = await run(script);
  process.stdout.write(
    `> ${script}: ${result.code === 0 ? 'passed' : 'FAILED'} in ${result.took}\n`,
  );
  if (result.code !== 0) process.exit(result.code);
}
