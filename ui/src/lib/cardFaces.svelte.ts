// Card faces: the text proxy the PDF prints, as the app shows a card that has no picture.
// Designs come from the backend (`card_faces`, the one layout the PDF draws too), asked
// for a screenful at a time: every `want` made in one task is sent as one call, and each
// answer is kept, so scrolling back or reopening a board asks nothing.
import { SvelteMap } from 'svelte/reactivity';
import { backend, type CardFace } from './backend';

/** A card's face by game and reference (an id, or a name where only that is known);
 * `null`: no such card, so no face (the caller keeps its plain rendering). */
const faces = new SvelteMap<string, CardFace | null>();
const asked = new Set<string>();
const queued = new Map<string, Set<string>>();
let flushing = false;

const keyOf = (game: string, ref: string) => `${game}\u0000${ref}`;

/** The face of `ref` in `game` if it has arrived (`undefined` while on its way). */
export function faceOf(game: string, ref: string): CardFace | null | undefined {
  return faces.get(keyOf(game, ref));
}

/** Asks for the faces of `refs` that are neither known nor on their way, batched. */
export function wantFaces(game: string, refs: Iterable<string>): void {
  for (const ref of refs) {
    const key = keyOf(game, ref);
    if (asked.has(key)) continue;
    asked.add(key);
    let set = queued.get(game);
    if (!set) queued.set(game, (set = new Set()));
    set.add(ref);
  }
  if (queued.size && !flushing) {
    flushing = true;
    queueMicrotask(flush);
  }
}

async function flush() {
  flushing = false;
  const batches = [...queued];
  queued.clear();
  for (const [game, set] of batches) {
    const refs = [...set];
    try {
      const answer = await backend.cardFaces(game, refs);
      refs.forEach((ref, i) => faces.set(keyOf(game, ref), answer[i] ?? null));
    } catch {
      // A face is a nicety: on failure the card keeps its plain rendering, and may be
      // asked for again.
      for (const ref of refs) asked.delete(keyOf(game, ref));
    }
  }
}

/** Cards were added, edited or removed: every face is asked for again when next shown. */
export function forgetFaces(): void {
  asked.clear();
  faces.clear();
}
