import type { StatValue } from './backend';

/**
 * A search field's placeholder: `text — try <example>` with the game's first search example
 * (from its definition), after `prefix` when given; just `text` for a game without examples.
 */
export function searchHint(text: string, examples: string[], prefix = ''): string {
  const example = examples[0];
  return example ? `${text} — try ${prefix}${example}` : text;
}

/** A stat as players write it: lists joined with slashes (`1 / 2 / 3 / MAX`). */
export function formatStat(value: StatValue | undefined): string {
  if (value === undefined) return '';
  return Array.isArray(value) ? value.map(formatStat).join(' / ') : String(value);
}

/**
 * Names and labels in a player's order: numbers inside them as numbers ("Zoid 553" before
 * "Zoid 554" before "Zoid 5530", not 553, 5530, 554), case and accents aside.
 */
const natural = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
export function compareNatural(a: string, b: string): number {
  return natural.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
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

/**
 * What an import did, in one short notice: `40 cards: Main 35, Side 5 · 'Sideboard' read
 * as Side · kept 'Reserve' (not counted: move its cards in the editor) · skipped 2 lines
 * that were not cards`. `label` turns a section id into the game's name for it.
 */
export function importSummary(
  report: {
    sections: { section: string; cards: number }[];
    names: { written: string; section: string; outcome: string }[];
    skipped: { line: number; text: string }[];
  },
  label: (section: string) => string,
): string {
  const total = report.sections.reduce((n, s) => n + s.cards, 0);
  const parts = [`${countOf(total, 'card')}: ${report.sections.map((s) => `${label(s.section)} ${s.cards}`).join(', ')}`];
  const renamed = report.names.filter((n) => n.outcome === 'renamed' && n.written);
  if (renamed.length) parts.push(renamed.map((n) => `'${n.written}' read as ${label(n.section)}`).join(', '));
  const kept = report.names.filter((n) => n.outcome === 'kept');
  if (kept.length)
    parts.push(
      `kept ${kept.map((n) => `'${n.section}'`).join(', ')} as ${kept.length === 1 ? 'a section of its' : 'sections of their'} own (not counted: move the cards in the editor)`,
    );
  const [first, ...more] = report.skipped;
  if (first && more.length === 0) parts.push(`skipped line ${first.line}, '${first.text}'`);
  else if (first) parts.push(`skipped ${report.skipped.length} lines that were not cards`);
  return parts.join(' · ');
}
