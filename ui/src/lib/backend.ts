// The one module that talks to the Tauri backend. Screens import from here, never from
// `@tauri-apps/*`, so the transport can change (or be faked in a UI test) in one place.
import { Channel, convertFileSrc, invoke } from '@tauri-apps/api/core';
import { getCurrentWindow } from '@tauri-apps/api/window';

export type Side = 'hero' | 'villain';
export type StatValue = number | string | StatValue[];

export interface StatLabel {
  key: string;
  label: string;
}

export interface GameSummary {
  id: string;
  /** Bundled with Deckhand, or added by the player (Games → Add a game…). */
  origin: GameOrigin;
  name: string;
  short_name: string;
  card_count: number;
  card_types: string[];
  stats: StatLabel[];
  /** Deck sections: the game's own, then `side` and `maybe`. */
  sections: StatLabel[];
  /** The stat the deck editor's curve chart counts. */
  curve_stat: string | null;
  /** Heroes of the Grid: the enemy line-up the Playtest view starts with (the game definition's). */
  goldfish_enemies: { name: string; figures: number }[];
  /** Heroes of the Grid: the most foot-soldier figures in one battle (the core's limit). */
  goldfish_max_foot_figures: number;
  /** Search queries to offer as examples (the game definition's `search_examples`). */
  search_examples: string[];
  /** Whether a deck is a hero or a villain deck. */
  sided: boolean;
  /**
   * Card types that always go to one of the game's sections (type → section id), keyed by
   * the exact type name cards carry: compare `card.type` as it is. Decided by the core.
   */
  section_of_type: Record<string, string>;
  /** Whether the goldfish engine plays this game (the Playtest view). */
  goldfish: boolean;
  /** Whether exact draw odds exist for this game (the Playtest view's Odds tab). */
  odds: boolean;
  /** The sections whose cards make up the deck (its size, its stats). Decided by the core. */
  counted_sections: string[];
  /** Sections for cards set aside or considered (`side`, `maybe`): never counted, open to any card. */
  aside_sections: string[];
  /** The game's named rule variants, in definition order; a deck with none uses the game's own rules. */
  formats: FormatSummary[];
}

export type GameOrigin = 'bundled' | 'player';

export interface FormatSummary {
  id: string;
  name: string;
  description: string;
}

/** A player's game file that did not load at start-up, and why (one line, with line:column). */
export interface GameFileProblem {
  path: string;
  message: string;
}

export interface AddedGame {
  id: string;
  name: string;
  path: string;
  replaced: boolean;
}

/** One construction rule in a player's words. */
export interface RuleWords {
  id: string;
  /** What it counts ("copies of each of the cards (by name) in Main deck"). */
  counts: string;
  /** Its limit ("at most 2 of each"). */
  limit: string;
  severity: Severity;
  hint: string | null;
}

export interface FormatRules extends FormatSummary {
  /** "replaces copies", "removes one-super", "adds min-size". */
  changes: string[];
  rules: RuleWords[];
}

