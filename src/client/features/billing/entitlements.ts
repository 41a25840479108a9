import { MAX_HEARTS, type Plan } from '../../../shared/plans';

/**
 * The compare table's rows, generated from the plan table (src/shared/plans.ts): every limit and entitlement of spec
 * §3 Plan has a row, so a new field cannot be left out without the type check saying so.
 */
export type EntitlementValue =
  | { kind: 'count'; value: number }
  | { kind: 'megabytes'; value: number }
  | { kind: 'minutes'; value: number }
  | { kind: 'hearts'; unlimited: boolean; max: number }
  | { kind: 'included'; value: boolean };

export interface EntitlementRow {
  /** Its label is `billing:compare.rows.<key>`. */
  key: string;
  group: 'limits' | 'features' | 'goals';
  value: (plan: Plan) => EntitlementValue;
}

const count = (value: number): EntitlementValue => ({ kind: 'count', value });
const included = (value: boolean): EntitlementValue => ({ kind: 'included', value });

const ROWS_BY_FIELD = {
  fileUploadsPerMonth: [{ key: 'fileUploadsPerMonth', group: 'limits', value: (plan) => count(plan.fileUploadsPerMonth) }],
  maxFiles: [{ key: 'maxFiles', group: 'limits', value: (plan) => count(plan.maxFiles) }],
  maxFileSize: [{ key: 'maxFileSize', group: 'limits', value: (plan) => ({ kind: 'megabytes', value: plan.maxFileSize }) }],
  pagesPerFile: [{ key: 'pagesPerFile', group: 'limits', value: (plan) => count(plan.pagesPerFile) }],
  chatMessagesPerDay: [{ key: 'chatMessagesPerDay', group: 'limits', value: (plan) => count(plan.chatMessagesPerDay) }],
  mindMaps: [{ key: 'mindMaps', group: 'limits', value: (plan) => count(plan.mindMaps) }],
  decksAI: [{ key: 'decksAI', group: 'limits', value: (plan) => count(plan.decksAI) }],
  videoMaxDuration: [{ key: 'videoMaxDuration', group: 'limits', value: (plan) => ({ kind: 'minutes', value: plan.videoMaxDuration }) }],
  unlimitedHearts: [
    { key: 'hearts', group: 'features', value: (plan) => ({ kind: 'hearts', unlimited: plan.unlimitedHearts, max: MAX_HEARTS }) },
  ],
  skipUnits: [{ key: 'skipUnits', group: 'features', value: (plan) => included(plan.skipUnits) }],
  collaboration: [{ key: 'collaboration', group: 'features', value: (plan) => included(plan.collaboration) }],
  prioritySupport: [{ key: 'prioritySupport', group: 'features', value: (plan) => included(plan.prioritySupport) }],
  adminDashboard: [{ key: 'adminDashboard', group: 'features', value: (plan) => included(plan.adminDashboard) }],
  customIntegrations: [{ key: 'customIntegrations', group: 'features', value: (plan) => included(plan.customIntegrations) }],
  dedicatedManager: [{ key: 'dedicatedManager', group: 'features', value: (plan) => included(plan.dedicatedManager) }],
  activityTargets: [
    { key: 'challengesGoal', group: 'goals', value: (plan) => count(plan.activityTargets.challenges) },
    { key: 'flashcardsGoal', group: 'goals', value: (plan) => count(plan.activityTargets.flashcards) },
    { key: 'messagesGoal', group: 'goals', value: (plan) => count(plan.activityTargets.messages) },
  ],
} satisfies Record<Exclude<keyof Plan, 'name' | 'slug'>, EntitlementRow[]>;

export const ENTITLEMENT_ROWS: readonly EntitlementRow[] = Object.values(ROWS_BY_FIELD).flat();

export const ENTITLEMENT_GROUPS = ['limits', 'features', 'goals'] as const;

