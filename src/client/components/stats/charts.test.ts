import { describe, expect, it } from 'vitest';
import { niceCeiling } from './charts';

describe('niceCeiling', () => {
  it('rounds the top of a bar chart up to a round number', () => {
    expect(niceCeiling(0)).toBe(1);
    expect(niceCeiling(1)).toBe(2);
    expect(niceCeiling(3)).toBe(4);
    expect(niceCeiling(10)).toBe(10);
    expect(niceCeiling(22)).toBe(25);
    expect(niceCeiling(37)).toBe(40);
    expect(niceCeiling(100)).toBe(100);
    expect(niceCeiling(101)).toBe(200);
    expect(niceCeiling(710)).toBe(800);
  });
});
