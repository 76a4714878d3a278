// Search-as-you-type state shared by the card browser and the deck editor: a debounced
// query, the newest results, and the query's error. Create it during a component's setup
// (it registers an effect there).
import { backend, errorCode, errorMessage, type Card, type CardRow } from './backend';
import { PAGE_ROWS, PagedRows } from './pagedRows.svelte';

/** Results asked for per search; the lists are windowed, so thousands are fine. */
const SEARCH_LIMIT = 5000;
const DEBOUNCE_MS = 120;

export interface SearchResults {
  query: string;
  cards: Card[];
  total: number;
  /** Words and phrases (lower-cased) the query matched in names and texts. */
  highlight: string[];
}

/** Results fetched a window at a time as they scroll into view (the card browser). */
export interface RowResults {
  query: string;
  rows: PagedRows<CardRow>;
  total: number;
  highlight: string[];
}

/** The debounced search itself; `run` turns a query into its results (or rejects). */
export class Search<T> {
  query = $state('');
  /** The latest results shown, or `null` while the query is empty. */
  results = $state.raw<T | null>(null);
  /** What is wrong with the query (or the search); the previous results stay. */
  error = $state<string | null>(null);
  searching = $state(false);

  // Request ids: `issued` counts searches sent, `applied` is the newest one shown (or
  // invalidated). A response older than what is on screen is dropped.
  #issued = 0;
  #applied = 0;
  #run: (text: string) => Promise<T>;

  constructor(run: (text: string) => Promise<T>) {
    this.#run = run;
    // Search as the user types, debounced. An empty query clears the results at once and
    // invalidates any search still in flight.
    $effect(() => {
      const text = this.query;
      if (!text.trim()) {
        this.#applied = ++this.#issued;
        this.results = null;
        this.error = null;
        this.searching = false;
        return;
      }
      const timer = setTimeout(() => this.#search(text), DEBOUNCE_MS);
      return () => clearTimeout(timer);
    });
  }

  /** Runs the current query again (the cards changed: an edit, an import, an undo). */
  refresh() {
    if (this.query.trim()) void this.#search(this.query);
  }

  async #search(text: string) {
    const id = ++this.#issued;
    this.searching = true;
    try {
      const results = await this.#run(text);
      if (id <= this.#applied) return;
      this.#applied = id;
      this.results = results;
      this.error = null;
    } catch (error) {
      if (id <= this.#applied) return;
      this.#applied = id;
      this.error =
        errorCode(error) === 'bad_query' ? errorMessage(error) : `Search failed: ${errorMessage(error)}`;
    } finally {
      if (id === this.#issued) this.searching = false;
    }
  }
}

/** A search whose results are whole cards, up to 5,000 (the deck editor, the collection). */
export class CardSearch extends Search<SearchResults> {
  constructor(readonly game: string) {
    super(async (text) => {
      const page = await backend.searchCards(text, game, SEARCH_LIMIT);
      return { query: text.trim(), cards: page.cards, total: page.total, highlight: page.highlight };
    });
  }
}

/**
 * A search whose results are light rows fetched by window (the card browser): the first
 * window arrives before the results replace the old ones, so the list never goes blank.
 */
export class RowSearch extends Search<RowResults> {
  constructor(readonly game: string) {
    super(async (text) => {
      const first = await backend.searchCardRows(text, game, 0, PAGE_ROWS);
      const rows = new PagedRows<CardRow>((offset, limit) => backend.searchCardRows(text, game, offset, limit));
      rows.seed(first);
      return { query: text.trim(), rows, total: first.total, highlight: first.highlight };
    });
  }
}
