// Unsaved work guard: the deck editor registers what would be lost, and anything that
// navigates away (another game, another view, another deck) asks `mayLeave()` first.
import { backend } from './backend';

type Pending = () => string | null;
let pending: Pending | null = null;

/** Registers a check that names the unsaved work (or returns null); returns an unregister. */
export function guardUnsaved(check: Pending): () => void {
  pending = check;
  return () => {
    if (pending === check) pending = null;
  };
}

/** True when nothing is unsaved, or the user agrees to discard it. */
export async function mayLeave(): Promise<boolean> {
  const what = pending?.();
  if (!what) return true;
  try {
    return await backend.confirm(`${what} has unsaved changes. Discard them?`, 'Unsaved changes', 'Discard');
  } catch {
    // No dialog available: keep the work.
    return false;
  }
}
