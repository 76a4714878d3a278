// The collection view's model: the game's cards joined with the collection rows (a card
// may be owned in several rows: finishes, conditions, places), and how conditions read.
import type { Card, CollectionRow, Condition } from '../../lib/backend';

/** One card as the collection view lists it. */
export interface OwnedCard {
  card: Card;
  /** Copies in all rows. */
  owned: number;
  /** The card's rows (none when not owned). */
  rows: CollectionRow[];
}

export const CONDITION_LABEL: Record<Condition, string> = {
  mint: 'Mint',
  near_mint: 'Near mint',
  lightly_played: 'Lightly played',
  moderately_played: 'Moderately played',
  heavily_played: 'Heavily played',
  damaged: 'Damaged',
};

/** The rows of each card, by card id. */
export function rowsByCard(rows: CollectionRow[]): Map<string, CollectionRow[]> {
  const by = new Map<string, CollectionRow[]>();
  for (const row of rows) {
    const list = by.get(row.card);
    if (list) list.push(row);
    else by.set(row.card, [row]);
  }
  return by;
}

export function ownedCards(cards: Card[], rows: Map<string, CollectionRow[]>): OwnedCard[] {
  return cards.map((card) => {
    const own = rows.get(card.id) ?? [];
    return { card, owned: own.reduce((n, r) => n + r.count, 0), rows: own };
  });
}

/** Distinct non-empty values, in first-seen order, joined: `Binder A, Box 2`. */
export function distinct(values: string[]): string {
  return [...new Set(values.filter((v) => v))].join(', ');
}

export function conditionsOf(rows: CollectionRow[]): string {
  return distinct(rows.map((r) => (r.condition ? CONDITION_LABEL[r.condition] : '')));
}

export function locationsOf(rows: CollectionRow[]): string {
  return distinct(rows.map((r) => r.location));
}

/** `+2 foil` style extras beside the count: how many of the copies are foil. */
export function foilCount(rows: CollectionRow[]): number {
  return rows.filter((r) => r.finish === 'foil').reduce((n, r) => n + r.count, 0);
}
