import type { Config } from '../config';
import type { StudyEngine } from './engine';
import { createLlmEngine } from './llm/llm-engine';
import { createLocalEngine } from './local/local-engine';

/**
 * The study engine this process uses, chosen once at start-up (DESIGN §6): a model behind an OpenAI-compatible
 * endpoint when AI_BASE_URL or AI_API_KEY is set (config.ai), else the offline local engine.
 */
export function createStudyEngine(config: Pick<Config, 'ai'>): StudyEngine {
  return config.ai ? createLlmEngine(config.ai) : createLocalEngine();
}
