/**
 * Gamification: the constants and the shapes the server answers, shared by the server that enforces them
 * and the client that shows them. The rules themselves (days in a time zone, the streak, quests) live in
 * `gamification-rules.ts`; this file has no logic.
 *
 * Days: a user's day is their local date in the IANA time zone stored on their account (the browser reports it);
 * the server's clock decides what "now" is, never the client's. Weeks (the leaderboard) start Monday 00:00 UTC, the
 * same moment for everyone on one board.
 */
import type { PlanSlug } from './plans';

/** Refilling hearts to the maximum (5) costs this many points. */
export const HEART_REFILL_COST = 50;
/** One streak freeze costs this many points. */
export const STREAK_FREEZE_COST = 100;
/** Freezes a user may hold at once (Duolingo's limit: enough for a weekend, not a way to stop studying). */
export const MAX_STREAK_FREEZES = 2;
/** The leaderboard shows this many places. */
export const LEADERBOARD_SIZE = 50;
/** Points a completed daily quest gives. */
export const DAILY_QUEST_POINTS = 10;

/** The daily quests: one per activity target of the plan (spec §9). */
export const dailyQuestKinds = ['challenges', 'flashcards', 'messages'] as const;
export type DailyQuestKind = (typeof dailyQuestKinds)[number];

/** XP milestones: reached once, by all points ever earned (`xpTotal`), each with its reward. */
export const XP_MILESTONES: readonly { id: string; threshold: number; points: number }[] = [
  { id: 'xp-100', threshold: 100, points: 10 },
  { id: 'xp-250', threshold: 250, points: 20 },
  { id: 'xp-500', threshold: 500, points: 30 },
  { id: 'xp-1000', threshold: 1000, points: 50 },
  { id: 'xp-2500', threshold: 2500, points: 75 },
  { id: 'xp-5000', threshold: 5000, points: 100 },
  { id: 'xp-10000', threshold: 10000, points: 150 },
];

/** A quest completed whose celebration the user has not seen yet. */
export interface QuestCelebration {
  questId: string;
  /** 'YYYY-MM-DD' for a daily quest, 'once' for a milestone. */
  period: string;
  points: number;
  /** What the quest was: a daily kind, or 'milestone' (with its threshold). */
  kind: DailyQuestKind | 'milestone';
  target: number;
}

/** `gamification.getProgress`: the header's counters and what else every page may need. */
export interface Progress {
  streak: number;
  points: number;
  stars: number;
  hearts: number;
  unlimitedHearts: boolean;
  streakFreezes: number;
  xpTotal: number;
  plan: PlanSlug;
  /** The time zone the server counts the user's days in (the client reports the browser's when it differs). */
  timeZone: string;
  /** Completed quests not yet celebrated, oldest first. */
  celebrations: QuestCelebration[];
}

/** A day of the streak calendar. */
export interface StreakDay {
  /** 'YYYY-MM-DD', the user's local date. */
  date: string;
  /** The user finished a lesson or reviewed flashcards that day. */
  active: boolean;
  /** A streak freeze covered the day. */
  frozen: boolean;
}

/** `gamification.getStreak({month?: 'YYYY-MM'})`. */
export interface StreakInfo {
  /** The current streak: 0 once broken. It stays while today is not yet done (yesterday counted). */
  current: number;
  longest: number;
  /** Whether today already counts. */
  activeToday: boolean;
  freezes: number;
  maxFreezes: number;
  /** The user's today, 'YYYY-MM-DD'. */
  today: string;
  timeZone: string;
  /** The month shown, 'YYYY-MM' (the current one unless asked), and its days. */
  month: string;
  days: StreakDay[];
  /** Days a freeze covered in the last 30 days, newest first ('YYYY-MM-DD'). */
  recentFreezes: string[];
}

export interface DailyQuest {
  id: `daily-${DailyQuestKind}`;
  kind: DailyQuestKind;
  progress: number;
  target: number;
  points: number;
  completed: boolean;
}

export interface MilestoneQuest {
  id: string;
  threshold: number;
  points: number;
  /** xpTotal, capped at the threshold. */
  progress: number;
  completed: boolean;
}

/** `gamification.getQuests`. */
export interface Quests {
  /** The user's today, 'YYYY-MM-DD'. */
  day: string;
  /** The user's next midnight (ISO instant): when the daily quests start again. */
  resetsAt: string;
  daily: DailyQuest[];
  milestones: MilestoneQuest[];
}

export const leaderboardPeriods = ['week', 'all'] as const;
export type LeaderboardPeriod = (typeof leaderboardPeriods)[number];

/** A place on the board: usernames and avatars only (no names, no emails, no ids). */
export interface LeaderboardEntry {
  /** Competition ranking: equal XP, equal rank (1, 2, 2, 4). */
  rank: number;
  username: string;
  image: string | null;
  xp: number;
  isMe: boolean;
}

/** `gamification.getLeaderboard({period})`. */
export interface Leaderboard {
  period: LeaderboardPeriod;
  /** The week's Monday ('YYYY-MM-DD', UTC) and when the next starts (ISO); null for all time. */
  weekStart: string | null;
  resetsAt: string | null;
  /** The top 50, by XP, then username. Only users with XP in the period. */
  entries: LeaderboardEntry[];
  /** The caller's own place, always (rank null when they have no XP in the period yet). */
  me: { rank: number | null; username: string; image: string | null; xp: number };
}

export interface PurchaseResult {
  points: number;
  hearts: number;
  streakFreezes: number;
  /** The request had been served before; nothing was charged this time. */
  replayed: boolean;
}
