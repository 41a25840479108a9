import { describe, expect, it } from 'vitest';
import enShell from '../../locales/en/shell.json';

describe('spec strings', () => {
  it('quote the English texts of spec §2 exactly', () => {
    expect(enShell.search.placeholder).toBe('Search files and courses...');
    expect(enShell.shared.newCourses).toBe('New courses');
    expect(enShell.shared.find).toBe('Find a course');
    expect(enShell.shared.empty).toBe('No shared courses yet');
    expect(enShell.header.viewFile).toBe('View File');
    expect(enShell.header.share).toBe('Share');
    expect(enShell.signIn.link).toBe('Sign In');
    expect(enShell.plan.label).toBe('{{plan}} Plan');
  });
});
