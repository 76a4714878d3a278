// The one module that talks to the Tauri backend. Screens import from here, never from
// `@tauri-apps/*`, so the transport can change (or be faked in a UI test) in one place.
import { invoke } from '@tauri-apps/api/core';

export type Side = 'hero' | 'villain';
export type StatValue = number | string | StatValue[];

export interface StatLabel {
  key: string;
  label: string;
}

export interface GameSummary {
  id: string;
  name: string;
  short_name: string;
  card_count: number;
  card_types: string[];
  stats: StatLabel[];
}

export interface Card {
  id: string;
  game: string;
  name: string;
  type: string;
  set: string | null;
  number: string | null;
  side: Side | null;
  color: string | null;
  subtypes: string[];
  keywords: string[];
  text: string | null;
  stats: Record<string, StatValue>;
}

/** A search hit: every card field plus the search score (higher is a better match). */
export interface ScoredCard extends Card {
  score: number;
}

/** One page of search results. */
export interface SearchPage {
  /** How many cards match in all (the page may hold fewer, up to the limit asked for). */
  total: number;
  cards: ScoredCard[];
  /** Words and phrases (lower-cased) the query matched in names and texts. */
  highlight: string[];
}

/** What every failed command rejects with: match on `code`, show `message`. */
export interface BackendError {
  code: string;
  message: string;
}

function asBackendError(raw: unknown): BackendError {
  if (typeof raw === 'object' && raw !== null && 'code' in raw && 'message' in raw) {
    return raw as BackendError;
  }
  return { code: 'transport', message: String(raw) };
}

async function call<T>(command: string, args?: Record<string, unknown>): Promise<T> {
  try {
    return await invoke<T>(command, args);
  } catch (raw) {
    throw asBackendError(raw);
  }
}

export const backend = {
  listGames: () => call<GameSummary[]>('list_games'),
  listCards: (game: string) => call<Card[]>('list_cards', { game }),
  getCard: (id: string) => call<Card>('get_card', { id }),
  /** Rejects with code `bad_query` (and a one-line message) when the query does not parse. */
  searchCards: (query: string, game: string, limit: number) =>
    call<SearchPage>('search_cards', { query, game, limit }),
};

export function errorCode(error: unknown): string {
  return asBackendError(error).code;
}

export function errorMessage(error: unknown): string {
  return asBackendError(error).message;
}
