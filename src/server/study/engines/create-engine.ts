import type { Config } from '../../config';
import type { StudyEngine } from './engine';
import { createLlmEngine } from './llm/llm-engine';
import { createThreadedLocalEngine } from './local/threaded-engine';

/**
 * The study engine this process uses, chosen once at start-up (DESIGN §6): a model behind an OpenAI-compatible
 * endpoint when AI_BASE_URL or AI_API_KEY is set (config.ai), else the offline local engine, in a thread of its own.
 */
export function createStudyEngine(config: Pick<Config, 'ai' | 'localTutorWordMs'>): StudyEngine {
  return config.ai ? createLlmEngine(config.ai) : createThreadedLocalEngine({ answerWordMs: config.localTutorWordMs });
}
