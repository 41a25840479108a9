import type { Job } from 'pg-boss';
import { studyArtefactKinds, type StudyArtefactKind } from '../../db/schema';
import type { Jobs } from '../../jobs/boss';
import { DocumentCache, generateArtefact, type PipelineDependencies } from './pipeline';

export const STUDY_QUEUE = 'study-artefact';

/**
 * One job per artefact of a file. Unexpected errors (database, an endpoint's timeout) are retried with backoff; the
 * artefact is failed with a reason on the last attempt (pipeline.ts). 'short' with the artefact as singleton key: at
 * most one job per artefact waits, however often the sweep offers it, while a new one may wait behind a running one
 * (regenerating right after a run finished). Jobs that claim an artefact already taken end at once.
 */
export const STUDY_RETRY_LIMIT = 3;
/**
 * A worker refreshes the heartbeat of each job it runs every half of this (the local engine works in a thread of its
 * own, so the event loop is free to). A process killed with SIGKILL stops refreshing, and pg-boss's supervisor
 * (jobs/boss.ts) fails its jobs into their retry about half a minute later, instead of after `expireInSeconds`; the
 * retry takes over the artefact left 'running' (`retrying`). `job.signal` stays as it was, and also aborts when a
 * heartbeat finds the job taken from this worker, so a late result is not stored over the retry's.
 */
const HEARTBEAT_SECONDS = 20;
/** Everything but the policy, which updateQueue cannot change. */
const queueSettings = {
  retryLimit: STUDY_RETRY_LIMIT,
  retryDelay: 2,
  retryBackoff: true,
  retryDelayMax: 120,
  expireInSeconds: 15 * 60,
  heartbeatSeconds: HEARTBEAT_SECONDS,
} as const;

/** pg-boss's shortest poll; senders in this process also wake the workers at once (StudyQueue.send). */
const POLLING_SECONDS = 0.5;
/** Jobs run side by side per process: engine calls to an endpoint wait on the network, the local engine on the CPU. */
const CONCURRENCY = 2;

interface StudyJobData {
  fileId: string;
  kind: StudyArtefactKind;
}

export interface StudyQueue {
  /** Sends a job for each kind (already marked queued in the database) and wakes this process's workers. */
  send(fileId: string, kinds?: readonly StudyArtefactKind[]): Promise<void>;
}

/** Sends jobs without waking anyone: for a process that runs no workers of its own. */
export async function sendStudyJobs(jobs: Jobs, fileId: string, kinds: readonly StudyArtefactKind[] = studyArtefactKinds) {
  if (kinds.length === 0) return;
  await jobs.insert(
    STUDY_QUEUE,
    kinds.map((kind) => ({ data: { fileId, kind } satisfies StudyJobData, singletonKey: `${fileId}:${kind}` })),
  );
}

async function runJob(dependencies: PipelineDependencies, job: Job<StudyJobData>) {
  await generateArtefact(dependencies, job.data.fileId, job.data.kind, {
    retrying: job.retryCount > 0,
    lastAttempt: job.retryCount >= STUDY_RETRY_LIMIT,
    signal: job.signal,
  });
}

/** Creates the queue and starts this process's workers for it. */
export async function registerStudyJobs(jobs: Jobs, given: PipelineDependencies): Promise<StudyQueue> {
  const dependencies = { ...given, documents: given.documents ?? new DocumentCache() };
  await jobs.createQueue(STUDY_QUEUE, { policy: 'short', ...queueSettings });
  // createQueue leaves an existing queue as it was: a database made by an older version gets the settings here.
  await jobs.updateQueue(STUDY_QUEUE, queueSettings);
  const workerIds: string[] = [];
  // A worker waits out the rest of its poll interval after a job; woken, it fetches the next artefact at once instead.
  const wake = () => {
    for (const id of workerIds) jobs.notifyWorker(id);
  };
  for (let index = 0; index < CONCURRENCY; index += 1) {
    workerIds.push(
      await jobs.work<StudyJobData>(STUDY_QUEUE, { pollingIntervalSeconds: POLLING_SECONDS }, async ([job]) => {
        if (!job) return;
        try {
          await runJob(dependencies, job);
        } finally {
          wake();
        }
      }),
    );
  }
  return {
    async send(fileId, kinds = studyArtefactKinds) {
      await sendStudyJobs(jobs, fileId, kinds);
      wake();
    },
  };
}
