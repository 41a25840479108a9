import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { learnPathInput, reportInput } from './learn';
import { sharedContextFields, studyContextFields } from './shared-context';
import { lessonStatsInput } from './stats';

const context = z.object(sharedContextFields);

describe('the shared-course context, one definition', () => {
  it('takes ?uuid=&id= as strings, a number as its digits, and nothing longer than 100 characters', () => {
    expect(context.parse({ uuid: 'b7c0d3a4', id: 7 })).toEqual({ uuid: 'b7c0d3a4', id: '7' });
    expect(context.parse({})).toEqual({});
    expect(context.safeParse({ uuid: 'x'.repeat(101) }).success).toBe(false);
    expect(context.safeParse({ id: { nested: true } }).success).toBe(false);
  });

  it('is the same in the study inputs and in the server actions, which all take it in either form', () => {
    expect(learnPathInput.parse({ fileId: 'f1', uuid: 'u', id: 3 })).toEqual({ fileId: 'f1', uuid: 'u', id: '3' });
    expect(learnPathInput.parse({ fileId: 'f1', isShared: true, sharedSpaceId: 's1' })).toEqual({ fileId: 'f1', isShared: true, sharedSpaceId: 's1' });
    expect(Object.keys(reportInput.shape)).toEqual(['challengeId', ...Object.keys(studyContextFields)]);
    expect(lessonStatsInput.parse({ lessonId: 'l1', uuid: 'u', id: 'f1' })).toEqual({ lessonId: 'l1', uuid: 'u', id: 'f1' });
    expect(lessonStatsInput.parse({ lessonId: 'l1', isShared: true, sharedSpaceId: 's1' })).toEqual({ lessonId: 'l1', isShared: true, sharedSpaceId: 's1' });
    expect(lessonStatsInput.safeParse({ lessonId: 'l1', isShared: 'yes' }).success).toBe(false);
  });
});
