import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { localizeTestimonial, TESTIMONIALS } from './testimonials';

const PUBLIC_DIR = path.resolve(import.meta.dirname, '../../../public');

describe('testimonials', () => {
  it('has exactly the 8 of spec §1, each person once', () => {
    expect(TESTIMONIALS).toHaveLength(8);
    expect(new Set(TESTIMONIALS.map((testimonial) => testimonial.name)).size).toBe(8);
  });

  it.each(TESTIMONIALS.map((testimonial) => [testimonial.name, testimonial] as const))(
    '%s has English and German text and role and a local avatar',
    (_name, testimonial) => {
      for (const locale of ['en', 'de'] as const) {
        expect(testimonial.text[locale].trim().length).toBeGreaterThan(40);
        expect(testimonial.role[locale].trim()).not.toBe('');
      }
      expect(testimonial.text.de).not.toBe(testimonial.text.en);
      expect(testimonial.imageSrc).toMatch(/^\/testimonials\/[a-z-]+\.svg$/);
      expect(existsSync(path.join(PUBLIC_DIR, testimonial.imageSrc))).toBe(true);
    },
  );

  it('gives the spec entity (text, imageSrc, name, role) in one language, English for any other', () => {
    const [first] = TESTIMONIALS;
    expect(first && localizeTestimonial(first, 'de')).toEqual({
      name: first?.name,
      imageSrc: first?.imageSrc,
      role: first?.role.de,
      text: first?.text.de,
    });
    expect(first && localizeTestimonial(first, 'fr').text).toBe(first?.text.en);
  });
});
