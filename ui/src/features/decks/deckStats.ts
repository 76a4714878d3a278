// Pure summaries of a deck for the stats panel: the curve of one stat, and the type and
// side breakdowns. Only the cards of the game's counted sections count (as the core says:
// not side or maybe, nor characters, Rangers or a starter deck, nor a section the game does
// not have, kept from a file).
import type { Card, GameSummary, StatValue } from '../../lib/backend';
import type { DraftLine } from './deckDraft.svelte';
import { compareNatural } from '../../lib/format';

export interface Bar {
  label: string;
  count: number;
}

/** Values above this share one `N+` bar, so one outlier does not squash the chart. */
const CURVE_CAP = 7;

export function playedLines(game: GameSummary, lines: readonly DraftLine[]): DraftLine[] {
  return lines.filter((l) => game.counted_sections.includes(l.section));
}

/** A number when the stat is one plain number (lists and words like `X` are not). */
function numeric(value: StatValue | undefined): number | null {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^-?\d+$/.test(value.trim())) return Number(value);
  return null;
}

/**
 * Cards per value of `stat`: every number from 0 to the highest (capped as `N+`), then
 * any word values (`X`) in order, then `—` for cards without the stat.
 */
export function curve(lines: readonly DraftLine[], stat: string): Bar[] {
  const numbers = new Map<number, number>();
  const words = new Map<string, number>();
  let missing = 0;
  for (const { card, count } of lines) {
    const value = card.stats[stat];
    const n = numeric(value);
    if (n !== null) {
      const bucket = Math.min(Math.max(n, 0), CURVE_CAP);
      numbers.set(bucket, (numbers.get(bucket) ?? 0) + count);
    } else if (value === undefined || Array.isArray(value)) {
      missing += count;
    } else {
      const word = String(value);
      words.set(word, (words.get(word) ?? 0) + count);
    }
  }
  const bars: Bar[] = [];
  const highest = numbers.size ? Math.max(...numbers.keys()) : -1;
  for (let n = 0; n <= highest; n += 1) {
    bars.push({ label: n === CURVE_CAP ? `${n}+` : String(n), count: numbers.get(n) ?? 0 });
  }
  for (const [word, count] of [...words].sort(([a], [b]) => compareNatural(a, b))) bars.push({ label: word, count });
  if (missing) bars.push({ label: '—', count: missing });
  return bars;
}

/** Cards per type, in the game's type order. */
export function byType(game: GameSummary, lines: readonly DraftLine[]): Bar[] {
  return tally(lines, (card) => card.type, game.card_types);
}

/** Cards per side (hero, villain, neutral); empty when no card has a side. */
export function bySide(lines: readonly DraftLine[]): Bar[] {
  if (!lines.some((l) => l.card.side)) return [];
  return tally(lines, (card) => card.side ?? 'neutral', ['hero', 'villain', 'neutral']);
}

function tally(lines: readonly DraftLine[], key: (card: Card) => string, order: readonly string[]): Bar[] {
  const counts = new Map<string, number>();
  for (const { card, count } of lines) counts.set(key(card), (counts.get(key(card)) ?? 0) + count);
  const rank = (label: string) => {
    const i = order.indexOf(label);
    return i === -1 ? order.length : i;
  };
  return [...counts]
    .map(([label, count]) => ({ label, count }))
    .sort((a, b) => rank(a.label) - rank(b.label) || compareNatural(a.label, b.label));
}
