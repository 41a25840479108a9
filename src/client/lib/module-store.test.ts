// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createModuleStore } from './module-store';

afterEach(cleanup);

describe('createModuleStore', () => {
  it('starts at its initial value and keeps what is set', () => {
    const store = createModuleStore<string | null>(null);
    expect(store.get()).toBeNull();
    store.set('open');
    expect(store.get()).toBe('open');
  });

  it('re-renders every reader on a change, and stops telling those that left', () => {
    const store = createModuleStore(0);
    const first = renderHook(() => store.useValue());
    const second = renderHook(() => store.useValue());
    expect(first.result.current).toBe(0);

    act(() => store.set(1));
    expect(first.result.current).toBe(1);
    expect(second.result.current).toBe(1);

    first.unmount();
    act(() => store.set(2));
    expect(second.result.current).toBe(2);
    expect(first.result.current).toBe(1);
  });

  it('keeps each store apart', () => {
    const one = createModuleStore('a');
    const other = createModuleStore('a');
    one.set('b');
    expect(other.get()).toBe('a');
  });
});
