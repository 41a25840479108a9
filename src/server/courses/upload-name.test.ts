import { expect, test } from 'vitest';
import { PLANS } from '../../shared/plans';
import { fileTooLarge, monthlyUploadsUsed, tooManyFiles } from './upload-limits';
import { cleanUploadName, storedUploadName } from './upload-name';

test('an uploaded name keeps its last path component, without control characters or direction overrides', () => {
  expect(cleanUploadName('C:\\Users\\me\\Notes.pdf')).toBe('Notes.pdf');
  expect(cleanUploadName('../../x/\u0000evil\u202Efdp.exe.pdf ')).toBe('evilfdp.exe.pdf');
  expect(cleanUploadName('folder/')).toBe('');
});

test('a stored name ends in the extension of its kind and fits 255 characters', () => {
  expect(storedUploadName('', 'pdf')).toBe('Untitled.pdf');
  expect(storedUploadName('Slides.PPTX', 'pptx')).toBe('Slides.PPTX');
  expect(storedUploadName(`${'é'.repeat(300)}.docx`, 'docx')).toBe(`${'é'.repeat(250)}.docx`);
  // A surrogate pair cut in half would be an invalid character.
  expect(storedUploadName(`a${'😀'.repeat(200)}.txt`, 'txt')).toBe(`a${'😀'.repeat(125)}.txt`);
});

test('plan-limit messages name the limit and offer an upgrade only where a plan raises it', () => {
  expect(tooManyFiles(PLANS.pro, 4).userMessage).toBe('Your Pro plan allows 3 files per upload. Upgrade for more.');
  expect(fileTooLarge(PLANS.pro, 'Big.pdf').userMessage).toBe(
    'Big.pdf is larger than the 100 MB your plan allows. Upgrade for more.',
  );
  expect(fileTooLarge(PLANS.free, 'Big.pdf')).toMatchObject({
    code: 'PAYLOAD_TOO_LARGE',
    userMessage: 'Big.pdf is larger than the 500 MB your plan allows.',
  });
  expect(monthlyUploadsUsed(PLANS.free, 2, 2).userMessage).toBe(
    'You have 1 of the 3 uploads of your Free plan left this month, not enough for 2 files. Upgrade for more.',
  );
  expect(monthlyUploadsUsed(PLANS.enterprise, 1_000_000, 1).userMessage).toBe(
    'You have used all 1000000 uploads of your Enterprise plan this month.',
  );
});
