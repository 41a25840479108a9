/**
 * Spec §9 durations for the statistics dialogs. Milliseconds in, text out; negative or non-finite input counts as zero.
 */

function wholeSeconds(ms: number): number {
  return Number.isFinite(ms) && ms > 0 ? Math.round(ms / 1000) : 0;
}

/** Unit study time as minutes:seconds ('0:00', '2:05', '75:00'). */
export function formatMinutesSeconds(ms: number): string {
  const total = wholeSeconds(ms);
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

/**
 * Overall time as hours, minutes and seconds: '1h 5m' (seconds dropped when hours are present), '4m 10s', '42s';
 * zero shows '0s'.
 */
export function formatDuration(ms: number): string {
  const total = wholeSeconds(ms);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  if (hours > 0) return minutes > 0 ? `${hours}h ${minutes}m` : `${hours}h`;
  if (minutes > 0) return seconds > 0 ? `${minutes}m ${seconds}s` : `${minutes}m`;
  return `${seconds}s`;
}
