import type { StatValue } from './backend';

/** A stat as players write it: lists joined with slashes (`1 / 2 / 3 / MAX`). */
export function formatStat(value: StatValue): string {
  return Array.isArray(value) ? value.map(formatStat).join(' / ') : String(value);
}

export function plural(count: number, word: string): string {
  return `${count.toLocaleString()} ${word}${count === 1 ? '' : 's'}`;
}