/** A game's rules and formats in plain words (the Rules page). */
export interface GameRules {
  id: string;
  name: string;
  origin: GameOrigin;
  counted_sections: string[];
  rules: RuleWords[];
  formats: FormatRules[];
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

/** A card's stored image: its pixels and its size in bytes. */
export interface ImageInfo {
  width: number;
  height: number;
  bytes: number;
}

/** A card with its image (`null` without one), as `get_card` returns it. */
export interface CardWithImage extends Card {
  image: ImageInfo | null;
}

/** What Export cards… wrote. */
export interface CardExport {
  path: string;
  game: string;
  set: string | null;
  cards: number;
  images: number;
}

/** What Import pack… did. */
export interface PackImportReport {
  added: number;
  updated: number;
  unchanged: number;
  images: number;
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

/** A card's goldfish coverage (GAMES.md): what the numbers play of it, and why not all. */
export type CoverageState = 'simulated' | 'partial' | 'no_effect' | 'not_simulated';

/** A card as its detail view shows it: the card, its effects written out, its coverage. */
export interface CardDetail extends Card {
  /** The effects in their written form (`when set: may draw 1 | …`); empty for none. */
  effects_text: string;
  coverage: { state: CoverageState; reason?: string };
  image: ImageInfo | null;
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

export type Severity = 'error' | 'warning';

/** One rule finding about a deck. */
export interface Diagnostic {
  severity: Severity;
  /** Stable rule id, e.g. `copies`. */
  rule: string;
  message: string;
  /** Names of the cards involved. */
  cards: string[];
  hint: string | null;
}

export interface Legality {
  legal: boolean;
  game: string;
  /** The format whose rules were used; null for the game's own rules. */
  format: string | null;
  side: Side | null;
  counts: Record<string, number>;
  /** The deck's size: the cards of the game's counted sections. */
  size: number;
  diagnostics: Diagnostic[];
}

/** A deck line as the editor sends it: the card by id. */
export interface DeckCard {
  section: string;
  count: number;
  card: string;
}

/** An unsaved deck, as the editor holds it. */
export interface DeckContent {
  game: string;
  name: string;
  side: Side | null;
  /** The game's format (rule variant) by id; absent or null: the game's own rules. */
  format?: string | null;
  notes: string;
  tags: string[];
  cards: DeckCard[];
}

/** A deck line with its card resolved. */
export interface DeckEntry {
  section: string;
  count: number;
  card: Card;
}

/** A stored deck version, resolved and checked. */
export interface DeckView {
  id: number;
  version: number;
  saved_at: string;
  deleted: boolean;
  name: string;
  game: string;
  side: Side | null;
  format?: string | null;
  notes: string;
  tags: string[];
  entries: DeckEntry[];
  legality: Legality;
}

/** What reading a deck file did: copies per section, section names mapped or kept, lines skipped. */
export interface DeckImportReport {
  sections: { section: string; cards: number; lines: number }[];
  /** `kept`: a section the game does not have, kept under the file's name (not counted). */
  names: { written: string; section: string; outcome: 'same' | 'renamed' | 'kept' }[];
  /** Category headers and titles that were not cards. */
  skipped: { line: number; text: string }[];
}

/** A deck file imported as a new stored deck. */
export type DeckImport = DeckView & { report: DeckImportReport };

/** A deck in the deck list, with its verdict. */
export interface DeckListItem {
  id: number;
  name: string;
  game: string;
  card_count: number;
  version: number;
  updated_at: string;
  deleted: boolean;
  tags: string[];
  legal: boolean;
  /** How many errors the construction rules find. */
  errors: number;
}

export interface DeckVersionSummary {
  version: number;
  saved_at: string;
  name: string;
  card_count: number;
}

export interface DiffLine {
  section: string;
  name: string;
  from: number;
  to: number;
}

export interface DeckDiff {
  from: number;
  to: number;
  added: number;
  removed: number;
  changed: number;
  lines: DiffLine[];
}

// ---- Playtest (goldfish) ----

export type GoldfishAction =
  | 'setup' | 'draw' | 'ready' | 'play' | 'attach' | 'hold' | 'pay' | 'attack' | 'opponent' | 'end'
  | 'buy' | 'mulligan' | 'damage';

/** One logged decision with its reason in a player's words. */
export interface GoldfishDecision {
  action: GoldfishAction;
  text: string;
}

export interface ZoneCard {
  name: string;
  /** `standby` / `exhausted` for Zoids, a short state in words elsewhere; for people. */
  status?: string;
  /** Cards set on this one (a Pilot, Energy, a slot's card), in the order they were set. */
  attached?: { role: string; name: string; color?: string }[];
  /** The card's colour where the game has colours (a Ranger's, a slot's), folded. */
  color?: string;
  /** Figures by name: `health_left`, `power`, `shard_cost`… (what a board draws). */
  stats?: Record<string, number>;
  /** States as stable words: `adversary`, `defeated`, `guarded`, `character`… */
  tags?: string[];
}

/** A zone after a turn: face-up cards and how many face-down ones. */
export interface Zone {
  id: string;
  name: string;
  owner: 'you' | 'opponent';
  cards?: ZoneCard[];
  hidden: number;
}

export interface TurnLog {
  /** Your own turn number; 0 is the setup. */
  turn: number;
  draws: string[];
  decisions: GoldfishDecision[];
  zones: Zone[];
}

export interface GameLog {
  game: string;
  seed: number;
  going_first: boolean;
  policy: string;
  turns: TurnLog[];
  result: { outcome: 'win' | 'deck_out' | 'draw' | 'loss'; turn: number };
  not_simulated: string[];
  coverage: Coverage;
}


/** What a report plays of each distinct card of the deck, and the counts per state. */
export interface Coverage {
  /** What the counts count: "distinct cards". */
  counted: string;
  /** Which effects played: "all" or "keywords". */
  effects: string;
  simulated: number;
  partial: number;
  no_effect: number;
  not_simulated: number;
  cards: { name: string; state: CoverageState; reason?: string }[];
}

/** The results from one seat of a Monte Carlo run. Per-turn maps are keyed by turn. */
export interface SeatReport {
  games: number;
  wins: number;
  kill_turns: Record<string, number>;
  mean_kill_turn: number | null;
  mean_kill_turn_ci95: [number, number] | null;
  median_kill_turn: number | null;
  deck_outs: number;
  draws: number;
  /** The game's own figures, by the keys its report's `figures` name (read them from there). */
  [key: string]: unknown;
}

/**
 * How a figure's value reads: `distribution` `{turn: games}`, `by_turn` `{turn: mean}`,
 * `chance_by_turn` `{turn: chance}`, `at_least_by_turn` `{turn: {n: chance of at least n}}`,
 * `chance` (0 to 1), `per_entity` `{name: mean}`, `scalar` (a number or null), `count` (games).
 */
export type FigureKind = 'distribution' | 'by_turn' | 'chance_by_turn' | 'at_least_by_turn' | 'chance' | 'per_entity' | 'scalar' | 'count';

/** One figure of a report: the seat report's key holding it, its label and kind. */
export interface Figure {
  key: string;
  label: string;
  kind: FigureKind;
  unit?: string;
  /** The key of the value's 95% interval `[lo, hi]`. */
  interval?: string;
}

/** The one number that ranks a game's decks (at `turn` of a per-turn figure). */
export interface Objective {
  key: string;
  label: string;
  better: 'lower' | 'higher';
  turn?: number;
}

export interface SimReport {
  game: string;
  games: number;
  seed: number;
  policy: string;
  going_first: SeatReport;
  going_second: SeatReport;
  not_simulated: string[];
  coverage: Coverage;
  legal?: boolean;
  legality_errors?: string[];
  /** True when the seat does not change the game: going second is a second sample. */
  seats_alike?: boolean;
  objective: Objective;
  /** The figures each seat carries, in the order to show them: draw from these alone. */
  figures: Figure[];
}

/** The objective over one kind of game (`value` null when none of them counted). */
export interface Observed {
  games: number;
  value: number | null;
}

/** A paired difference `b − a` with its 95% interval. */
export interface PairedDifference {
  a: number;
  b: number;
  difference: number;
  ci95: [number, number];
  /** After Holm's correction over the cards tested. */
  significant: boolean;
  pairs: number;
}

/** One card's impact: observed by where it was seen, measured with one copy a blank. */
export interface CardImpact {
  card: string;
  copies: number;
  /** False when the engine does not play all of its effects. */
  simulated: boolean;
  opening_hand: Observed;
  drawn: Observed;
  not_seen: Observed;
  remove_one: PairedDifference | null;
}

export interface ImpactReport {
  game: string;
  games: number;
  seed: number;
  policy: string;
  objective: Objective;
  correction: string;
  /** Most helpful first. */
  cards: CardImpact[];
}

/** One accepted swap of a tuning. */
export interface TuneStep {
  out: string;
  in: string;
  out_id: string;
  in_id: string;
  section: string;
  difference: number;
  ci95: [number, number];
  candidates: number;
}

export interface TuneProgress {
  round: number;
  rounds: number;
  candidates: number;
  active: number;
  games_done: number;
  games: number;
  steps: TuneStep[];
}

export interface Measure {
  value: number | null;
  ci95: [number, number] | null;
  games: number;
}

export interface TuneReport {
  game: string;
  seed: number;
  games: number;
  rounds: number;
  policy: string;
  objective: Objective;
  start: Measure;
  steps: TuneStep[];
  end: Measure;
  deck: { card: string; count: number; section: string }[];
  legal: boolean;
  /** `converged`, `rounds` or `no-candidates`. */
  stopped: string;
}

/** What a tuning searches: the pool query, the owned switch, its size. */
export interface TuneRequest {
  pool: string;
  owned: boolean;
  games: number;
  rounds: number;
}

/** A Heroes of the Grid enemy deck (its cards' subtype), for the enemy picker. */
export interface EnemyDeck {
  name: string;
  kind: string;
  cards: number;
}

/** What a game's goldfish takes besides the deck. */
export interface PlayChoices {
  /** PR Deck-Building: `buy-first` (default) or `battle-first`. */
  policy?: string | null;
  /** Heroes of the Grid: enemy decks by name with foot-soldier figures. */
  enemies?: { name: string; figures: number }[];
  /** Heroes of the Grid: hits per face of the combat die (null: the game's). */
  die?: number[] | null;
}

export interface OddsQuery {
  query: string;
  at_least: number;
}

export interface OddsTable {
  game: string;
  deck_size: number;
  queries: { query: string; at_least: number; matching: number; cards: string[] }[];
  overlap: number;
  rows: { turn: number; seen: number; going_first: number; going_second: number }[];
}

// ---- Printing ----

/** A named paper, or any size in millimetres (portrait: width ≤ height). */
export type Paper = 'a4' | 'letter' | 'a3' | { custom: { width_mm: number; height_mm: number } };
export type PrintMarks = 'crop' | 'lines' | 'none';
export type Duplex = 'long_edge' | 'short_edge';

/** Everything about the paper; the backend names the field of any value it refuses. */
export interface PrintOptions {
  paper: Paper;
  orientation: 'portrait' | 'landscape';
  margin_mm: number;
  gap_mm: number;
  bleed_mm: number;
  marks: PrintMarks;
  /** The printer's own scale in percent, as measured on the calibration sheet. */
  scale_x_pct: number;
  scale_y_pct: number;
  /** The app prints no backs or the game's generated back (a back image is CLI-only). */
  backs: 'none' | 'game';
  duplex: Duplex | null;
  offset_x_mm: number;
  offset_y_mm: number;
}

/** A box in millimetres from the sheet's top-left corner. */
export interface PrintRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PrintPlacement {
  /** Index into `PrintPreview.items`. */
  item: number;
  /** The cut line: the card's true size. */
  trim: PrintRect;
  /** The trim grown by the bleed (equal to it without bleed). */
  bleed: PrintRect;
}

export interface PrintMark {
  kind: 'crop' | 'line';
  from: [number, number];
  to: [number, number];
}

export interface PrintPage {
  side: 'front' | 'back';
  /** For a back page, the index of the front page it prints behind. */
  behind?: number;
  cards: PrintPlacement[];
  marks?: PrintMark[];
}

/** The pages exactly as they print, in millimetres, and what each placed copy is. */
export interface PrintPreview {
  paper_mm: [number, number];
  /** The printer correction the PDF applies about each page's centre. */
  content_scale: [number, number];
  pages: PrintPage[];
  items: { name: string; image: boolean }[];
}

/** How far a PDF write has come; only image cards take time. */
export interface PrintProgress {
  images_done: number;
  images_total: number;
}

export interface SavedPdf {
  path: string;
  pages: number;
  cards: number;
  bytes: number;
  paper_mm: [number, number];
  card_mm: [number, number];
}

// ---- Collection ----

export type Finish = 'normal' | 'foil';
export type Condition = 'mint' | 'near_mint' | 'lightly_played' | 'moderately_played' | 'heavily_played' | 'damaged';

/** One collection row: a card's copies of one finish, condition, language and place. */
export interface CollectionRow {
  card: string;
  finish: Finish;
  condition: Condition | null;
  /** Empty when not stated. */
  language: string;
  /** A binder or box name; empty when not stated. */
  location: string;
  game: string;
  name: string;
  set: string | null;
  number: string | null;
  count: number;
  note: string;
}

/** What a change or an import did (or, previewed, would do). */
export interface ChangeReport {
  new_rows: number;
  changed_rows: number;
  removed_rows: number;
  copies_delta: number;
  wishlist_delta: number;
}

export interface CollectionChangeOutcome {
  card: string;
  name: string;
  game: string;
  /** The touched row's count after the change. */
  count: number;
  /** The card's copies in all its rows. */
  total: number;
  report: ChangeReport;
}

/** A card an import touches: copies owned now and copies it adds. */
export interface ImportCardChange {
  card: string;
  name: string;
  set: string | null;
  owned: number;
  adding: number;
}

export interface CollectionImportReport extends ChangeReport {
  format: 'deckhand' | 'moxfield' | 'dragon-shield' | 'plain';
  /** Lines imported. */
  lines: number;
  copies: number;
  /** Lines left out (unknown cards), with their line numbers. */
  skipped: { line: number; name: string; reason: string; suggestions?: string[] }[];
  /** Where the skipped lines were written, for the user to fix. */
  skipped_file: string | null;
  dry_run: boolean;
  /** Previews only: per card, owned now and added, in the file's order. */
  cards?: ImportCardChange[];
}

export type ImportStage = 'reading' | 'storing' | 'indexing';

/** `done` of `total` units of `stage` (`total` 0 when not known). */
/** A card as the card form writes it (the card-set JSON's fields). */
export interface CardDraft {
  id?: string | null;
  name: string;
  type: string;
  set?: string | null;
  number?: string | null;
  side?: string | null;
  color?: string | null;
  subtypes: string[];
  keywords: string[];
  text?: string | null;
  stats: Record<string, StatValue>;
}

export type StatKind = 'number' | 'text' | 'list' | 'number_list';

export interface StatDef {
  label: string;
  kind: StatKind;
  min?: number | null;
  max?: number | null;
  /** Words a number stat also accepts (`X`, `MAX`). */
  allow?: string[];
  /** The only words a text or list stat accepts (empty: any). */
  values?: string[];
  /** A number list's fixed length. */
  length?: number | null;
}

/** What the card form of a game is generated from. */
export interface CardForm {
  game: string;
  card_types: { name: string; stats: string[] }[];
  stats: Record<string, StatDef>;
  keywords: { name: string; value?: 'number' | 'text' | null }[];
  open_keywords: boolean;
  sided: boolean;
  colors: string[];
  sets: string[];
  /** Bundled sample cards: read-only (Duplicate makes an editable copy). */
  read_only: string[];
}

/** One problem of the form: the field (`name`, `stats.power`, `keywords[0]`) and the import's message. */
export interface FieldProblem {
  field: string;
  message: string;
}

export interface CardCheck {
  card: Card | null;
  problems: FieldProblem[];
}

export interface CardUndoLabel {
  label: string;
  made_at: string;
}

export interface CardUndoReport extends CardUndoLabel {
  restored: string[];
  removed: string[];
}

/** What a spreadsheet column reads as. */
export type ColumnTarget =
  | { kind: 'field'; field: string }
  | { kind: 'stat'; stat: string }
  | { kind: 'ignored' }
  | { kind: 'unknown'; suggestions: string[] };

export type SheetColumn = { header: string } & ColumnTarget;

export interface PreviewCard {
  row: number | null;
  id: string;
  name: string;
  type: string;
}

export interface CardImportPreview {
  file: string;
  game: string;
  format: 'json' | 'csv' | 'tsv';
  columns: SheetColumn[];
  /** Unknown columns: map or ignore them, then preview again. */
  needs_mapping: boolean;
  added: PreviewCard[];
  added_count: number;
  updated: (PreviewCard & { changes: { field: string; before: string; after: string }[] })[];
  updated_count: number;
  unchanged: number;
  problems: { row: number | null; column: number | null; header: string | null; message: string }[];
  more_problems: number;
}

export interface CardImportReport {
  added: number;
  updated: number;
  unchanged: number;
}

/** How a card import reads a spreadsheet's columns: renames and columns to drop. */
export interface ColumnMapping {
  map: [string, string][];
  ignore: string[];
}

export interface ImportProgress {
  stage: ImportStage;
  done: number;
  total: number;
}

export interface UndoReport {
  label: string;
  made_at: string;
  rows: number;
}

export interface SetCompletion {
  game: string;
  set: string;
  set_name: string;
  owned: number;
  total: number;
}

export interface WishlistRow {
  card: string;
  game: string;
  name: string;
  count: number;
}

/** A wishlist count set by hand. */
export interface WishOutcome {
  card: string;
  name: string;
  game: string;
  /** Copies wanted now (0: off the wishlist). */
  count: number;
  report: ChangeReport;
}

/** One card of a deck against the collection (any printing counts). */
export interface NeedLine {
  card: string;
  name: string;
  needed: number;
  owned: number;
  /** Copies the other stored decks of the game play. */
  used_elsewhere: number;
  /** What the collection lacks for this deck alone. */
  missing: number;
}

export interface DeckNeed {
  game: string;
  lines: NeedLine[];
  missing: number;
  /** Missing to keep this deck and every other stored deck built at once. */
  missing_with_other_decks: number;
}

/** What a restored backup holds. */
export interface BackupInfo {
  schema_version: number;
  cards: number;
  decks: number;
  collection_rows: number;
}

/** A licence line of the About dialog (generated from the lock files at build time). */
export interface LicenceEntry {
  name: string;
  version: string;
  licence: string;
}

/** The About dialog: the version, where the data and logs are, and every licence. */
export interface About {
  version: string;
  data_dir: string | null;
  db_path: string | null;
  log_dir: string | null;
  licences: {
    crates: LicenceEntry[];
    npm: LicenceEntry[];
    font: { name: string; licence: string; text: string };
  };
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
  /** The player's game files skipped at start-up, with the reason. */
  gameProblems: () => call<GameFileProblem[]>('game_problems'),
  /**
   * Asks for a game definition (TOML) in a native dialog opened by the backend, checks it
   * and installs it; `null` when the user cancels. A bad file rejects with its line:column.
   */
  addGameFile: () => call<AddedGame | null>('add_game_file'),
  /** Removes a player's game (refused, naming what remains, while it has cards or decks). */
  removeGame: (id: string) => call<void>('remove_game', { id }),
  /** Asks where to save a game's definition in a native dialog and writes it; the path or `null`. */
  exportGameFile: (id: string) => call<string | null>('export_game_file', { id }),
  gameRules: (id: string) => call<GameRules>('game_rules', { id }),
  listCards: (game: string) => call<Card[]>('list_cards', { game }),
  getCard: (id: string) => call<CardDetail>('get_card', { id }),
  /** The image sizes of a game's cards that have an image, by card id. */
  cardImages: (game: string) => call<Record<string, ImageInfo>>('card_images', { game }),
  /** Asks for an image file in a native dialog and attaches it; `null` when the user cancels. */
  attachCardImage: (card: string) => call<CardWithImage | null>('attach_card_image', { card }),
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
  removeCardImage: (card: string) => call<CardWithImage>('remove_card_image', { card }),
  /**
   * Asks where to save in a native dialog and writes the game's cards (one set's, if given)
   * as `json`, `csv` or a card `pack` (.zip with images); `null` when the user cancels.
   */
  exportCardSet: (game: string, set: string | null, format: 'json' | 'csv' | 'pack') =>
    call<CardExport | null>('export_card_set', { game, set, format }),
  /** Asks for a card pack in a native dialog and imports it; `null` when the user cancels. */
  importCardPack: () => call<PackImportReport | null>('import_card_pack'),
  /** Rejects with code `bad_query` (and a one-line message) when the query does not parse. */
  searchCards: (query: string, game: string, limit: number) =>
    call<SearchPage>('search_cards', { query, game, limit }),

