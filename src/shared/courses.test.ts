import { describe, expect, it } from 'vitest';
import { courseNameSchema, createCourseSchema, fileNameSchema } from './courses';

describe('courseNameSchema', () => {
  it('trims and accepts 1 to 100 characters', () => {
    expect(courseNameSchema.parse('  Biology  ')).toBe('Biology');
    expect(courseNameSchema.safeParse('x'.repeat(100)).success).toBe(true);
    expect(courseNameSchema.safeParse('x'.repeat(101)).success).toBe(false);
    expect(courseNameSchema.safeParse(' \t ').success).toBe(false);
  });
});

describe('createCourseSchema', () => {
  it("defaults to the provider's gpt-4o-mini and English, and stores the spec's spelling of the model the same", () => {
    expect(createCourseSchema.parse({ name: 'Biology' })).toEqual({
      name: 'Biology',
      model: 'gpt-4o-mini',
      language: 'en',
    });
    expect(createCourseSchema.parse({ name: 'Biologie', model: 'gpt4o-mini', language: 'de' })).toMatchObject({
      model: 'gpt-4o-mini',
      language: 'de',
    });
    expect(createCourseSchema.safeParse({ name: 'Biology', model: 'gpt-5' }).success).toBe(false);
  });
});

describe('fileNameSchema', () => {
  it('accepts ordinary names, including dots, spaces and non-Latin letters', () => {
    expect(fileNameSchema.parse(' Übung 1.2 — Zellen.pdf ')).toBe('Übung 1.2 — Zellen.pdf');
  });

  it.each(['', '   ', 'a/b.pdf', 'a\\b.pdf', 'tab\there', 'nul\u0000', 'del\u007f', 'x'.repeat(256)])(
    'refuses %j',
    (name) => {
      expect(fileNameSchema.safeParse(name).success).toBe(false);
    },
  );
});
