// Card faces on the playtest boards. A board knows its cards by name; the game comes from
// the board's context (`provideBoardGame`), so a tile asks for its own face without every
// board passing the game down. The enlarged face a pointer or focus opens is one popup per
// board (`FacePopup`), outside the tiles: a tile may be tilted or greyed (`transform`,
// `filter`), which would trap a fixed-position child.
import { getContext, setContext } from 'svelte';
import type { CardFace } from '../../../lib/backend';
import { faceOf } from '../../../lib/cardFaces.svelte';

const KEY = Symbol('board-game');

/** Sets the game whose cards the board below shows (a getter: the game may change). */
export function provideBoardGame(game: () => string): void {
  setContext(KEY, game);
}

/** The game of the board this component is on, if any. */
export function boardGame(): (() => string) | undefined {
  return getContext<(() => string) | undefined>(KEY);
}

/** The face shown enlarged, where (viewport px), and its name. */
export const popup = $state<{ face: CardFace | null; name: string; x: number; y: number }>({
  face: null,
  name: '',
  x: 0,
  y: 0,
});

const POPUP_WIDTH = 240;
const POPUP_HEIGHT = 336;

/** Shows `face` beside `anchor`, kept inside the window. */
export function showFace(face: CardFace, name: string, anchor: Element): void {
  const box = anchor.getBoundingClientRect();
  const x = box.right + 12 + POPUP_WIDTH < window.innerWidth ? box.right + 12 : Math.max(8, box.left - 12 - POPUP_WIDTH);
  const y = Math.max(8, Math.min(box.top - 40, window.innerHeight - POPUP_HEIGHT - 8));
  popup.face = face;
  popup.name = name;
  popup.x = x;
  popup.y = y;
}

export function hideFace(): void {
  popup.face = null;
}

export const POPUP_FACE_WIDTH = POPUP_WIDTH;

/**
 * An action: the pointer over `node` (or focus inside it) shows the face of card `name`
 * (found by `ref` when given: an id) enlarged, once it has arrived. Use it on the whole tile, not just its thumbnail.
 */
export function faceHover(node: HTMLElement, card: { game: string | undefined; name: string; ref?: string }) {
  let current = card;
  const show = () => {
    const face = current.game ? faceOf(current.game, current.ref ?? current.name) : undefined;
    if (face) showFace(face, current.name, node);
  };
  // Focus bubbles: a focused card set on another card shows its own face, not its holder's.
  const showFocused = (event: FocusEvent) => {
    const target = event.target instanceof Element ? event.target.closest('[data-face-hover]') : node;
    if (target === node) show();
  };
  node.setAttribute('data-face-hover', '');
  node.addEventListener('mouseenter', show);
  node.addEventListener('mouseleave', hideFace);
  node.addEventListener('focusin', showFocused);
  node.addEventListener('focusout', hideFace);
  return {
    update(next: { game: string | undefined; name: string; ref?: string }) {
      current = next;
    },
    destroy() {
      node.removeEventListener('mouseenter', show);
      node.removeEventListener('mouseleave', hideFace);
      node.removeEventListener('focusin', showFocused);
      node.removeEventListener('focusout', hideFace);
      if (popup.name === current.name) hideFace();
    },
  };
}
