/**
 * Search parameters of the app's routes, checked by hand rather than with zod: every route's `validateSearch` is in
 * the app's first chunk, and zod would be a third of it. A malformed value is dropped (the page acts as if it were
 * absent), never an error. Each validator is an object with `parse`, which the router calls; it returns every key
 * it knows, a dropped one as undefined, since the router lays the result over the raw parameters.
 */

export interface TextRule {
  max: number;
  min?: number;
  /** Trim the text before checking it (and keep it trimmed). */
  trim?: boolean;
  pattern?: RegExp;
}

/**
 * The text when it is a string that keeps `rule` and holds no NUL character (no id or name on the server can);
 * otherwise undefined.
 */
export function searchText(value: unknown, { max, min = 0, trim = false, pattern }: TextRule): string | undefined {
  if (typeof value !== 'string' || value.includes('\u0000')) return undefined;
  const text = trim ? value.trim() : value;
  return text.length >= min && text.length <= max && (!pattern || pattern.test(text)) ? text : undefined;
}

/** The value when it is one of `choices`; otherwise undefined. */
export function searchChoice<const T extends string>(value: unknown, choices: readonly T[]): T | undefined {
  return choices.find((choice) => choice === value);
}

/** ?uuid=&id= of a shared course on the study tabs (spec §2); both are kept when switching tabs. */
export interface SharedContextSearch {
  uuid?: string;
  id?: string;
}

// The router parses `?id=7` into the number 7; a shared-course id is an identifier, so it is read back as text.
function identifier(value: unknown): string | undefined {
  return searchText(typeof value === 'number' && Number.isFinite(value) ? String(value) : value, { max: 100 });
}

export const sharedContextSearch = {
  parse: (search: Record<string, unknown>): SharedContextSearch => ({ uuid: identifier(search.uuid), id: identifier(search.id) }),
};

/** The shared context to carry to another tab: only when both parts are present. */
export function keepSharedContext(search: SharedContextSearch): SharedContextSearch {
  return search.uuid && search.id ? { uuid: search.uuid, id: search.id } : {};
}

/**
 * What a study tab's address carries to the next tab: the shared course's `uuid` and file `id`, or for the student's
 * own file its `id` alone (issue 22: every study page can be bookmarked and sent).
 */
export function studyAddress(search: SharedContextSearch): SharedContextSearch {
  if (search.uuid && search.id) return { uuid: search.uuid, id: search.id };
  return search.id && !search.uuid ? { id: search.id } : {};
}
