// The editor's deck against the collection, kept up to date as the deck changes: owned /
// needed per card name and the copies missing. Create it during a component's setup (it
// registers an effect there).
import { backend, errorMessage, type DeckNeed, type NeedLine } from '../../lib/backend';
import type { DeckDraft } from './deckDraft.svelte';

const NEED_DELAY_MS = 200;

export class DeckNeedWatch {
  need = $state.raw<DeckNeed | null>(null);
  error = $state<string | null>(null);
  #asked = 0;

  constructor(readonly draft: DeckDraft) {
    $effect(() => {
      const content = draft.content();
      const id = draft.id;
      const timer = setTimeout(() => this.#load(id, content), NEED_DELAY_MS);
      return () => clearTimeout(timer);
    });
  }

  /** The need line of a card, by name (any printing of a card counts as owned). */
  get byName(): Map<string, NeedLine> {
    return new Map((this.need?.lines ?? []).map((l) => [l.name.toLowerCase(), l]));
  }

  /** Asks again (after the collection changed). */
  refresh() {
    this.#load(this.draft.id, this.draft.content());
  }

  async #load(id: number | null, content: ReturnType<DeckDraft['content']>) {
    const ticket = ++this.#asked;
    try {
      const need = await backend.deckNeed(id, content);
      if (ticket !== this.#asked) return;
      this.need = need;
      this.error = null;
    } catch (e) {
      if (ticket === this.#asked) this.error = errorMessage(e);
    }
  }
}
