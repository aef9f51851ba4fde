/**
 * A portal process as far as jobs go, for tests that kill one: starts a runner on the database
 * at argv[2] with a job that never ends, queues one run of it, prints "started <id>" when the
 * run begins, and waits to be killed.
 */
import { connect } from '@chamber/db';
import { JobRunner } from '../background/runner.js';
import { FAST, recordingLog, STUCK_JOB } from './jobs.js';

const url = process.argv[2]!;
const handle = connect(url, { max: 1 });
const runner = await JobRunner.start({
  url,
  db: handle.db,
  log: recordingLog(),
  timing: FAST,
  definitions: [
    {
      ...STUCK_JOB,
      run: async ({ jobId }) => {
        console.log(`started ${jobId}`);
        await new Promise(() => {});
      },
    },
  ],
});
await runner.send(STUCK_JOB.name);
