// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Avatar } from './avatar';

/** Every address the page asks an image to load: Radix's avatar loads the picture in an Image before it shows it. */
let requested: string[] = [];
beforeEach(() => {
  requested = [];
  const original = Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, 'src');
  vi.spyOn(HTMLImageElement.prototype, 'src', 'set').mockImplementation(function (this: HTMLImageElement, value: string) {
    requested.push(value);
    original?.set?.call(this, value);
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('Avatar', () => {
  it('loads an https:// picture', () => {
    render(<Avatar name="Ada Lovelace" image="https://images.example.test/ada.png" />);
    expect(requested).toEqual(['https://images.example.test/ada.png']);
  });

  it.each([
    ['a javascript: address', 'javascript:alert(1)'],
    ['an http:// address inside the server', 'http://127.0.0.1/api/trpc/user.getUser'],
    ['an address over 2,000 characters', `https://images.example.test/${'a'.repeat(2_001)}`],
  ])('never requests %s: the initials stay', async (_case, image) => {
    render(<Avatar name="Ada Lovelace" image={image} />);
    expect(requested).toEqual([]);
    expect(await screen.findByText('AL')).toBeTruthy();
  });
});
