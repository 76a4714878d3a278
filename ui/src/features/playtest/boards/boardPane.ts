// Where a board is shown. In a pane of its own (the step-through's, a played game's) the
// board fills it: everything but your hand scrolls, with what the pane shows before and
// after the board (its heading, the log's legend, the odds), and the hand keeps its own
// height at the pane's foot, so it is always on screen and never covers a card. Elsewhere
// (the compared lines, side by side) the board is laid out in the flow, the hand last.
// GoldfishBoard provides this to the game's `Board` as context, so the game boards between
// them need not pass it on.
import { getContext, setContext } from 'svelte';
import type { Snippet } from 'svelte';

export interface BoardPane {
  /** Shown above the board, scrolling with it (the pane's heading). */
  before?: Snippet;
  /** Shown below the board, scrolling with it (a legend, the odds). */
  after?: Snippet;
}

const KEY = Symbol('board-pane');

/** The board below fills a pane; `pane` is a getter (the snippets may change). */
export function provideBoardPane(pane: () => BoardPane | null): void {
  setContext(KEY, pane);
}

/** A getter of the pane the board fills (`null`: it is laid out in the flow). Call it while
 * the component is created, the getter whenever. */
export function boardPane(): () => BoardPane | null {
  const pane = getContext<(() => BoardPane | null) | undefined>(KEY);
  return () => pane?.() ?? null;
}
