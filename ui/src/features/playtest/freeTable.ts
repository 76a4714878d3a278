// The free table's state and moves, for every game (player-added ones too): no rules, only
// the zones of the game definition's [play] table and what a player does with cards by hand.
// Every move is a pure function from one state to the next, so undo and redo are a list of
// states; the PRNG's state lives in the table too, so an undone shuffle or die roll comes
// back the same when redone, and the same seed always deals the same table.
import type { DeckCard, PlayDef, StatLabel } from '../../lib/backend';

/** One physical card on the table; `uid` tells copies apart (keys, drag and drop). */
export interface TableCard {
  uid: number;
  /** The card's id, as the deck lists it. */
  id: string;
  exhausted: boolean;
  counters: number;
}

/** deck and aside are face down; section holds a deck section that is not shuffled (Characters). */
export type ZoneKind = 'deck' | 'hand' | 'aside' | 'play' | 'section';

export interface Zone {
  id: string;
  name: string;
  kind: ZoneKind;
  /** In the deck, the first card is the top one. */
  cards: TableCard[];
}

export interface Tracker {
  name: string;
  value: number;
}

export interface TableState {
  seed: number;
  /** The PRNG's state after the last random act (shuffle, die, coin). */
  rng: number;
  turn: number;
  zones: Zone[];
  trackers: Tracker[];
  die: number | null;
  coin: 'heads' | 'tails' | null;
  /** What the last move did, in words (shown, and read out by screen readers). */
  last: string;
}

/** What a deal needs: the deck as it is now and how the game deals. */
export interface DealSpec {
  cards: DeckCard[];
  /** The sections shuffled into the deck (the game's counted sections). */
  counted: string[];
  /** Sections left off the table (side, maybe). */
  aside: string[];
  sections: StatLabel[];
  play: PlayDef;
}

/** mulberry32: small, fast, and the same in every webview, which Math.random is not. */
class Rng {
  constructor(public state: number) {}
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  below(n: number): number {
    return Math.floor(this.next() * n);
  }
  shuffle<T>(items: T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i -= 1) {
      const j = this.below(i + 1);
      const swap = out[i] as T;
      out[i] = out[j] as T;
      out[j] = swap;
    }
    return out;
  }
}

export function newSeed(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0] ?? 0;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function zone(state: TableState, id: string): Zone {
  const found = state.zones.find((z) => z.id === id);
  if (!found) throw new Error(`no zone ${id}`);
  return found;
}

export function faceDown(z: Zone): boolean {
  return z.kind === 'deck' || z.kind === 'aside';
}

/** Where a card is: its zone and index, or null when it is not on the table. */
export function locate(state: TableState, uid: number): { zone: Zone; index: number } | null {
  for (const z of state.zones) {
    const index = z.cards.findIndex((c) => c.uid === uid);
    if (index >= 0) return { zone: z, index };
  }
  return null;
}

/** Milled cards go to the game's discard pile (or scrapyard), else to its last zone. */
export function discardZone(state: TableState): Zone {
  const play = state.zones.filter((z) => z.kind === 'play');
  return [...play].reverse().find((z) => /discard|scrapyard/i.test(z.name)) ?? play.at(-1) ?? zone(state, 'hand');
}

const withZones = (state: TableState, changes: Record<string, TableCard[]>, last: string, rng?: Rng): TableState => ({
  ...state,
  rng: rng ? rng.state : state.rng,
  zones: state.zones.map((z) => {
    const cards = changes[z.id];
    return cards ? { ...z, cards } : z;
  }),
  last,
});

/** Shuffles the counted sections, sets aside and deals the opening hand. */
export function deal(spec: DealSpec, seed: number): TableState {
  const rng = new Rng(seed);
  let uid = 0;
  const expand = (lines: DeckCard[]) => lines.flatMap((l) => Array.from({ length: l.count }, () => ({ uid: uid++, id: l.card, exhausted: false, counters: 0 })));
  const library = rng.shuffle(expand(spec.cards.filter((l) => spec.counted.includes(l.section))));
  const setAside = library.splice(0, spec.play.set_aside);
  const hand = library.splice(0, spec.play.opening_hand);
  const zones: Zone[] = [
    { id: 'deck', name: 'Deck', kind: 'deck', cards: library },
    { id: 'hand', name: 'Hand', kind: 'hand', cards: hand },
  ];
  if (spec.play.set_aside > 0) zones.push({ id: 'aside', name: 'Set aside', kind: 'aside', cards: setAside });
  spec.play.zones.forEach((name, i) => zones.push({ id: `zone-${i}`, name, kind: 'play', cards: [] }));
  // The deck's other sections (Characters, a Ranger) are on the table face up, to be moved where the game puts them.
  for (const section of spec.sections) {
    if (spec.counted.includes(section.key) || spec.aside.includes(section.key)) continue;
    const cards = expand(spec.cards.filter((l) => l.section === section.key));
    if (cards.length) zones.push({ id: `section-${section.key}`, name: section.label, kind: 'section', cards });
  }
  const aside = spec.play.set_aside > 0 ? `, ${plural(setAside.length, 'card')} set aside` : '';
  return {
    seed,
    rng: rng.state,
    turn: 1,
    zones,
    trackers: [
      { name: 'Life', value: 0 },
      { name: 'Resources', value: 0 },
    ],
    die: null,
    coin: null,
    last: `Dealt a hand of ${hand.length}${aside}; ${plural(library.length, 'card')} in the deck`,
  };
}

