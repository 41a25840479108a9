import { describe, expect, it } from 'vitest';
import { courseNameMatches, renameOutcome, withoutCourse, withoutFile } from './course-list';

const courses = [
  { id: 'c1', files: [{ id: 'f1' }, { id: 'f2' }] },
  { id: 'c2', files: [{ id: 'f3' }] },
];

describe('optimistic list updates', () => {
  it('removes a course and keeps the others in order', () => {
    expect(withoutCourse(courses, 'c1')).toEqual([courses[1]]);
    expect(withoutCourse(courses, 'missing')).toEqual(courses);
    expect(withoutCourse(undefined, 'c1')).toBeUndefined();
  });

  it('removes a file from its course and leaves other courses untouched', () => {
    const next = withoutFile(courses, 'f1');
    expect(next).toEqual([{ id: 'c1', files: [{ id: 'f2' }] }, courses[1]]);
    expect(next?.[1]).toBe(courses[1]);
    expect(withoutFile(undefined, 'f1')).toBeUndefined();
  });
});

describe('name validation', () => {
  it('tells blank, unchanged and new names apart after trimming', () => {
    expect(renameOutcome('Biology', '   ')).toBe('blank');
    expect(renameOutcome('Biology', ' Biology ')).toBe('unchanged');
    expect(renameOutcome('Biology', 'Biology 2')).toBe('rename');
  });

  it('accepts only the exact course name for deletion', () => {
    expect(courseNameMatches('Biology', 'Biology')).toBe(true);
    expect(courseNameMatches('Biology', ' Biology ')).toBe(true);
    expect(courseNameMatches('Biology', 'biology')).toBe(false);
    expect(courseNameMatches('Biology', '')).toBe(false);
  });
});
