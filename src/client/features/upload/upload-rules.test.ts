import { describe, expect, it } from 'vitest';
import { PLANS } from '../../../shared/plans';
import { i18n } from '../../lib/i18n';
import { ACCEPTED_TYPES, batchProblem, fileProblem, fileProgress, formatFileSize, offersUpgrade, sentFileBytes } from './upload-rules';

const MB = 1024 * 1024;
const t = i18n.getFixedT('en');

describe('pre-checks of chosen files', () => {
  it('accepts documents and images by extension, whatever their case', () => {
    expect(ACCEPTED_TYPES).toBe('.pdf,.txt,.md,.markdown,.pptx,.doc,.docx,.jpg,.jpeg,.png,.webp');
    for (const name of ['a.pdf', 'b.DOCX', 'c.doc', 'd.pptx', 'e.txt', 'f.jpg', 'g.JPEG', 'h.png', 'i.webp', 'Notizen.md', 'Notes.MARKDOWN']) {
      expect(fileProblem({ name, size: 10 }, PLANS.free)).toBeNull();
    }
  });

  it('refuses other types and files without an extension with the server’s words', () => {
    for (const name of ['setup.exe', 'slides.ppt', 'notes', 'archive.pdf.zip', 'drawing.svg', 'photo.heic']) {
      const problem = fileProblem({ name, size: 10 }, PLANS.free);
      expect(problem && t(problem.key, problem.params)).toBe('This file is not a PDF, Word, PowerPoint, text, Markdown or image file.');
    }
  });

  it('refuses an empty file', () => {
    const problem = fileProblem({ name: 'blank.txt', size: 0 }, PLANS.free);
    expect(problem && t(problem.key, problem.params)).toBe('This file is empty.');
  });

  it('refuses a file over the plan’s size in megabytes, naming it, and lets one at the limit through', () => {
    expect(fileProblem({ name: 'big.pdf', size: 100 * MB }, PLANS.pro)).toBeNull();
    const problem = fileProblem({ name: 'big.pdf', size: 100 * MB + 1 }, PLANS.pro);
    expect(problem && t(problem.key, problem.params)).toBe('big.pdf is larger than the 100 MB your plan allows.');
    expect(fileProblem({ name: 'big.pdf', size: 100 * MB + 1 }, PLANS.free)).toBeNull();
  });

  it('leaves the size to the server while the plan is unknown', () => {
    expect(fileProblem({ name: 'huge.pdf', size: 10_000 * MB }, undefined)).toBeNull();
  });

  it('refuses more files than the plan allows per upload', () => {
    expect(batchProblem(1, PLANS.free)).toBeNull();
    const problem = batchProblem(2, PLANS.free);
    expect(problem && t(problem.key, problem.params)).toBe('Files per upload on your Free plan: 1. Upgrade for more.');
    expect(batchProblem(3, PLANS.pro)).toBeNull();
    expect(batchProblem(4, PLANS.pro)?.params).toEqual({ plan: 'Pro', limit: 3, count: 4 });
  });
});

describe('which refusals offer the upgrade', () => {
  it('offers it for plan limits a bigger plan raises', () => {
    expect(offersUpgrade({ status: 403, messageKey: 'uploadTooManyFiles' }, 'free')).toBe(true);
    expect(offersUpgrade({ status: 403, messageKey: 'uploadMonthlyLimitReached' }, 'free')).toBe(true);
    expect(offersUpgrade({ status: 403, messageKey: 'uploadMonthlyLimitTooFew' }, 'pro')).toBe(true);
    expect(offersUpgrade({ status: 413, messageKey: 'uploadFileTooLarge' }, 'pro')).toBe(true);
  });

  it('does not offer it when no plan allows more', () => {
    // Free already allows the largest files of any plan, and Enterprise the most files per upload.
    expect(offersUpgrade({ status: 413, messageKey: 'uploadFileTooLarge' }, 'free')).toBe(false);
    expect(offersUpgrade({ status: 403, messageKey: 'uploadTooManyFiles' }, 'enterprise')).toBe(false);
  });

  it('does not offer it for refusals no plan lifts', () => {
    expect(offersUpgrade({ status: 415, messageKey: 'uploadRefusedFile' }, 'free')).toBe(false);
    expect(offersUpgrade({ status: 400, messageKey: 'uploadNoFiles' }, 'free')).toBe(false);
    expect(offersUpgrade({ status: 413, messageKey: 'uploadRequestTooLarge' }, 'free')).toBe(false);
    expect(offersUpgrade({ status: 403, messageKey: 'foreignOrigin' }, 'free')).toBe(false);
    expect(offersUpgrade({ status: 403 }, 'free')).toBe(false);
  });

  it('offers it for another plan limit of the server, and while the plan is unknown', () => {
    expect(offersUpgrade({ status: 403, messageKey: 'uploadVideoTooLong' }, 'free')).toBe(true);
    expect(offersUpgrade({ status: 403, messageKey: 'uploadSomeNewLimit' }, 'free')).toBe(true);
    expect(offersUpgrade({ status: 413, messageKey: 'uploadFileTooLarge' }, undefined)).toBe(true);
  });
});

describe('per-file progress of one upload', () => {
  const sizes = [100, 300, 50];

  it('fills the files one after another', () => {
    expect(fileProgress(sizes, 0)).toEqual([0, 0, 0]);
    expect(fileProgress(sizes, 50)).toEqual([0.5, 0, 0]);
    expect(fileProgress(sizes, 100)).toEqual([1, 0, 0]);
    expect(fileProgress(sizes, 250)).toEqual([1, 0.5, 0]);
    expect(fileProgress(sizes, 425)).toEqual([1, 1, 0.5]);
    expect(fileProgress(sizes, 450)).toEqual([1, 1, 1]);
  });

  it('stays between 0 and 1 whatever the count says', () => {
    expect(fileProgress(sizes, -20)).toEqual([0, 0, 0]);
    expect(fileProgress(sizes, 10_000)).toEqual([1, 1, 1]);
  });

  it('counts an empty file as sent once the bytes before it are', () => {
    expect(fileProgress([10, 0, 10], 5)).toEqual([0.5, 0, 0]);
    expect(fileProgress([10, 0, 10], 10)).toEqual([1, 1, 0]);
  });

  it('maps the request’s bytes, framing included, onto the files’ bytes', () => {
    expect(sentFileBytes(450, 0, 500)).toBe(0);
    expect(sentFileBytes(450, 250, 500)).toBe(225);
    expect(sentFileBytes(450, 500, 500)).toBe(450);
    expect(sentFileBytes(450, 600, 500)).toBe(450);
  });
});

describe('file sizes', () => {
  it('reads like a person would write them, in either language', () => {
    expect(formatFileSize(2, 'en')).toBe('2 bytes');
    expect(formatFileSize(5632, 'en')).toBe('5.5 kB');
    expect(formatFileSize(500 * MB, 'en')).toBe('500 MB');
    expect(formatFileSize(2.5 * MB, 'de')).toBe('2,5 MB');
  });
});