  listDecks: (game: string | null, deleted = false) => call<DeckListItem[]>('list_decks', { game, deleted }),
  /** The newest version when `version` is omitted. */
  getDeck: (id: number, version?: number) => call<DeckView>('get_deck', { id, version: version ?? null }),
  /** Saves a new deck (`id` null) or the next version of `id`. */
  saveDeck: (id: number | null, draft: DeckContent) => call<DeckView>('save_deck', { id, draft }),
  checkDeckDraft: (draft: DeckContent) => call<Legality>('check_deck_draft', { draft }),
  renameDeck: (id: number, name: string) => call<DeckView>('rename_deck', { id, name }),
  duplicateDeck: (id: number, name: string) => call<DeckView>('duplicate_deck', { id, name }),
  /** Deletes (recoverably) or, with `deleted` false, restores a deck. */
  setDeckDeleted: (id: number, deleted: boolean) => call<void>('delete_deck', { id, deleted }),
  deckVersions: (id: number) => call<DeckVersionSummary[]>('deck_versions', { id }),
  diffDeck: (id: number, from: number, to: number) => call<DeckDiff>('diff_deck', { id, from, to }),
  /**
   * Asks for a deck file in a native dialog (opened by the backend: the page never names a
   * path) and imports it: the new deck and what the reader did; `null` when the user cancels.
   */
  importDeckFile: (game: string | null) => call<DeckImport | null>('import_deck_file', { game }),
  /**
   * Asks where to export a deck in a native dialog (opened by the backend; the extension
   * picks the format), starting from `suggestedName`, and writes it. Resolves to the path
   * written, or `null` when the user cancels.
   */
  exportDeckFile: (id: number, suggestedName: string) =>
    call<string | null>('export_deck_file', { id, suggestedName }),

