import { describe, expect, it } from 'vitest';
import { keepSharedContext, searchChoice, searchText, sharedContextSearch } from './search';

describe('sharedContextSearch', () => {
  it('keeps a numeric id the router parsed from ?id=7 as text', () => {
    expect(sharedContextSearch.parse({ uuid: 'b7c0d3a4', id: 7 })).toEqual({ uuid: 'b7c0d3a4', id: '7' });
  });

  it('drops values that are not identifiers instead of failing the page', () => {
    expect(sharedContextSearch.parse({ uuid: { nested: true }, id: 'x'.repeat(101) })).toEqual({});
  });

  it('answers every key it knows, so a dropped value replaces the raw one the router had', () => {
    expect(Object.keys(sharedContextSearch.parse({ uuid: ['a', 'b'] }))).toEqual(['uuid', 'id']);
  });
});

describe('searchText and searchChoice', () => {
  const username = { trim: true, min: 3, max: 30, pattern: /^[a-zA-Z0-9_.]+$/ };

  it('keep text within its rule, trimmed when asked', () => {
    expect(searchText(' ada_l ', username)).toBe('ada_l');
    expect(searchText(' ada_l ', { max: 10 })).toBe(' ada_l ');
    expect(searchText('x'.repeat(2000), { max: 2000 })).toHaveLength(2000);
  });

  it('drop text that breaks it, and anything that is not text', () => {
    expect(searchText('<script>', username)).toBeUndefined();
    expect(searchText('ab', username)).toBeUndefined();
    expect(searchText('x'.repeat(31), username)).toBeUndefined();
    expect(searchText('   ', { trim: true, min: 1, max: 128 })).toBeUndefined();
    expect(searchText('7\u0000', { trim: true, min: 1, max: 128 })).toBeUndefined();
    expect(searchText(7, { max: 10 })).toBeUndefined();
    expect(searchText(['a'], { max: 10 })).toBeUndefined();
  });

  it('keep only one of the choices', () => {
    expect(searchChoice('plans', ['plans', 'billing'])).toBe('plans');
    expect(searchChoice('Plans', ['plans', 'billing'])).toBeUndefined();
    expect(searchChoice(undefined, ['plans', 'billing'])).toBeUndefined();
  });
});

describe('keepSharedContext', () => {
  it('carries uuid and id only when both are present', () => {
    expect(keepSharedContext({ uuid: 'u', id: '1' })).toEqual({ uuid: 'u', id: '1' });
    expect(keepSharedContext({ uuid: 'u' })).toEqual({});
    expect(keepSharedContext({ id: '1' })).toEqual({});
  });
});
