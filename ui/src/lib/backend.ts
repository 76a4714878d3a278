// The one module that talks to the Tauri backend. Screens import from here, never from
// `@tauri-apps/*`, so the transport can change (or be faked in a UI test) in one place.
import { Channel, convertFileSrc, invoke } from '@tauri-apps/api/core';
import { getCurrentWindow } from '@tauri-apps/api/window';

// Every type the commands send and receive is generated from the Rust types
// (bindings.ts, `make bindings`); the names below are the ones the screens use.
import type {
  About,
  Action,
  CardDraft,
  CardFactsInput,
  CardView,
  Commands,
  DeckContent,
  DeckImport as DeckImportOf,
  DeckView,
  Decision,
  ErrorCode,
  ImageInfo,
  ImportProgress,
  Mark,
  OddsQuery,
  Page,
  Placement,
  PlayChoices,
  PrintOptions,
  PrintProgress,
  Rect,
  TuneProgress,
} from './bindings';
export type * from './bindings';

/** A card with its image (`null` without one), as the image commands return it. */
export type CardWithImage = CardView;
export type GoldfishAction = Action;
export type GoldfishDecision = Decision;
export type PrintRect = Rect;
export type PrintPlacement = Placement;
export type PrintMark = Mark;
export type PrintPage = Page;
export type LicenceEntry = About['licences']['crates'][number];
/** What a game's goldfish takes besides the deck, none chosen (a new object each time). */
export const noChoices = (): PlayChoices => ({ policy: null, enemies: [], die: null });

/** A deck file read into a new deck: the deck and what the read made of the file. */
export type DeckImport = DeckImportOf<DeckView>;

/** What a tuning searches: the pool query, the owned switch, its size (the Tune… dialog). */
export interface TuneRequest {
  pool: string;
  owned: boolean;
  games: number;
  rounds: number;
}

/** How Import cards… reads a spreadsheet's columns (the page's choice, sent as `map`/`ignore`). */
export interface ColumnMapping {
  map: [string, string][];
  ignore: string[];
}

/**
 * The URL of a card's thumbnail (`full`: its whole image), served by the app's
 * `card-image:` scheme. The image's size is in the URL, so a replaced image is fetched anew
 * while an unchanged one comes from the webview's cache.
 */
export function cardImageUrl(id: string, image: ImageInfo, full = false): string {
  const version = `${image.width}x${image.height}x${image.bytes}`;
  return `${convertFileSrc(`${full ? 'full' : 'thumb'}/${id}`, 'card-image')}?v=${version}`;
}

/** What a rejected command carries: a code from the backend, or `transport` for a failure
 * of the IPC itself. */
export interface BackendError {
  code: ErrorCode | 'transport';
  message: string;
}

function asBackendError(raw: unknown): BackendError {
  if (typeof raw === 'object' && raw !== null && 'code' in raw && 'message' in raw) {
    return raw as BackendError;
  }
  return { code: 'transport', message: String(raw) };
}

type Command = keyof Commands;

/** Calls `command` with its generated argument and result types. */
async function call<C extends Command>(command: C, args?: Commands[C]['args']): Promise<Commands[C]['result']> {
  try {
    return await invoke<Commands[C]['result']>(command, args);
  } catch (raw) {
    throw asBackendError(raw);
  }
}

