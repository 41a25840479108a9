import { describe, expect, it } from 'vitest';
import en from '../../locales/en/courses.json';

describe('spec strings', () => {
  it('quote the toasts and messages of spec §5 and §8 exactly', () => {
    expect(en.create.success).toBe('Course created successfully');
    expect(en.create.failure).toBe('Failed to create course');
    expect(en.rename.pending).toBe('Renaming...');
    expect(en.rename.fileSuccess).toBe('File renamed successfully');
    expect(en.rename.courseSuccess).toBe('Course renamed successfully');
    expect(en.rename.fileNotFound).toBe('File not found. Try to refresh the page.');
    expect(en.rename.courseNotFound).toBe('Course not found. Try to refresh the page.');
    expect(en.rename.fileFailure).toBe('Failed to rename file. Please try again');
    expect(en.rename.courseFailure).toBe('Failed to rename course. Please try again');
    expect(en.deleteCourse.mismatch).toBe("Course name doesn't match. Please try again.");
    expect(en.deleteCourse.success).toBe('Course deleted successfully');
    expect(en.deleteCourse.notFound).toBe('Course has already been deleted. Try to refresh the page.');
    expect(en.deleteCourse.failure).toBe('Failed to delete course. Please try again');
    expect(en.deleteFile.notFound).toBe('File has already been deleted. Try to refresh the page.');
    expect(en.deleteFile.failure).toBe('Failed to delete file. Please try again');
  });
});
