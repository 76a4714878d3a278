// The deck being edited: its lines, an undo history, and a live legality verdict that
// follows every change. Create it during a component's setup (it registers an effect).
import {
  backend,
  errorMessage,
  type Card,
  type DeckContent,
  type DeckView,
  type GameSummary,
  type Legality,
  type Side,
} from '../../lib/backend';

/** The section the game forces cards of this card's type into, if any (exact type name). */
export function forcedSection(game: GameSummary, card: Card): string | null {
  return Object.hasOwn(game.section_of_type, card.type) ? (game.section_of_type[card.type] ?? null) : null;
}

export interface DraftLine {
  section: string;
  count: number;
  card: Card;
}

/** Everything undo restores. */
interface Snapshot {
  name: string;
  side: Side | null;
  /** The format (rule variant) the deck is built for, by id; null for the game's own rules. */
  format: string | null;
  notes: string;
  tags: string[];
  lines: DraftLine[];
}

/** How many changes undo remembers. */
const UNDO_DEPTH = 200;
/** Checks wait this long after a change, so a burst of clicks is judged once. */
const CHECK_DELAY_MS = 60;

export class DeckDraft {
  readonly game: GameSummary;
  id = $state<number | null>(null);
  version = $state<number | null>(null);
  name = $state('');
  side = $state<Side | null>(null);
  format = $state<string | null>(null);
  notes = $state('');
  tags = $state.raw<string[]>([]);
  lines = $state.raw<DraftLine[]>([]);

  legality = $state.raw<Legality | null>(null);
  /** Why the last check failed (the deck is then shown unjudged). */
  checkError = $state<string | null>(null);
  saving = $state(false);

  #undo = $state.raw<Snapshot[]>([]);
  /** What the stored version holds, to tell whether there are unsaved changes. */
  #savedKey = $state('');
  /** The kind of the last change, so typing a name is one undo step, not one per key. */
  #lastChange: string | null = null;
  #checksIssued = 0;

