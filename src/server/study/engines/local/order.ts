/**
 * A fixed, fast order of strings by UTF-16 code units, for tie-breaks in rankings: the engine must give the same
 * artefacts on every machine, and `localeCompare` is both locale-dependent and far slower in the hot loops.
 */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
