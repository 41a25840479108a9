import { ConfigError } from './config-error';
import type { Env, GivenEnv } from './env-schema';

/**
 * The AI model of the llm study engine: an OpenAI-compatible endpoint (AI_*). Without one the server studies with the
 * offline local engine, which needs no key. Matches createLlmEngine's options
 * (src/server/study/engines/llm/llm-engine.ts).
 */
export interface AiConfig {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
  timeoutMs: number;
}

export const DEFAULT_AI_BASE_URL = 'https://api.openai.com/v1';

/**
 * The llm engine is on when AI_BASE_URL or AI_API_KEY is set (a key alone means OpenAI itself). AI_MODEL or
 * AI_TIMEOUT_SECONDS without either would be silently ignored, so they stop the start instead.
 */
export function aiConfig(env: Env, given: GivenEnv): AiConfig | null {
  if (env.AI_BASE_URL === undefined && env.AI_API_KEY === undefined) {
    const stray = (['AI_MODEL', 'AI_TIMEOUT_SECONDS'] as const).filter((name) => given[name] !== undefined);
    if (stray.length > 0) {
      throw new ConfigError(
        `Invalid configuration: AI_BASE_URL or AI_API_KEY: must be set to use an AI model (set without them: ${stray.join(', ')})`,
      );
    }
    return null;
  }
  return {
    baseUrl: env.AI_BASE_URL ?? DEFAULT_AI_BASE_URL,
    apiKey: env.AI_API_KEY,
    model: env.AI_MODEL,
    timeoutMs: env.AI_TIMEOUT_SECONDS * 1000,
  };
}