  constructor(game: GameSummary, view: DeckView | null) {
    this.game = game;
    if (view) this.#load(view);
    else {
      this.name = 'New deck';
      // A new deck has nothing to lose until something differs from this.
      this.#savedKey = this.#key();
    }
    $effect(() => {
      const content = this.content();
      const timer = setTimeout(() => this.#check(content), CHECK_DELAY_MS);
      return () => clearTimeout(timer);
    });
  }

  get canUndo(): boolean {
    return this.#undo.length > 0;
  }

  /** Can be saved: never saved, or different from the stored version. */
  get dirty(): boolean {
    return this.id === null || this.changed;
  }

  /** Work that leaving would lose: anything different from the stored (or new) deck. */
  get changed(): boolean {
    return this.#key() !== this.#savedKey;
  }

  get cardCount(): number {
    return this.lines.reduce((sum, line) => sum + line.count, 0);
  }

  /**
   * The section a card lands in when put in `preferred`: its type's own section, unless it
   * is being set aside (Side, Maybe), which any card may be. The core decides both.
   */
  sectionFor(card: Card, preferred: string): string {
    if (this.game.aside_sections.includes(preferred)) return preferred;
    return forcedSection(this.game, card) ?? preferred;
  }

  countOf(cardId: string, section: string): number {
    return this.lines.find((l) => l.card.id === cardId && l.section === section)?.count ?? 0;
  }

  content(): DeckContent {
    return {
      game: this.game.id,
      name: this.name,
      side: this.side,
      format: this.format,
      notes: this.notes,
      tags: this.tags,
      cards: this.lines.map((l) => ({ section: l.section, count: l.count, card: l.card.id })),
    };
  }

  /** Adds `count` copies of `card` (to its forced section, else `section`). */
  add(card: Card, section: string, count = 1) {
    const target = this.sectionFor(card, section);
    this.setCount(card, target, this.countOf(card.id, target) + count);
  }

  /** Sets a line's count; 0 removes the line. */
  setCount(card: Card, section: string, count: number) {
    const next = Math.max(0, Math.min(999, Math.floor(count)));
    if (next === this.countOf(card.id, section)) return;
    this.#change('lines', () => {
      const existing = this.lines.some((l) => l.card.id === card.id && l.section === section);
      if (!existing) this.lines = [...this.lines, { section, count: next, card }];
      else
        this.lines = this.lines
          .map((l) => (l.card.id === card.id && l.section === section ? { ...l, count: next } : l))
          .filter((l) => l.count > 0);
    });
  }

  /**
   * Makes a tuning's swaps — per swap one copy of `outId` out of `section`, one `card` in —
   * as one undoable change.
   */
  applySwaps(swaps: { outId: string; section: string; card: Card }[]) {
    if (!swaps.length) return;
    const same = (l: DraftLine, id: string, section: string) => l.card.id === id && l.section === section;
    this.#change('lines', () => {
      let lines = this.lines;
      for (const swap of swaps) {
        lines = lines
          .map((l) => (same(l, swap.outId, swap.section) ? { ...l, count: l.count - 1 } : l))
          .filter((l) => l.count > 0);
        lines = lines.some((l) => same(l, swap.card.id, swap.section))
          ? lines.map((l) => (same(l, swap.card.id, swap.section) ? { ...l, count: l.count + 1 } : l))
          : [...lines, { section: swap.section, count: 1, card: swap.card }];
      }
      this.lines = lines;
    });
    this.#lastChange = null;
  }

  /** Moves every copy of a card from one section to another (merging with copies there). */
  move(cardId: string, from: string, to: string) {
    const line = this.lines.find((l) => l.card.id === cardId && l.section === from);
    if (!line || from === to) return;
    const target = this.sectionFor(line.card, to);
    if (target === from) return;
    this.#change('lines', () => {
      const merged = this.countOf(cardId, target) + line.count;
      const rest = this.lines.filter((l) => l !== line && !(l.card.id === cardId && l.section === target));
      this.lines = [...rest, { ...line, section: target, count: merged }];
    });
  }

  setName(name: string) {
    if (name !== this.name) this.#change('name', () => (this.name = name));
  }

  setNotes(notes: string) {
    if (notes !== this.notes) this.#change('notes', () => (this.notes = notes));
  }

  /** Adds a tag (trimmed; ignored when empty or already there, whatever its case). */
  addTag(tag: string) {
    const clean = tag.trim();
    if (!clean || this.tags.some((t) => t.toLowerCase() === clean.toLowerCase())) return;
    this.#change('tags', () => (this.tags = [...this.tags, clean]));
    this.#lastChange = null;
  }

  removeTag(tag: string) {
    if (!this.tags.includes(tag)) return;
    this.#change('tags', () => (this.tags = this.tags.filter((t) => t !== tag)));
    this.#lastChange = null;
  }

  setSide(side: Side | null) {
    if (side !== this.side) this.#change('side', () => (this.side = side));
  }

  /** Picks the rule variant the deck is checked against (null: the game's own rules). */
  setFormat(format: string | null) {
    if (format !== this.format) this.#change('format', () => (this.format = format));
  }

  undo() {
    const previous = this.#undo.at(-1);
    if (!previous) return;
    this.#undo = this.#undo.slice(0, -1);
    this.#restore(previous);
    this.#lastChange = null;
  }

  /** Replaces the draft with an older stored version (an undoable change until saved). */
  revertTo(view: DeckView) {
    this.#change('revert', () => this.#restore(snapshotOf(view)));
    this.#lastChange = null;
  }

  /**
   * Saves a new version; returns the stored deck, or throws the backend's error. Edits made
   * while the save is under way stay in the draft (and keep it unsaved).
   */
  async save(): Promise<DeckView> {
    this.saving = true;
    try {
      const sent = this.content();
      const view = await backend.saveDeck(this.id, sent);
      if (this.#key() === keyOf(sent)) this.#load(view);
      else {
        this.id = view.id;
        this.version = view.version;
        this.#savedKey = keyOf(sent);
      }
      return view;
    } finally {
      this.saving = false;
    }
  }

  /** Ends a run of typing: the next edit of the same field is a new undo step. */
  endTyping() {
    this.#lastChange = null;
  }

  #change(kind: string, apply: () => void) {
    // Consecutive keystrokes in one text field are one undo step.
    const coalesce = (kind === 'name' || kind === 'notes') && kind === this.#lastChange;
    if (!coalesce) this.#undo = [...this.#undo.slice(-(UNDO_DEPTH - 1)), this.#snapshot()];
    this.#lastChange = kind;
    apply();
  }

  #snapshot(): Snapshot {
    return {
      name: this.name,
      side: this.side,
      format: this.format,
      notes: this.notes,
      tags: this.tags,
      lines: this.lines,
    };
  }

  #restore(snapshot: Snapshot) {
    this.name = snapshot.name;
    this.side = snapshot.side;
    this.format = snapshot.format;
    this.notes = snapshot.notes;
    this.tags = snapshot.tags;
    this.lines = snapshot.lines;
  }

  #load(view: DeckView) {
    this.id = view.id;
    this.version = view.version;
    this.#restore(snapshotOf(view));
    this.legality = view.legality;
    this.#savedKey = this.#key();
    this.#lastChange = null;
  }

  #key(): string {
    return keyOf(this.content());
  }

  async #check(content: DeckContent) {
    const id = ++this.#checksIssued;
    try {
      const legality = await backend.checkDeckDraft(content);
      if (id !== this.#checksIssued) return;
      this.legality = legality;
      this.checkError = null;
    } catch (error) {
      if (id !== this.#checksIssued) return;
      // No verdict rather than an old one.
      this.legality = null;
      this.checkError = errorMessage(error);
    }
  }
}

function snapshotOf(view: DeckView): Snapshot {
  return {
    name: view.name,
    side: view.side,
    format: view.format ?? null,
    notes: view.notes,
    tags: view.tags,
    lines: view.entries.map((e) => ({ section: e.section, count: e.count, card: e.card })),
  };
}

/** What identifies a deck's content, to compare a draft with what is stored. */
function keyOf(c: DeckContent): string {
  return JSON.stringify([c.name.trim(), c.side, c.format ?? null, c.notes, c.tags, [...c.cards].sort(byLine)]);
}

function byLine(a: { section: string; card: string }, b: { section: string; card: string }): number {
  return a.section.localeCompare(b.section) || a.card.localeCompare(b.card);
}