  /** Plays one game of the deck from the start; a random seed unless one is given. */
  goldfishStep: (draft: DeckContent, seed: number | null, goingFirst: boolean, choices: PlayChoices = {}, mulligan: boolean | null = null) =>
    call<GameLog>('goldfish_step', { draft, seed, goingFirst, choices, mulligan }),
  /** Plays `games` games from each seat in the background; `onProgress` hears games done per seat. */
  goldfishSimulate: (draft: DeckContent, games: number, seed: number | null, onProgress: (done: number) => void, choices: PlayChoices = {}) => {
    const channel = new Channel<number>();
    channel.onmessage = onProgress;
    return call<SimReport>('goldfish_simulate', { draft, games, seed, choices, onProgress: channel });
  },
  /** Each card's impact (`games` per seat) in the background; Cancel is `cancelGoldfish`. */
  goldfishImpact: (draft: DeckContent, games: number, seed: number | null, onProgress: (done: number) => void, choices: PlayChoices = {}) => {
    const channel = new Channel<number>();
    channel.onmessage = onProgress;
    return call<ImpactReport>('goldfish_impact', { draft, games, seed, choices, onProgress: channel });
  },
  /** Tunes the deck by legal swaps from the pool; `onProgress` hears each round's state. */
  goldfishTune: (draft: DeckContent, request: TuneRequest, seed: number | null, onProgress: (p: TuneProgress) => void, choices: PlayChoices = {}) => {
    const channel = new Channel<TuneProgress>();
    channel.onmessage = onProgress;
    return call<TuneReport>('goldfish_tune', { draft, ...request, seed, choices, onProgress: channel });
  },
  /** The stored Heroes of the Grid enemy decks. */
  goldfishEnemyDecks: () => call<EnemyDeck[]>('goldfish_enemy_decks'),
  /** Stops the running simulation: it rejects with code `cancelled`. */
  cancelGoldfish: () => call<void>('cancel_goldfish'),
  goldfishOdds: (draft: DeckContent, queries: OddsQuery[], turns: number) =>
    call<OddsTable>('goldfish_odds', { draft, queries, turns }),

