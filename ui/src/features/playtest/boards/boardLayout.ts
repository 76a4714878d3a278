// Which board a game's goldfish is drawn on: `zones` (the game-neutral board) or a game's
// own layout (its capabilities' `board`). The Playtest view provides it once; every board
// below it (step-through, played hand, compared lines) reads it.
import { getContext, setContext } from 'svelte';

const KEY = Symbol('board-layout');

/** Sets the board layout for the boards below (a getter: the game may change). */
export function provideBoardLayout(layout: () => string): void {
  setContext(KEY, layout);
}

/** The board layout of the view this board is in; `zones` outside one. */
export function boardLayout(): () => string {
  return getContext<(() => string) | undefined>(KEY) ?? (() => 'zones');
}
