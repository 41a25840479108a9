import { describe, expect, it } from 'vitest';

describe('zod without eval in the browser', () => {
  it('makes every zod parse jitless, set before zod is first loaded', async () => {
    await import('./zod-jitless');
    const { config } = await import('zod/v4/core');
    expect(config().jitless).toBe(true);
    const { z } = await import('zod');
    expect(z.object({ name: z.string() }).parse({ name: 'Lena' })).toEqual({ name: 'Lena' });
  });
});
