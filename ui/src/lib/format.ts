import type { StatValue } from './backend';

/** A stat as players write it: lists joined with slashes (`1 / 2 / 3 / MAX`). */
export function formatStat(value: StatValue): string {
  return Array.isArray(value) ? value.map(formatStat).join(' / ') : String(value);
}

export function plural(count: number, word: string): string {
  return `${count.toLocaleString()} ${word}${count === 1 ? '' : 's'}`;
}

/**
 * `76 cards`, `1 match`, `12 matches`: plain digits (no locale grouping), so the text is
 * the same on every machine (an end-to-end test reads the card count).
 */
export function countOf(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}

/** A stored UTC timestamp (`2026-11-21T21:25:35Z` or `2026-11-21 21:25:35`) in local time. */
export function formatTimestamp(stamp: string): string {
  const iso = stamp.includes('T') ? stamp : `${stamp.replace(' ', 'T')}Z`;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? stamp : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
