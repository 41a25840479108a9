import type { AnswerContext, AnswerEvent, CourseDescriptionEvent, CourseInput, StudyDocument, StudyEngine } from '../engine';

/** The messages between the local engine's thread (study-thread.ts) and its caller (threaded-engine.ts). */
export type ArtefactMethod = Exclude<keyof StudyEngine, 'name' | 'describeCourse' | 'answer' | 'readAhead'>;

export type ThreadRequest =
  | { id: number; method: ArtefactMethod; document: StudyDocument }
  | { id: number; method: 'readAhead'; document: StudyDocument; pageCount: number }
  | { id: number; method: 'describeCourse'; course: CourseInput }
  | { id: number; method: 'answer'; question: string; context: AnswerContext; /** The pace of the streamed answer. */ wordMs?: number | undefined }
  | { id: number; method: 'cancel' };

/** A failure crossing the thread boundary: a StudyEngineError keeps its key, params and retryability. */
export interface ThreadError {
  message: string;
  engineError?: { key: string; params: Record<string, string | number>; retryable: boolean };
}

export type ThreadReply =
  | { id: number; type: 'result'; value: unknown }
  | { id: number; type: 'event'; event: CourseDescriptionEvent }
  | { id: number; type: 'answer'; event: AnswerEvent }
  | { id: number; type: 'done' }
  | { id: number; type: 'error'; error: ThreadError };