  /** The pages of the deck's chosen sections, for the print preview. */
  printLayout: (draft: DeckContent, sections: string[], options: PrintOptions, missing = false) =>
    call<PrintPreview>('print_layout', { draft, sections, missing, options }),
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
    return call<SavedPdf | null>('print_pdf', { draft, sections, missing, options, suggestedName, onProgress: channel });
  },

  /** The collection rows of a game, optionally only the cards a search query matches. */
  listCollection: (game: string, query: string | null = null) =>
    call<CollectionRow[]>('list_collection', { game, query }),
  /** Copies owned per card id. */
  ownedCounts: (game: string) => call<Record<string, number>>('owned_counts', { game }),
  /**
   * Adds or removes `count` copies of a card, or sets its count (`set`), in its plain row
   * (or its only row); rejects with `ambiguous_copy` when the card has several rows.
   */
  changeCollection: (card: string, count: number, mode: 'add' | 'remove' | 'set') =>
    call<CollectionChangeOutcome>('change_collection', { card, count, mode }),
  /** Asks for a collection CSV in a native dialog; `null` when the user cancels. */
  chooseCollectionFile: () => call<string | null>('choose_collection_file'),
  /** Imports (or, `dryRun`, previews) a chosen collection file. */
  importCollectionFile: (
    path: string,
    game: string,
    options: { skipUnknown: boolean; dryRun: boolean },
    onProgress: (progress: ImportProgress) => void = () => {},
  ) => {
    const channel = new Channel<ImportProgress>();
    channel.onmessage = onProgress;
    return call<CollectionImportReport>('import_collection_file', {
      path,
      game,
      skipUnknown: options.skipUnknown,
      dryRun: options.dryRun,
      onProgress: channel,
    });
  },
  /** Asks where to save in a native dialog and writes the game's collection; the path or `null`. */
  exportCollectionFile: (game: string, format: string) =>
    call<string | null>('export_collection_file', { game, format }),
  undoCollection: () => call<UndoReport>('undo_collection'),
  /** What Undo would revert ("import cards.csv"), if anything. */
  collectionUndoLabel: () => call<string | null>('collection_undo_label'),
  setCompletion: (game: string) => call<SetCompletion[]>('set_completion', { game }),
  wishlist: (game: string) => call<WishlistRow[]>('wishlist', { game }),
  /** Sets how many copies of a card are wanted; 0 takes it off the wishlist. */
  wishCard: (card: string, count: number) => call<WishOutcome>('wish_card', { card, count }),
  /** Asks where to save in a native dialog and writes the game's wishlist; the path or `null`. */
  exportWishlistFile: (game: string, csv: boolean) =>
    call<string | null>('export_wishlist_file', { game, csv }),
  /** The editor's deck against the collection; `id` is the stored deck it edits. */
  deckNeed: (id: number | null, draft: DeckContent) => call<DeckNeed>('deck_need', { id, draft }),
  /** Puts the editor's missing cards on the wishlist. */
  wishMissing: (id: number | null, draft: DeckContent) => call<ChangeReport>('wish_missing', { id, draft }),

