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
export function mayLeave(): Promise<boolean> {
  // No dialog available: keep the work (the player can still save it).
  return ask(false);
}

/** The same question before the window closes; if it cannot be asked, the window closes. */
export function mayCloseWindow(): Promise<boolean> {
  return ask(true);
}

async function ask(whenDialogFails: boolean): Promise<boolean> {
  const what = pending?.();
  if (!what) return true;
  try {
    return await backend.confirm(`${what} has unsaved changes. Discard them?`, 'Unsaved changes', 'Discard');
  } catch {
    return whenDialogFails;
  }
}
