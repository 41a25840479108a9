import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { studyContextFields } from '../../shared/shared-context';
import { sharedStudyOf } from '../sharing/study-access';
import { sharedContext } from './init';
import { appRouter } from './router';

/** The top-level keys an input schema declares: an object's, each option's of a union, a pipe's input's. */
function declaredKeys(schema: z.ZodType): string[] {
  const def = schema.def as { type: string; shape?: Record<string, z.ZodType>; options?: z.ZodType[]; in?: z.ZodType; innerType?: z.ZodType };
  switch (def.type) {
    case 'object':
      return Object.keys(def.shape ?? {});
    case 'union':
      return (def.options ?? []).flatMap(declaredKeys);
    case 'pipe':
      return def.in ? declaredKeys(def.in) : [];
    case 'optional':
    case 'default':
    case 'nullable':
      return def.innerType ? declaredKeys(def.innerType) : [];
    default:
      return [];
  }
}

interface ProcedureDef {
  _def: { inputs: z.ZodType[]; middlewares: unknown[] };
}
const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, ProcedureDef>);
const sharedFields = ['uuid', 'sharedSpaceId'];

describe('the shared-course context of a request', () => {
  it('is read by every procedure that takes it, and only by those', () => {
    const readers = sharedContext._middlewares;
    // The spaces' own procedures name the space they act on by its link id; that is their subject, not a context.
    const takesContext = procedures.filter(
      ([path, p]) => !path.startsWith('spaces.') && p._def.inputs.some((input) => declaredKeys(input).some((key) => sharedFields.includes(key))),
    );
    const readsContext = procedures.filter(([, p]) => readers.every((reader) => p._def.middlewares.includes(reader)));
    // The study tabs, the file procedures a member uses, the statistics and reports: a procedure that declared the
    // fields and did not read them (as the lesson player's retry once went without them) would be refused in a course.
    expect(takesContext.length).toBeGreaterThan(30);
    expect(readsContext.map(([path]) => path).sort()).toEqual(takesContext.map(([path]) => path).sort());
    // And each takes it in both of the spec's forms: one shape of context for every caller.
    for (const [path, p] of takesContext) {
      const keys = p._def.inputs.flatMap(declaredKeys);
      expect({ path, missing: Object.keys(studyContextFields).filter((key) => !keys.includes(key)) }).toEqual({ path, missing: [] });
    }
  });

  it('is the same value in either of the spec forms, and none when empty or not well formed', () => {
    expect(sharedStudyOf({ fileId: '1', uuid: 'abc', id: 7 })).toEqual({ uuid: 'abc' });
    expect(sharedStudyOf({ lessonId: '1', isShared: true, sharedSpaceId: 'abc' })).toEqual({ spaceId: 'abc' });
    // The flags mean nothing without isShared, as the spec's server actions send them for a student's own file.
    expect(sharedStudyOf({ isShared: false, sharedSpaceId: 'abc' })).toBeUndefined();
    expect(sharedStudyOf({ uuid: '' })).toBeUndefined();
    expect(sharedStudyOf({ fileId: '1' })).toBeUndefined();
    expect(sharedStudyOf(undefined)).toBeUndefined();
    expect(sharedStudyOf('abc')).toBeUndefined();
    // A malformed flag does not hide a well-formed link id (the procedure's own input check judges the rest).
    expect(sharedStudyOf({ uuid: 'abc', isShared: 'yes' })).toEqual({ uuid: 'abc' });
    expect(sharedStudyOf({ uuid: 'x'.repeat(101) })).toBeUndefined();
  });
});
