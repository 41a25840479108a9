import { describe, expect, it } from 'vitest';
import { PLANS } from '../../../shared/plans';
import { formatPlanNumber } from '../../lib/number-format';
import { planFeatures, planLimits } from './plan-summary';

const limitsOf = (slug: keyof typeof PLANS) =>
  Object.fromEntries(planLimits(PLANS[slug]).map((limit) => [limit.key, limit.value]));
const includedOf = (slug: keyof typeof PLANS) =>
  planFeatures(PLANS[slug])
    .filter((feature) => feature.included)
    .map((feature) => feature.key);

describe('plan cards', () => {
  it('read the numbers of the spec §9 plan table', () => {
    expect(limitsOf('free')).toEqual({
      uploadsPerMonth: 3,
      filesPerUpload: 1,
      maxFileSize: 500,
      pagesPerFile: 1000,
      chatPerDay: 25,
      videoLength: 30,
    });
    expect(limitsOf('pro')).toMatchObject({ uploadsPerMonth: 50, filesPerUpload: 3, maxFileSize: 100, chatPerDay: 100 });
    expect(limitsOf('ultra')).toMatchObject({ uploadsPerMonth: 10000, filesPerUpload: 10, chatPerDay: 500 });
    expect(limitsOf('enterprise')).toMatchObject({ uploadsPerMonth: 1000000, filesPerUpload: 100, pagesPerFile: 500 });
  });

  it('tick the entitlements of spec §6', () => {
    expect(includedOf('free')).toEqual(['limitedHearts']);
    expect(includedOf('pro')).toEqual(['unlimitedHearts', 'skipUnits', 'prioritySupport']);
    expect(includedOf('ultra')).toEqual(['unlimitedHearts', 'skipUnits', 'collaboration', 'prioritySupport']);
    expect(includedOf('enterprise')).toEqual([
      'unlimitedHearts',
      'skipUnits',
      'collaboration',
      'prioritySupport',
      'adminDashboard',
      'customIntegrations',
      'dedicatedManager',
    ]);
  });

  it('list the same features on every card so they line up', () => {
    const lengths = Object.values(PLANS).map((plan) => planFeatures(plan).length);
    expect(new Set(lengths).size).toBe(1);
  });
});

describe('formatPlanNumber', () => {
  it('groups digits per language and writes millions out', () => {
    expect(formatPlanNumber(10000, 'en')).toBe('10,000');
    expect(formatPlanNumber(10000, 'de')).toBe('10.000');
    expect(formatPlanNumber(1000000, 'en')).toBe('1 million');
    expect(formatPlanNumber(1000000, 'de')).toBe('1 Million');
  });
});
