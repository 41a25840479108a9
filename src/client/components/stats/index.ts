/** The statistics dialogs (spec §2 "Dialogs", "Statistics dialog content"); the learn feature opens them. */
export { LessonStatsDialog, type LessonStatsDialogProps } from './lesson-stats-dialog';
export { OverallStatsDialog, type OverallStatsDialogProps } from './overall-stats-dialog';
export { UnitStatsDialog, type UnitStatsDialogProps } from './unit-stats-dialog';
