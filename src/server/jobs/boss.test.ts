import { afterAll, expect, test } from 'vitest';
import { createTestServices } from '../test/harness';

// On PGlite by default and, in CI's PostgreSQL stage, on a real server: the queue runs on the app's own database.
const services = await createTestServices({ env: { JOBS_ENABLED: 'true' } });
afterAll(() => services.close());

test('the job queue starts on the app database and runs a job sent to it', async () => {
  const jobs = services.jobs;
  if (!jobs) throw new Error('JOBS_ENABLED=true must start the job queue');
  await jobs.createQueue('foundation-check');
  const received = new Promise<unknown>((resolve) => {
    void jobs.work<{ fileId: string }>('foundation-check', { pollingIntervalSeconds: 0.5 }, async ([job]) => {
      resolve(job?.data);
    });
  });
  await jobs.send('foundation-check', { fileId: 'f-1' });
  await expect(received).resolves.toEqual({ fileId: 'f-1' });
});

test('jobs are kept in the database, where another process would find them', async () => {
  const jobs = services.jobs;
  if (!jobs) throw new Error('JOBS_ENABLED=true must start the job queue');
  await jobs.createQueue('foundation-kept');
  const id = await jobs.send('foundation-kept', { n: 1 });
  expect(id).toBeTruthy();
  const stored = await jobs.getJobById('foundation-kept', id ?? '');
  expect(stored?.data).toEqual({ n: 1 });
});
