/**
 * The plan table of spec §3 and §9: the one place every limit and entitlement is read from, by the server when it
 * enforces a limit and by the client when it labels a plan. Units: maxFileSize in megabytes, videoMaxDuration in
 * minutes.
 */
export const PLAN_SLUGS = ['free', 'pro', 'ultra', 'enterprise'] as const;
export type PlanSlug = (typeof PLAN_SLUGS)[number];

export interface Plan {
  name: string;
  slug: PlanSlug;
  fileUploadsPerMonth: number;
  pagesPerFile: number;
  mindMaps: number;
  decksAI: number;
  maxFileSize: number;
  maxFiles: number;
  chatMessagesPerDay: number;
  videoMaxDuration: number;
  skipUnits: boolean;
  unlimitedHearts: boolean;
  prioritySupport: boolean;
  collaboration: boolean;
  adminDashboard: boolean;
  customIntegrations: boolean;
  dedicatedManager: boolean;
  activityTargets: { challenges: number; flashcards: number; messages: number };
}

export const PLANS: Record<PlanSlug, Plan> = {
  free: {
    name: 'Free',
    slug: 'free',
    fileUploadsPerMonth: 3,
    pagesPerFile: 1000,
    mindMaps: 10,
    decksAI: 10,
    maxFileSize: 500,
    maxFiles: 1,
    chatMessagesPerDay: 25,
    videoMaxDuration: 30,
    skipUnits: false,
    unlimitedHearts: false,
    prioritySupport: false,
    collaboration: false,
    adminDashboard: false,
    customIntegrations: false,
    dedicatedManager: false,
    activityTargets: { challenges: 1, flashcards: 10, messages: 10 },
  },
  pro: {
    name: 'Pro',
    slug: 'pro',
    fileUploadsPerMonth: 50,
    pagesPerFile: 1000,
    mindMaps: 1000,
    decksAI: 1000,
    maxFileSize: 100,
    maxFiles: 3,
    chatMessagesPerDay: 100,
    videoMaxDuration: 120,
    // The spec advertises skipping for Pro but does not show the flag's value; we grant what is advertised.
    skipUnits: true,
    unlimitedHearts: true,
    prioritySupport: true,
    collaboration: false,
    adminDashboard: false,
    customIntegrations: false,
    dedicatedManager: false,
    activityTargets: { challenges: 1, flashcards: 10, messages: 10 },
  },
  ultra: {
    name: 'Ultra',
    slug: 'ultra',
    fileUploadsPerMonth: 10000,
    pagesPerFile: 1000,
    mindMaps: 10000,
    decksAI: 100,
    maxFileSize: 500,
    maxFiles: 10,
    chatMessagesPerDay: 500,
    videoMaxDuration: 240,
    skipUnits: true,
    unlimitedHearts: true,
    prioritySupport: true,
    collaboration: true,
    adminDashboard: false,
    customIntegrations: false,
    dedicatedManager: false,
    activityTargets: { challenges: 1, flashcards: 20, messages: 25 },
  },
  enterprise: {
    name: 'Enterprise',
    slug: 'enterprise',
    fileUploadsPerMonth: 1000000,
    pagesPerFile: 500,
    mindMaps: 1000000,
    decksAI: 10,
    maxFileSize: 500,
    maxFiles: 100,
    chatMessagesPerDay: 1000,
    videoMaxDuration: 180,
    skipUnits: true,
    unlimitedHearts: true,
    prioritySupport: true,
    collaboration: true,
    adminDashboard: true,
    customIntegrations: true,
    dedicatedManager: true,
    activityTargets: { challenges: 1, flashcards: 10, messages: 10 },
  },
};

export const MAX_HEARTS = 5;

/** Spec §9: a free trial lasts 3 days, 14 for users who signed up through someone's referral link (referredBy set). */
export const TRIAL_DAYS = 3;
export const REFERRED_TRIAL_DAYS = 14;
export function trialDays(referredBy: string | null | undefined): number {
  return referredBy ? REFERRED_TRIAL_DAYS : TRIAL_DAYS;
}
