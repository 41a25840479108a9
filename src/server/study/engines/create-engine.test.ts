import { expect, test } from 'vitest';
import { loadConfig } from '../../config';
import { createStudyEngine } from './create-engine';

test('the local engine by default, the llm engine once an AI endpoint is configured', () => {
  expect(createStudyEngine(loadConfig({ DATABASE_URL: 'memory://' })).name).toBe('local');
  expect(createStudyEngine(loadConfig({ DATABASE_URL: 'memory://', AI_BASE_URL: 'http://127.0.0.1:9/v1' })).name).toBe('llm');
});
