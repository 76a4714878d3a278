// The editor's deck against the collection: owned / needed per card name and the copies
// missing. Create it during a component's setup (it registers an effect there).
//
// The copies needed come from the draft itself, at once: the panel, the deck lines and
// the legality panel read one deck state, so none of them can lag an edit behind the
// others (a reply computed for an earlier draft used to stand until the next one came,
// "0/1" for a line of four). Only what the draft cannot know is asked of the backend —
// per card name the copies owned and the copies the other stored decks play — and that
// depends on the names alone, not on counts, so a reply never goes stale while the deck
// is edited; it is asked again when a new name comes in and after the collection changed.
import { backend, errorMessage, type DeckNeed, type NeedLine } from '../../lib/backend';
import type { DeckDraft, DraftLine } from './deckDraft.svelte';

/** A card name as the backend compares names (`deckhand_core::fold_name`). */
export function foldName(name: string): string {
  return name
    .split(/\s+/)
    .filter((w) => w !== '')
    .join(' ')
    .replace(/[\u2018\u2019\u201A\u201B\u2032]/g, "'")
    .replace(/[\u201C\u201D\u201E\u201F\u2033]/g, '"')
    .toLowerCase();
}

/** What the collection and the other decks hold of one card name. */
interface Holding {
  owned: number;
  used_elsewhere: number;
}

/** The `maybe` section is not part of the deck and needs nothing (as in the backend). */
const counts = (line: DraftLine) => line.section !== 'maybe';

/**
 * The deck's need from its lines and what is known of each name; null while a name the
 * deck plays is not known yet.
 */
export function needOf(game: string, lines: readonly DraftLine[], held: ReadonlyMap<string, Holding>): DeckNeed | null {
  const byKey = new Map<string, { card: string; name: string; needed: number }>();
  for (const line of lines.filter(counts)) {
    const key = foldName(line.card.name);
    const seen = byKey.get(key);
    if (seen) seen.needed += line.count;
    else byKey.set(key, { card: line.card.id, name: line.card.name, needed: line.count });
  }
  const needLines: NeedLine[] = [];
  let withOthers = 0;
  for (const [key, { card, name, needed }] of byKey) {
    const holding = held.get(key);
    if (!holding) return null;
    withOthers += Math.max(0, needed + holding.used_elsewhere - holding.owned);
    needLines.push({ card, name, needed, owned: holding.owned, used_elsewhere: holding.used_elsewhere, missing: Math.max(0, needed - holding.owned) });
  }
  return {
    game,
    lines: needLines,
    missing: needLines.reduce((n, l) => n + l.missing, 0),
    missing_with_other_decks: withOthers,
  };
}

export class DeckNeedWatch {
  /** Per folded card name, from the backend's latest answers. */
  #held = $state.raw<ReadonlyMap<string, Holding>>(new Map());
  error = $state<string | null>(null);
  #asked = 0;
  /** Names asked and not answered yet: a burst of clicks asks once per new name. */
  #pending = new Set<string>();

  /** The deck against the collection, as the draft is now; null while a name is unknown. */
  readonly need = $derived.by(() => needOf(this.draft.game.id, this.draft.lines, this.#held));

  /** The need line of a card, by folded name (any printing of a card counts as owned). */
  readonly byName = $derived(new Map((this.need?.lines ?? []).map((l) => [foldName(l.name), l])));

  constructor(readonly draft: DeckDraft) {
    $effect(() => {
      // Only a name not known yet is worth a question: counts are the draft's own.
      const held = this.#held;
      const unknown = draft.lines.filter((l) => counts(l) && !held.has(foldName(l.card.name)) && !this.#pending.has(foldName(l.card.name)));
      if (unknown.length > 0) void this.#load(false);
    });
  }

  /** Asks again for every name (after the collection changed). */
  refresh() {
    void this.#load(true);
  }

  async #load(replace: boolean) {
    const ticket = ++this.#asked;
    // The stored deck's own copies are not "used elsewhere": the backend leaves it out.
    const id = this.draft.id;
    const content = this.draft.content();
    const lines = this.draft.lines.filter(counts);
    const keys = new Set(lines.map((l) => foldName(l.card.name)));
    for (const key of keys) this.#pending.add(key);
    try {
      const reply = await backend.deckNeed(id, content);
      // Any answer is true of the names it covers (they depend on no count), so an older
      // one still adds what it knows; only a refresh replaces what was known before.
      const fresh = replace && ticket === this.#asked;
      const next = new Map(fresh ? [] : this.#held);
      const set = (key: string, holding: Holding) => {
        const was = next.get(key);
        if (!was || was.owned !== holding.owned || was.used_elsewhere !== holding.used_elsewhere) next.set(key, holding);
      };
      for (const l of reply.lines) {
        const holding = { owned: l.owned, used_elsewhere: l.used_elsewhere };
        set(foldName(l.name), holding);
        // Matched by id too, so a name folded unlike the backend's still gets its answer.
        for (const line of lines) if (line.card.id === l.card) set(foldName(line.card.name), holding);
      }
      // Only news is stored: an answer that adds nothing must not ask again (the effect
      // above reruns on every change of what is known).
      if (fresh || next.size !== this.#held.size || [...next].some(([k, v]) => this.#held.get(k) !== v)) this.#held = next;
      if (ticket === this.#asked) this.error = null;
    } catch (e) {
      if (ticket === this.#asked) this.error = errorMessage(e);
    } finally {
      for (const key of keys) this.#pending.delete(key);
    }
  }
}
