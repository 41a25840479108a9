import type { Plan } from '../../../shared/plans';

export type PlanLimitKey = 'uploadsPerMonth' | 'filesPerUpload' | 'maxFileSize' | 'pagesPerFile' | 'chatPerDay' | 'videoLength';
export type PlanFeatureKey =
  | 'unlimitedHearts'
  | 'limitedHearts'
  | 'skipUnits'
  | 'collaboration'
  | 'prioritySupport'
  | 'adminDashboard'
  | 'customIntegrations'
  | 'dedicatedManager';

export interface PlanLimit {
  key: PlanLimitKey;
  value: number;
  /** How the number is written: a count, megabytes or minutes (the units of src/shared/plans.ts). */
  unit: 'count' | 'megabytes' | 'minutes';
}

export interface PlanFeature {
  key: PlanFeatureKey;
  included: boolean;
}

/** The limits a plan card lists, read from the plan table so the page never states a number of its own. */
export function planLimits(plan: Plan): PlanLimit[] {
  return [
    { key: 'uploadsPerMonth', value: plan.fileUploadsPerMonth, unit: 'count' },
    { key: 'filesPerUpload', value: plan.maxFiles, unit: 'count' },
    { key: 'maxFileSize', value: plan.maxFileSize, unit: 'megabytes' },
    { key: 'pagesPerFile', value: plan.pagesPerFile, unit: 'count' },
    { key: 'chatPerDay', value: plan.chatMessagesPerDay, unit: 'count' },
    { key: 'videoLength', value: plan.videoMaxDuration, unit: 'minutes' },
  ];
}

/**
 * The entitlements a plan card ticks off. Every plan has hearts, so Free lists its limited hearts as included rather
 * than showing unlimited hearts as missing.
 */
export function planFeatures(plan: Plan): PlanFeature[] {
  return [
    { key: plan.unlimitedHearts ? 'unlimitedHearts' : 'limitedHearts', included: true },
    { key: 'skipUnits', included: plan.skipUnits },
    { key: 'collaboration', included: plan.collaboration },
    { key: 'prioritySupport', included: plan.prioritySupport },
    { key: 'adminDashboard', included: plan.adminDashboard },
    { key: 'customIntegrations', included: plan.customIntegrations },
    { key: 'dedicatedManager', included: plan.dedicatedManager },
  ];
}
