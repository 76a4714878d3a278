// The mapping step's choices, remembered per game and header layout in the webview's local
// storage (where the print settings live): a player who imports the same spreadsheet again
// is not asked again.
import type { ColumnMapping } from '../../lib/backend';

/** One key per game and exact header row (cells in order, case kept). */
export function mappingKey(game: string, headers: string[]): string {
  return `deckhand.cardImport.${game}.${JSON.stringify(headers)}`;
}

export function loadMapping(game: string, headers: string[]): ColumnMapping | null {
  try {
    const raw = localStorage.getItem(mappingKey(game, headers));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<ColumnMapping>;
    const pairs = Array.isArray(parsed.map) ? parsed.map : [];
    const ignore = Array.isArray(parsed.ignore) ? parsed.ignore : [];
    // Anything stored that does not fit (an older build's shape) is dropped.
    return {
      map: pairs.filter((p): p is [string, string] => Array.isArray(p) && p.length === 2 && p.every((x) => typeof x === 'string')),
      ignore: ignore.filter((c): c is string => typeof c === 'string'),
    };
  } catch {
    return null;
  }
}

export function saveMapping(game: string, headers: string[], mapping: ColumnMapping): void {
  try {
    localStorage.setItem(mappingKey(game, headers), JSON.stringify(mapping));
  } catch {
    // Storage full or disabled: the mapping is asked again next time, nothing worse.
  }
}
