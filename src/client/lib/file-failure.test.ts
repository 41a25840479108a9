import { describe, expect, it } from 'vitest';
import { fileFailureReason } from './file-failure';
import { i18n } from './i18n';

// German is fetched on first use; load it before taking its translator.
await i18n.loadLanguages('de');

const en = i18n.getFixedT('en');
const de = i18n.getFixedT('de');

describe('why a file failed', () => {
  it('translates the ingest key with its params', () => {
    const file = { error: 'English', errorKey: 'tooManyPages', errorParams: { pages: 1200, limit: 1000, count: 1000 } };
    expect(fileFailureReason(file, en)).toBe('This file has 1200 pages; your plan allows up to 1000 pages per file.');
    expect(fileFailureReason({ error: 'English', errorKey: 'noText' }, de)).not.toBe('English');
  });

  it('falls back to the English message for a key the client does not know', () => {
    expect(fileFailureReason({ error: 'Something new went wrong.', errorKey: 'brandNew' }, en)).toBe('Something new went wrong.');
  });

  it('shows the message when there is no key, and nothing when there is neither', () => {
    expect(fileFailureReason({ error: 'Reading this file failed.' }, en)).toBe('Reading this file failed.');
    expect(fileFailureReason({ error: 'Reading this file failed.', errorKey: null, errorParams: null }, en)).toBe('Reading this file failed.');
    expect(fileFailureReason({ id: 'f1' }, en)).toBeNull();
    expect(fileFailureReason({ error: null, errorKey: null }, en)).toBeNull();
  });
});