export function draw(state: TableState, n: number): TableState | null {
  const deck = zone(state, 'deck').cards;
  const taken = deck.slice(0, Math.max(0, n));
  if (!taken.length) return null;
  const short = taken.length < n ? ` (the deck had only ${taken.length})` : '';
  return withZones(state, { deck: deck.slice(taken.length), hand: [...zone(state, 'hand').cards, ...taken] }, `Drew ${plural(taken.length, 'card')}${short}`);
}

const readyAll = (zones: Zone[]) => zones.map((z) => (z.cards.some((c) => c.exhausted) ? { ...z, cards: z.cards.map((c) => (c.exhausted ? { ...c, exhausted: false } : c)) } : z));

export function untapAll(state: TableState): TableState | null {
  const count = state.zones.reduce((n, z) => n + z.cards.filter((c) => c.exhausted).length, 0);
  if (!count) return null;
  return { ...state, zones: readyAll(state.zones), last: `Readied ${plural(count, 'card')}` };
}

/** The next turn: ready every card, then draw what the game draws each turn. */
export function nextTurn(state: TableState, drawsPerTurn: number): TableState {
  const readied: TableState = { ...state, turn: state.turn + 1, zones: readyAll(state.zones) };
  const drawn = draw(readied, drawsPerTurn);
  const what = drawn ? drawn.last.toLowerCase() : drawsPerTurn ? 'the deck is empty' : 'no draw';
  return { ...(drawn ?? readied), last: `Turn ${readied.turn}: cards readied, ${what}` };
}

export function shuffleDeck(state: TableState): TableState {
  const rng = new Rng(state.rng);
  const deck = zone(state, 'deck').cards;
  return withZones(state, { deck: rng.shuffle(deck) }, `Shuffled the deck (${plural(deck.length, 'card')})`, rng);
}

export function mill(state: TableState, n: number): TableState | null {
  const deck = zone(state, 'deck').cards;
  const taken = deck.slice(0, Math.max(0, n));
  if (!taken.length) return null;
  const to = discardZone(state);
  return withZones(state, { deck: deck.slice(taken.length), [to.id]: [...to.cards, ...taken] }, `Milled ${plural(taken.length, 'card')} to ${to.name}`);
}

/**
 * Moves a card to a zone: to the deck's top or bottom, elsewhere to the end. A card that
 * goes back to the deck, the hand or a face-down pile leaves its counters and readies.
 */
export function move(state: TableState, uid: number, to: string, where: 'top' | 'bottom' = 'bottom'): TableState | null {
  const from = locate(state, uid);
  const target = state.zones.find((z) => z.id === to);
  if (!from || !target) return null;
  if (from.zone.id === to && to !== 'deck') return null;
  let card = from.zone.cards[from.index] as TableCard;
  if (target.kind !== 'play' && target.kind !== 'section') card = { ...card, exhausted: false, counters: 0 };
  const source = from.zone.cards.filter((c) => c.uid !== uid);
  const rest = from.zone.id === to ? source : target.cards;
  const placed = where === 'top' ? [card, ...rest] : [...rest, card];
  const changes = from.zone.id === to ? { [to]: placed } : { [from.zone.id]: source, [to]: placed };
  const place = to === 'deck' ? `the ${where} of the deck` : target.name;
  return withZones(state, changes, `Moved a card from ${from.zone.name} to ${place}`);
}

function updateCard(state: TableState, uid: number, change: (c: TableCard) => TableCard, last: (c: TableCard) => string): TableState | null {
  const at = locate(state, uid);
  if (!at) return null;
  const card = change(at.zone.cards[at.index] as TableCard);
  return withZones(state, { [at.zone.id]: at.zone.cards.map((c) => (c.uid === uid ? card : c)) }, last(card));
}

export const toggleExhausted = (state: TableState, uid: number) =>
  updateCard(state, uid, (c) => ({ ...c, exhausted: !c.exhausted }), (c) => (c.exhausted ? 'Exhausted a card' : 'Readied a card'));

export function addCounter(state: TableState, uid: number, delta: number): TableState | null {
  const at = locate(state, uid);
  if (!at || (at.zone.cards[at.index]?.counters ?? 0) + delta < 0) return null;
  return updateCard(state, uid, (c) => ({ ...c, counters: c.counters + delta }), (c) => `A card has ${plural(c.counters, 'counter')}`);
}

export function changeTracker(state: TableState, index: number, delta: number): TableState {
  const trackers = state.trackers.map((t, i) => (i === index ? { ...t, value: t.value + delta } : t));
  const t = trackers[index];
  return { ...state, trackers, last: t ? `${t.name}: ${t.value}` : state.last };
}

export function renameTracker(state: TableState, index: number, name: string): TableState | null {
  if (!name.trim() || state.trackers[index]?.name === name) return null;
  const trackers = state.trackers.map((t, i) => (i === index ? { ...t, name } : t));
  return { ...state, trackers, last: `Renamed a tracker to ${name}` };
}

export function rollDie(state: TableState): TableState {
  const rng = new Rng(state.rng);
  const die = rng.below(6) + 1;
  return { ...state, rng: rng.state, die, last: `Rolled a ${die}` };
}

export function flipCoin(state: TableState): TableState {
  const rng = new Rng(state.rng);
  const coin = rng.next() < 0.5 ? 'heads' : 'tails';
  return { ...state, rng: rng.state, coin, last: `The coin shows ${coin}` };
}

/** Shuffles the hand back into the deck and deals a hand of the same size again. */
export function mulligan(state: TableState, handSize: number): TableState {
  const rng = new Rng(state.rng);
  const deck = rng.shuffle([...zone(state, 'deck').cards, ...zone(state, 'hand').cards]);
  const hand = deck.splice(0, handSize);
  return withZones(state, { deck, hand }, `Mulligan: a new hand of ${hand.length}`, rng);
}
