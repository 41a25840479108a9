import { describe, expect, it } from 'vitest';
import { keepSharedContext, sharedContextSearch } from './search';

describe('sharedContextSearch', () => {
  it('keeps a numeric id the router parsed from ?id=7 as text', () => {
    expect(sharedContextSearch.parse({ uuid: 'b7c0d3a4', id: 7 })).toEqual({ uuid: 'b7c0d3a4', id: '7' });
  });

  it('drops values that are not identifiers instead of failing the page', () => {
    expect(sharedContextSearch.parse({ uuid: { nested: true }, id: 'x'.repeat(101) })).toEqual({});
  });
});

describe('keepSharedContext', () => {
  it('carries uuid and id only when both are present', () => {
    expect(keepSharedContext({ uuid: 'u', id: '1' })).toEqual({ uuid: 'u', id: '1' });
    expect(keepSharedContext({ uuid: 'u' })).toEqual({});
    expect(keepSharedContext({ id: '1' })).toEqual({});
  });
});