export const backend = {
  listGames: () => call('list_games'),
  /** The player's game files skipped at start-up, with the reason. */
  gameProblems: () => call('game_problems'),
  /**
   * Asks for a game definition (TOML) in a native dialog opened by the backend, checks it
   * and installs it; `null` when the user cancels. A bad file rejects with its line:column.
   */
  addGameFile: () => call('add_game_file'),
  /** Removes a player's game (refused, naming what remains, while it has cards or decks). */
  removeGame: (id: string) => call('remove_game', { id }),
  /** Asks where to save a game's definition in a native dialog and writes it; the path or `null`. */
  exportGameFile: (id: string) => call('export_game_file', { id }),
  gameRules: (id: string) => call('game_rules', { id }),
  listCards: (game: string) => call('list_cards', { game }),
  /** One window of a game's card list (light rows, name order) and the game's card count. */
  listCardRows: (game: string, offset: number, limit: number) => call('list_card_rows', { game, offset, limit }),
  /** The set codes a game's cards name, sorted. */
  cardSets: (game: string) => call('card_sets', { game }),
  getCard: (id: string) => call('get_card', { id }),
  /**
   * The text-proxy faces of a game's cards (ids, or names where only those are known), in
   * order, `null` for one not found: the PDF's design. Use `cardFaces.svelte.ts`, which
   * batches and keeps them.
   */
  cardFaces: (game: string, cards: string[]) => call('card_faces', { game, cards }),
  /** The image sizes of a game's cards that have an image, by card id. */
  cardImages: (game: string) => call('card_images', { game }),
  /** Asks for an image file in a native dialog and attaches it; `null` when the user cancels. */
  attachCardImage: (card: string) => call('attach_card_image', { card }),
  /** Attaches an image file dropped on the page: its bytes travel as the raw request body. */
  dropCardImage: async (card: string, file: File) => {
    const bytes = new Uint8Array(await file.arrayBuffer());
    try {
      return await invoke<CardWithImage>('drop_card_image', bytes, {
        headers: { 'card-id': encodeURIComponent(card), 'file-name': encodeURIComponent(file.name) },
      });
    } catch (raw) {
      throw asBackendError(raw);
    }
  },
  removeCardImage: (card: string) => call('remove_card_image', { card }),
  /**
   * Asks where to save in a native dialog and writes the game's cards (one set's, if given)
   * as `json`, `csv` or a card `pack` (.zip with images); `null` when the user cancels.
   */
  exportCardSet: (game: string, set: string | null, format: 'json' | 'csv' | 'pack') =>
    call('export_card_set', { game, set, format }),
  /** Asks for a card pack in a native dialog and imports it; `null` when the user cancels. */
  importCardPack: () => call('import_card_pack'),
  /** Rejects with code `bad_query` (and a one-line message) when the query does not parse. */
  searchCards: (query: string, game: string, limit: number) =>
    call('search_cards', { query, game, limit }),
  /** One window of a search's matches as light rows; errors as `searchCards`. */
  searchCardRows: (query: string, game: string, offset: number, limit: number) =>
    call('search_card_rows', { query, game, offset, limit }),

  listDecks: (game: string | null, deleted = false) => call('list_decks', { game, deleted }),
  /** The newest version when `version` is omitted. */
  getDeck: (id: number, version?: number) => call('get_deck', { id, version: version ?? null }),
  /** Saves a new deck (`id` null) or the next version of `id`. */
  saveDeck: (id: number | null, draft: DeckContent) => call('save_deck', { id, draft }),
  checkDeckDraft: (draft: DeckContent) => call('check_deck_draft', { draft }),
  renameDeck: (id: number, name: string) => call('rename_deck', { id, name }),
  duplicateDeck: (id: number, name: string) => call('duplicate_deck', { id, name }),
  /** Deletes (recoverably) or, with `deleted` false, restores a deck. */
  setDeckDeleted: (id: number, deleted: boolean) => call('delete_deck', { id, deleted }),
  deckVersions: (id: number) => call('deck_versions', { id }),
  diffDeck: (id: number, from: number, to: number) => call('diff_deck', { id, from, to }),
  /**
   * Asks for a deck file in a native dialog (opened by the backend: the page never names a
   * path) and imports it: the new deck and what the reader did; `null` when the user cancels.
   */
  importDeckFile: (game: string | null) => call('import_deck_file', { game }),
  /**
   * Asks where to export a deck in a native dialog (opened by the backend; the extension
   * picks the format), starting from `suggestedName`, and writes it. Resolves to the path
   * written, or `null` when the user cancels.
   */
  exportDeckFile: (id: number, suggestedName: string) =>
    call('export_deck_file', { id, suggestedName }),

  /** Plays one game of the deck from the start; a random seed unless one is given. */
  goldfishStep: (draft: DeckContent, seed: number | null, goingFirst: boolean, choices: PlayChoices = noChoices(), mulligan: boolean | null = null) =>
    call('goldfish_step', { draft, seed, goingFirst, choices, mulligan }),
  /**
   * A game the player plays: the seed replayed with their picks up to the next decision
   * (its options, the pilot's pick and reason, the board), or to the end with `pilotRest`.
   */
  goldfishPlay: (draft: DeckContent, seed: number, goingFirst: boolean, picks: number[], pilotRest = false, choices: PlayChoices = noChoices()) =>
    call('goldfish_play', { draft, seed, goingFirst, choices, picks, pilotRest }),
  /**
   * How the played game is likely to end from its pending decision, the pilot playing on
   * with the unseen cards dealt anew; with `compare`, each option played on the same deals.
   */
  goldfishFromHere: (draft: DeckContent, seed: number, goingFirst: boolean, picks: number[], continuations: number, compare: boolean, choices: PlayChoices = noChoices()) =>
    call('goldfish_from_here', { draft, seed, goingFirst, choices, picks, continuations, compare }),
  /**
   * Odds beside play: at the played game's pending decision, the exact chance of drawing at
   * least `atLeast` more cards matching `query` by each turn up to `byTurn`, from the cards
   * the player has not seen.
   */
  goldfishPlayOdds: (draft: DeckContent, seed: number, goingFirst: boolean, picks: number[], query: string, atLeast: number, byTurn: number, choices: PlayChoices = noChoices()) =>
    call('goldfish_play_odds', { draft, seed, goingFirst, choices, picks, query, atLeast, byTurn }),
  /** A fresh random seed to deal a played game from. */
  goldfishNewSeed: () => call('goldfish_new_seed', {}),
  /** Plays `games` games from each seat in the background; `onProgress` hears games done per seat. */
  goldfishSimulate: (draft: DeckContent, games: number, seed: number | null, onProgress: (done: number) => void, choices: PlayChoices = noChoices()) => {
    const channel = new Channel<number>();
    channel.onmessage = onProgress;
    return call('goldfish_simulate', { draft, games, seed, choices, onProgress: channel });
  },
  /** Each card's impact (`games` per seat) in the background; Cancel is `cancelGoldfish`. */
  goldfishImpact: (draft: DeckContent, games: number, seed: number | null, onProgress: (done: number) => void, choices: PlayChoices = noChoices()) => {
    const channel = new Channel<number>();
    channel.onmessage = onProgress;
    return call('goldfish_impact', { draft, games, seed, choices, onProgress: channel });
  },
  /** Tunes the deck by legal swaps from the pool; `onProgress` hears each round's state. */
  goldfishTune: (draft: DeckContent, request: TuneRequest, seed: number | null, onProgress: (p: TuneProgress) => void, choices: PlayChoices = noChoices()) => {
    const channel = new Channel<TuneProgress>();
    channel.onmessage = onProgress;
    return call('goldfish_tune', { draft, ...request, seed, choices, onProgress: channel });
  },
  /** The stored Heroes of the Grid enemy decks. */
  goldfishEnemyDecks: (game: string) => call('goldfish_enemy_decks', { game }),
  /** Stops the running simulation: it rejects with code `cancelled`. */
  cancelGoldfish: () => call('cancel_goldfish'),
  goldfishOdds: (draft: DeckContent, queries: OddsQuery[], turns: number) =>
    call('goldfish_odds', { draft, queries, turns }),

  /** The pages of the deck's chosen sections, for the print preview. */
  printLayout: (draft: DeckContent, sections: string[], options: PrintOptions, missing = false) =>
    call('print_layout', { draft, sections, missing, options }),
  /**
   * Asks where to save the PDF in a native dialog (opened by the backend: the page never
   * names a path), starting from `suggestedName`, and writes it; `onProgress` hears about
   * image cards. Resolves to what was saved, or `null` when the user cancels.
   */
  printPdf: (
    draft: DeckContent,
    sections: string[],
    options: PrintOptions,
    suggestedName: string,
    onProgress: (progress: PrintProgress) => void,
    missing = false,
  ) => {
    const channel = new Channel<PrintProgress>();
    channel.onmessage = onProgress;
    return call('print_pdf', { draft, sections, missing, options, suggestedName, onProgress: channel });
  },

  /** The collection rows of a game, optionally only the cards a search query matches. */
  listCollection: (game: string, query: string | null = null) =>
    call('list_collection', { game, query }),
  /** Copies owned per card id. */
  ownedCounts: (game: string) => call('owned_counts', { game }),
  /**
   * Adds or removes `count` copies of a card, or sets its count (`set`), in its plain row
   * (or its only row); rejects with `ambiguous_copy` when the card has several rows.
   */
  changeCollection: (card: string, count: number, mode: 'add' | 'remove' | 'set') =>
    call('change_collection', { card, count, mode }),
  /** Asks for a collection CSV in a native dialog; `null` when the user cancels. */
  chooseCollectionFile: () => call('choose_collection_file'),
  /** Imports (or, `dryRun`, previews) a chosen collection file. */
  importCollectionFile: (
    path: string,
    game: string,
    options: { skipUnknown: boolean; dryRun: boolean },
    onProgress: (progress: ImportProgress) => void = () => {},
  ) => {
    const channel = new Channel<ImportProgress>();
    channel.onmessage = onProgress;
    return call('import_collection_file', {
      path,
      game,
      skipUnknown: options.skipUnknown,
      dryRun: options.dryRun,
      onProgress: channel,
    });
  },
  /** Asks where to save in a native dialog and writes the game's collection; the path or `null`. */
  exportCollectionFile: (game: string, format: string) =>
    call('export_collection_file', { game, format }),
  undoCollection: () => call('undo_collection'),
  /** What Undo would revert ("import cards.csv"), if anything. */
  collectionUndoLabel: () => call('collection_undo_label'),
  setCompletion: (game: string) => call('set_completion', { game }),
  wishlist: (game: string) => call('wishlist', { game }),
  /** Sets how many copies of a card are wanted; 0 takes it off the wishlist. */
  wishCard: (card: string, count: number) => call('wish_card', { card, count }),
  /** Replaces the note on a card's wishlist row ('' clears it); its count stays. */
  wishNote: (card: string, note: string) => call('wish_note', { card, note }),
  /** Asks where to save in a native dialog and writes the game's wishlist; the path or `null`. */
  exportWishlistFile: (game: string, csv: boolean) =>
    call('export_wishlist_file', { game, csv }),
  /** The editor's deck against the collection; `id` is the stored deck it edits. */
  deckNeed: (id: number | null, draft: DeckContent) => call('deck_need', { id, draft }),
  /** Puts the editor's missing cards on the wishlist. */
  wishMissing: (id: number | null, draft: DeckContent) => call('wish_missing', { id, draft }),

  /** Makes a backup now in the backups folder; resolves to its path. */
  backupNow: () => call('backup_now'),
  /** The backups beside the database, oldest first. */
  listBackups: () => call('list_backups'),
  /** Asks for a backup file in a native dialog; `null` when the user cancels. */
  chooseBackupFile: () => call('choose_backup_file'),
  /** Replaces the database with a checked backup (one listed, or one chosen) once the user
   * confirms it in the native dialog the backend asks; `null` when they cancel. */
  restoreBackup: (path: string) => call('restore_backup', { path }),

  /** What the card form of `game` is generated from. */
  cardForm: (game: string) => call('card_form', { game }),
  /** Checks the form (`original`: the card being edited, null for a new one); never writes. */
  validateCard: (game: string, original: string | null, draft: CardDraft) =>
    call('validate_card', { game, original, draft }),
  /** What the effect reader reads off a card's rules text, for the card as typed (a
   * proposal; nothing is written). Rejects with `invalid_input` for a type or stat the game lacks. */
  readCardEffects: (game: string, text: string, card: CardFactsInput) => call('read_card_effects', { game, text, card }),
  /** Saves the form; rejects with `invalid_input` (every problem in the message) or `read_only`. */
  saveCard: (game: string, original: string | null, draft: CardDraft) =>
    call('save_card', { game, original, draft }),
  duplicateCard: (id: string, newId: string | null = null) => call('duplicate_card', { id, newId }),
  /** Rejects with `card_in_use`, naming the decks and the collection, while anything uses it. */
  deleteCard: (id: string) => call('delete_card', { id }),
  /** The card rows the database holds but cannot read (each with why); `deleteCard` removes one. */
  unreadableCards: () => call('unreadable_cards'),
  undoCards: () => call('undo_cards'),
  /** What card Undo would revert (the last card change or card import), if anything. */
  cardUndoLabel: () => call('card_undo_label'),
  /** Asks for a card file in a native dialog; null when cancelled. */
  chooseCardFile: () => call('choose_card_file'),
  /** What importing a chosen card file with `mapping` would do; writes nothing. */
  previewCardImport: (path: string, game: string, mapping: ColumnMapping) =>
    call('preview_card_import', { path, game, map: mapping.map, ignore: mapping.ignore }),
  /** Imports a chosen card file, all or nothing (undoable). */
  importCardFile: (
    path: string,
    game: string,
    mapping: ColumnMapping,
    onProgress: (progress: ImportProgress) => void = () => {},
  ) => {
    const channel = new Channel<ImportProgress>();
    channel.onmessage = onProgress;
    return call('import_card_file', {
      path,
      game,
      map: mapping.map,
      ignore: mapping.ignore,
      onProgress: channel,
    });
  },
  /** Version, data and log folders, and the licences of everything bundled. */
  about: () => call('about'),
  /** Opens the log folder in the file manager. */
  openLogFolder: () => call('open_log_folder'),

  /** A native yes/no question; resolves `true` for the confirming choice. */
  confirm: (message: string, title: string, okLabel: string) =>
    call('confirm', { message, title, okLabel }),
};

/**
 * Asks `mayClose` before the window closes (title-bar button, Alt+F4); a false answer
 * keeps it open. If asking fails, the window closes: it must never become unclosable.
 */
export async function guardWindowClose(mayClose: () => Promise<boolean>): Promise<void> {
  try {
    await getCurrentWindow().onCloseRequested(async (event) => {
      let close = true;
      try {
        close = await mayClose();
      } catch {
        close = true;
      }
      if (!close) event.preventDefault();
    });
  } catch {
    // Not allowed to listen (or not in Tauri): closing simply is not guarded.
  }
}

/** Whether `reason` is a command's `{code, message}` rejection. */
export function isBackendError(reason: unknown): reason is BackendError {
  return typeof reason === 'object' && reason !== null && 'code' in reason && 'message' in reason;
}

export function errorCode(error: unknown): BackendError['code'] {
  return asBackendError(error).code;
}

export function errorMessage(error: unknown): string {
  return asBackendError(error).message;
}
