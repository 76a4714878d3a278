// The print dialog's choices, remembered per game in the webview's local storage: a player
// who prints on Letter with a 0.4 % stretch wants that next time, for that game's cards.
import type { GameSummary, PrintOptions } from '../../lib/backend';

export interface PrintSettings {
  options: PrintOptions;
  sections: string[];
}

/** The CLI's defaults: A4 portrait, 5 mm margins, no gap, no bleed, crop marks, no backs. */
export function defaultOptions(): PrintOptions {
  return {
    paper: 'a4',
    orientation: 'portrait',
    margin_mm: 5,
    gap_mm: 0,
    bleed_mm: 0,
    marks: 'crop',
    scale_x_pct: 100,
    scale_y_pct: 100,
    backs: 'none',
    duplex: null,
    offset_x_mm: 0,
    offset_y_mm: 0,
  };
}

const key = (game: string) => `deckhand.print.${game}`;

/**
 * The remembered settings for `game`, else the defaults with the sections that make up a
 * deck (its counted sections: Showdown's characters print with the deck). Anything stored
 * that no longer fits (a field of an older build, a section the game lost) is dropped.
 */
export function loadSettings(game: GameSummary): PrintSettings {
  const sections = game.sections.map((s) => s.key);
  const fallback: PrintSettings = {
    options: defaultOptions(),
    sections: game.counted_sections.filter((s) => sections.includes(s)),
  };
  if (fallback.sections.length === 0) fallback.sections = ['main'];
  try {
    const raw = localStorage.getItem(key(game.id));
    if (!raw) return fallback;
    const stored = JSON.parse(raw) as Partial<PrintSettings>;
    const options = { ...fallback.options };
    for (const name of Object.keys(options) as (keyof PrintOptions)[]) {
      const value = stored.options?.[name];
      if (value !== undefined && (typeof value === typeof options[name] || options[name] === null || value === null)) {
        (options as Record<string, unknown>)[name] = value;
      }
    }
    const kept = (stored.sections ?? []).filter((s) => sections.includes(s));
    return { options, sections: kept.length > 0 ? kept : fallback.sections };
  } catch {
    return fallback;
  }
}

export function saveSettings(game: string, settings: PrintSettings): void {
  try {
    localStorage.setItem(key(game), JSON.stringify(settings));
  } catch {
    // Storage full or unavailable: the dialog still prints, it only forgets.
  }
}

/** The option a backend message is about: `bleed: a 3 mm bleed needs…` → `bleed`. */
export function optionOf(message: string): string | null {
  return /^([a-z][a-z-]*): /.exec(message)?.[1] ?? null;
}

/** Splits a card name into lines of about `perLine` characters, at most `max` lines. */
export function wrapName(name: string, perLine: number, max: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of name.split(/\s+/)) {
    if (current && (current + ' ' + word).length > perLine) {
      lines.push(current);
      current = word;
    } else {
      current = current ? `${current} ${word}` : word;
    }
  }
  if (current) lines.push(current);
  if (lines.length > max) {
    const kept = lines.slice(0, max);
    kept[max - 1] = `${kept[max - 1]}…`;
    return kept;
  }
  return lines;
}
