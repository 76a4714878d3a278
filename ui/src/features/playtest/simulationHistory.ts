// The last simulation of each deck, kept with the deck version it ran on, so the next run
// can say "v3: 5.3 turns → v4: 5.0 turns, better". Kept in the webview's local storage:
// it is a convenience of this machine's app, not part of the deck.
import type { SimReport } from '../../lib/backend';

export interface PastRun {
  /** The deck version the run played; null for a deck never saved. */
  version: number | null;
  /** Whether the deck had unsaved changes when it ran. */
  edited: boolean;
  games: number;
  meanFirst: number | null;
  meanSecond: number | null;
  ranAt: string;
}

const key = (deckId: number) => `deckhand.goldfish.last.${deckId}`;

export function lastRun(deckId: number | null): PastRun | null {
  if (deckId === null) return null;
  try {
    const raw = localStorage.getItem(key(deckId));
    return raw ? (JSON.parse(raw) as PastRun) : null;
  } catch {
    return null;
  }
}

export function remember(deckId: number | null, version: number | null, edited: boolean, report: SimReport): PastRun {
  const run: PastRun = {
    version,
    edited,
    games: report.games,
    meanFirst: report.going_first.mean_kill_turn,
    meanSecond: report.going_second.mean_kill_turn,
    ranAt: new Date().toISOString(),
  };
  if (deckId !== null) {
    try {
      localStorage.setItem(key(deckId), JSON.stringify(run));
    } catch {
      // Storage full or unavailable: the comparison is a nicety, the run still shows.
    }
  }
  return run;
}

/** "v3: 5.3 turns → v4: 5.0 turns, better" for one seat; null when either has no wins. */
export function comparison(before: PastRun, after: PastRun, seat: 'first' | 'second'): string | null {
  const a = seat === 'first' ? before.meanFirst : before.meanSecond;
  const b = seat === 'first' ? after.meanFirst : after.meanSecond;
  if (a === null || b === null) return null;
  const label = (run: PastRun) => (run.version === null ? 'unsaved' : `v${run.version}${run.edited ? ' (edited)' : ''}`);
  const delta = b - a;
  // Differences below a tenth of a turn are within the noise of a typical run.
  const verdict = Math.abs(delta) < 0.1 ? 'about the same' : delta < 0 ? 'better' : 'worse';
  return `${label(before)}: ${a.toFixed(2)} turns → ${label(after)}: ${b.toFixed(2)} turns, ${verdict}`;
}