  /** Makes a backup now in the backups folder; resolves to its path. */
  backupNow: () => call<string>('backup_now'),
  /** The backups beside the database, oldest first. */
  listBackups: () => call<string[]>('list_backups'),
  /** Asks for a backup file in a native dialog; `null` when the user cancels. */
  chooseBackupFile: () => call<string | null>('choose_backup_file'),
  /** Replaces the database with a checked backup (one listed, or one chosen) once the user
   * confirms it in the native dialog the backend asks; `null` when they cancel. */
  restoreBackup: (path: string) => call<BackupInfo | null>('restore_backup', { path }),

  /** What the card form of `game` is generated from. */
  cardForm: (game: string) => call<CardForm>('card_form', { game }),
  /** Checks the form (`original`: the card being edited, null for a new one); never writes. */
  validateCard: (game: string, original: string | null, draft: CardDraft) =>
    call<CardCheck>('validate_card', { game, original, draft }),
  /** Saves the form; rejects with `invalid_input` (every problem in the message) or `read_only`. */
  saveCard: (game: string, original: string | null, draft: CardDraft) =>
    call<Card>('save_card', { game, original, draft }),
  duplicateCard: (id: string, newId: string | null = null) => call<Card>('duplicate_card', { id, newId }),
  /** Rejects with `card_in_use`, naming the decks and the collection, while anything uses it. */
  deleteCard: (id: string) => call<Card>('delete_card', { id }),
  undoCards: () => call<CardUndoReport>('undo_cards'),
  /** What card Undo would revert (the last card change or card import), if anything. */
  cardUndoLabel: () => call<CardUndoLabel | null>('card_undo_label'),
  /** Asks for a card file in a native dialog; null when cancelled. */
  chooseCardFile: () => call<string | null>('choose_card_file'),
  /** What importing a chosen card file with `mapping` would do; writes nothing. */
  previewCardImport: (path: string, game: string, mapping: ColumnMapping) =>
    call<CardImportPreview>('preview_card_import', { path, game, map: mapping.map, ignore: mapping.ignore }),
  /** Imports a chosen card file, all or nothing (undoable). */
  importCardFile: (
    path: string,
    game: string,
    mapping: ColumnMapping,
    onProgress: (progress: ImportProgress) => void = () => {},
  ) => {
    const channel = new Channel<ImportProgress>();
    channel.onmessage = onProgress;
    return call<CardImportReport>('import_card_file', {
      path,
      game,
      map: mapping.map,
      ignore: mapping.ignore,
      onProgress: channel,
    });
  },
  /** Version, data and log folders, and the licences of everything bundled. */
  about: () => call<About>('about'),
  /** Opens the log folder in the file manager. */
  openLogFolder: () => call<void>('open_log_folder'),

  /** A native yes/no question; resolves `true` for the confirming choice. */
  confirm: (message: string, title: string, okLabel: string) =>
    call<boolean>('confirm', { message, title, okLabel }),
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

export function errorCode(error: unknown): string {
  return asBackendError(error).code;
}

export function errorMessage(error: unknown): string {
  return asBackendError(error).message;
}
