import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { Plan } from '../../../shared/plans';
import { SPACES_KEY } from '../../lib/spaces';
import { useTRPC } from '../../lib/trpc';
import { postFiles, type CreatedFile, type ServerRefusal } from './upload-request';
import { batchProblem, fileProblem, fileProgress, type Problem } from './upload-rules';

export interface ChosenFile {
  key: string;
  file: File;
}

export type UploadPhase =
  | { name: 'choosing' }
  | { name: 'uploading'; sentBytes: number }
  | { name: 'refused'; status: number; error: ServerRefusal }
  | { name: 'failed'; status?: number; error?: ServerRefusal }
  | { name: 'uploaded'; created: CreatedFile[] };

let chosenCount = 0;
const identity = (file: File) => `${file.name}\u0000${file.size}\u0000${file.lastModified}`;

/**
 * After an upload the dashboard and the sidebar list the new files: every course and file query is refetched, and the
 * shared courses' ones (the sidebar's Shared Courses, the course's page) after an upload into a shared course.
 */
export function useRefreshCourses(uuid?: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries(trpc.directory.pathFilter()),
      queryClient.invalidateQueries(trpc.file.pathFilter()),
      uuid ? queryClient.invalidateQueries({ queryKey: SPACES_KEY }) : undefined,
    ]);
}

/**
 * The files a student has chosen for one course and their single upload. Nothing chosen is lost on a refusal or a
 * network failure: the list stays as it was, ready to change or to send again. `uuid`: the course is a shared one, and
 * the upload goes through its space.
 */
export function useFileUpload(directoryId: string, plan: Plan | undefined, uuid?: string) {
  const [chosen, setChosen] = useState<ChosenFile[]>([]);
  const [phase, setPhase] = useState<UploadPhase>({ name: 'choosing' });
  const abortRef = useRef<(() => void) | null>(null);
  const refreshCourses = useRefreshCourses(uuid);

  useEffect(() => () => abortRef.current?.(), []);

  const busy = phase.name === 'uploading';
  const problems = new Map(chosen.map(({ key, file }) => [key, fileProblem(file, plan)] as const));
  const tooMany: Problem | null = batchProblem(chosen.length, plan);
  // A refused upload stays refused until the list changes; a failed one may be sent again as it is.
  const canUpload = !busy && phase.name !== 'uploaded' && phase.name !== 'refused' && chosen.length > 0 && !tooMany && [...problems.values()].every((problem) => !problem);
  const progress =
    phase.name === 'uploading'
      ? fileProgress(chosen.map(({ file }) => file.size), phase.sentBytes)
      : chosen.map(() => (phase.name === 'uploaded' ? 1 : 0));

  /** Any change to the list clears an earlier refusal: it was about the old list. */
  const editList = (change: (list: ChosenFile[]) => ChosenFile[]) => {
    if (busy || phase.name === 'uploaded') return;
    setChosen(change);
    setPhase({ name: 'choosing' });
  };

  const add = (files: Iterable<File>) =>
    editList((list) => {
      const known = new Set(list.map(({ file }) => identity(file)));
      const added: ChosenFile[] = [];
      for (const file of files) {
        if (known.has(identity(file))) continue;
        known.add(identity(file));
        chosenCount += 1;
        added.push({ key: `chosen-${chosenCount}`, file });
      }
      return [...list, ...added];
    });

  const remove = (key: string) => editList((list) => list.filter((entry) => entry.key !== key));

  const upload = async () => {
    if (!canUpload) return;
    setPhase({ name: 'uploading', sentBytes: 0 });
    const request = postFiles({
      directoryId,
      uuid,
      files: chosen.map(({ file }) => file),
      onProgress: (sentBytes) => setPhase((current) => (current.name === 'uploading' ? { name: 'uploading', sentBytes } : current)),
    });
    abortRef.current = request.abort;
    const answer = await request.done;
    abortRef.current = null;
    if (answer.kind === 'created') {
      setPhase({ name: 'uploaded', created: answer.files });
      await refreshCourses();
    } else if (answer.kind === 'refused') {
      setPhase({ name: 'refused', status: answer.status, error: answer.error });
    } else {
      setPhase({ name: 'failed', status: answer.status, error: answer.error });
    }
  };

  /** "Upload more": a fresh, empty list for the same course. */
  const reset = () => {
    setChosen([]);
    setPhase({ name: 'choosing' });
  };

  return { chosen, phase, problems, tooMany, progress, busy, canUpload, add, remove, upload, reset };
}
