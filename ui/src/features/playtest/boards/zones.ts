// Helpers the game boards share: finding zones by id and owner, figures and colours.
import type { Zone, ZoneCard } from '../../../lib/backend';

export const zone = (zones: Zone[], id: string, owner: Zone['owner'] = 'you'): Zone | undefined =>
  zones.find((z) => z.id === id && z.owner === owner);

export const cardsOf = (z: Zone | undefined): ZoneCard[] => z?.cards ?? [];

export const stat = (card: ZoneCard | undefined, name: string): number | undefined => card?.stats?.[name];

export const has = (card: ZoneCard, tag: string): boolean => card.tags?.includes(tag) ?? false;

/** A figure card of a tracker zone ("HP", "Shared pool") by name. */
export const figure = (z: Zone | undefined, name: string): number | undefined =>
  stat(cardsOf(z).find((c) => c.name === name), 'value');

// The colours the games print, as swatches; anything else (a colour the data names that
// is not here) falls back to the accent.
const SWATCH: Record<string, string> = {
  red: '#d64545',
  blue: '#3b6fd8',
  yellow: '#e0b021',
  black: '#3a3f4b',
  pink: '#e06aa8',
  green: '#2f9a5a',
  white: '#c9cfd8',
  gold: '#c9a227',
  silver: '#9aa3ad',
  purple: '#8a55c9',
  orange: '#e58a2b',
  gray: '#8a929c',
  cobalt: '#2d5fbf',
  amber: '#e09a1f',
  jade: '#2f9a6a',
  crimson: '#c8323f',
  scarlet: '#d8362f',
  azure: '#3a8ee0',
  emerald: '#2a9d5c',
  violet: '#8a55c9',
  onyx: '#3a3f4b',
  grey: '#8a929c',
  teal: '#1f9aa0',
  multicolor: 'linear-gradient(90deg, #d64545, #e0b021, #2f9a5a, #3b6fd8)',
  any: 'linear-gradient(90deg, #d64545, #e0b021, #2f9a5a, #3b6fd8)',
};

// A colour the table does not know (a Ranger named "cobalt", "amber") still gets its own
// swatch, picked by its name, so two Rangers never share the accent.
const PALETTE = ['#3b6fd8', '#e58a2b', '#2f9a5a', '#8a55c9', '#d64545', '#1f9aa0', '#c9a227', '#e06aa8'];

export function swatch(color: string | undefined): string {
  if (!color) return 'var(--accent)';
  const key = color.toLowerCase();
  const known = SWATCH[key] ?? Object.entries(SWATCH).find(([name]) => key.split(/\s+/).includes(name))?.[1];
  if (known) return known;
  let hash = 0;
  for (const ch of key) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return PALETTE[hash % PALETTE.length] ?? 'var(--accent)';
}

/** Groups cards by colour, in order of first appearance. */
export function byColor(cards: ZoneCard[]): { color: string; label: string; cards: ZoneCard[] }[] {
  const groups: { color: string; label: string; cards: ZoneCard[] }[] = [];
  for (const card of cards) {
    const color = card.color ?? '';
    const label = card.attached?.find((a) => a.role === 'ranger')?.name ?? (color || 'Ranger');
    let group = groups.find((g) => g.color === color);
    if (!group) groups.push((group = { color, label, cards: [] }));
    group.cards.push(card);
  }
  return groups;
}

/** A small figure on a tile ("◆ 3", "+2 ⚡"). */
export interface Badge {
  text: string;
  title: string;
  tone?: 'cost' | 'gain' | 'bad' | 'muted';
}
