import { describe, expect, it } from 'vitest';
import { filterByQuery, matchesQuery, splitByQuery } from './search-match';

describe('matchesQuery', () => {
  it('ignores case and surrounding spaces', () => {
    expect(matchesQuery('Organic Chemistry', '  chem ')).toBe(true);
    expect(matchesQuery('Organic Chemistry', 'physics')).toBe(false);
  });

  it('treats an empty query as matching everything', () => {
    expect(matchesQuery('Anything', '   ')).toBe(true);
  });

  it('takes regular-expression characters literally', () => {
    expect(matchesQuery('C++ (intro).pdf', '++ (')).toBe(true);
    expect(matchesQuery('Cplus', '.+')).toBe(false);
  });

  it('matches non-Latin letters without regard to case', () => {
    expect(matchesQuery('Übungsblatt Größen', 'übung')).toBe(true);
  });
});

describe('filterByQuery', () => {
  const items = [{ name: 'Biology notes.pdf' }, { name: 'History' }, { name: 'Marine biology' }];

  it('keeps the matching items in their order', () => {
    expect(filterByQuery(items, 'BIO', (item) => item.name)).toEqual([items[0], items[2]]);
  });

  it('keeps every item for an empty query and none for a miss', () => {
    expect(filterByQuery(items, '', (item) => item.name)).toEqual(items);
    expect(filterByQuery(items, 'chemistry', (item) => item.name)).toEqual([]);
  });
});

describe('splitByQuery', () => {
  it('marks every occurrence and keeps the original spelling', () => {
    expect(splitByQuery('Bio and bio', 'BIO')).toEqual([
      { text: 'Bio', match: true },
      { text: ' and ', match: false },
      { text: 'bio', match: true },
    ]);
  });

  it('returns the whole text unmarked for an empty query', () => {
    expect(splitByQuery('History', ' ')).toEqual([{ text: 'History', match: false }]);
  });

  it('joins back to the original text', () => {
    const text = 'Cell biology: cells, cellular respiration';
    expect(
      splitByQuery(text, 'cell')
        .map((part) => part.text)
        .join(''),
    ).toBe(text);
  });
});
