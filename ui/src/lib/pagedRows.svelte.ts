// A long list the page holds only windows of: rows are fetched a page at a time as they
// scroll into view (with a page of prefetch either side), and pages far from the view are
// dropped, so a 100,000-card game costs the page a few thousand rows, never all of them.

/** One window as the backend answers it: the list's length and the rows from `offset`. */
export interface RowWindow<R> {
  total: number;
  offset: number;
  rows: R[];
}

export type FetchWindow<R> = (offset: number, limit: number) => Promise<RowWindow<R>>;

/** Rows per request: a few screens of the list or the grid. */
export const PAGE_ROWS = 150;
/** Pages kept in memory (about 6,000 rows); the farthest from the view go first. */
const KEEP_PAGES = 40;
/** Pages fetched beyond the view in each direction, so scrolling meets loaded rows. */
const PREFETCH_PAGES = 1;

export class PagedRows<R extends { id: string }> {
  /** How many rows the list has (from the newest answer). */
  total = $state(0);
  /** The last fetch's error, if any (the rows already loaded stay). */
  error = $state<string | null>(null);
  // Bumped whenever a page arrives or goes, so readers of `at` run again.
  #version = $state(0);
  #pages = new Map<number, R[]>();
  #pending = new Map<number, Promise<void>>();
  #fetch: FetchWindow<R> | null;
  #centre = 0;
  #view: [number, number] = [0, PAGE_ROWS];

  constructor(fetch: FetchWindow<R> | null) {
    this.#fetch = fetch;
  }

  /** A list held whole in memory (a short one), with the same interface. */
  static of<R extends { id: string }>(rows: readonly R[]): PagedRows<R> {
    const list = new PagedRows<R>(null);
    for (let page = 0; page * PAGE_ROWS < rows.length; page++) {
      list.#pages.set(page, rows.slice(page * PAGE_ROWS, (page + 1) * PAGE_ROWS));
    }
    list.total = rows.length;
    return list;
  }

  /** Takes in a window fetched beforehand (the first one, awaited by the caller). */
  seed(window: RowWindow<R>): void {
    this.#pages.set(Math.floor(window.offset / PAGE_ROWS), window.rows);
    this.total = window.total;
    this.#version++;
  }

  /** The rows last asked for by `want`: a reload fetches these before it shows. */
  get view(): [number, number] {
    return this.#view;
  }

  /** The row at `index`, or `undefined` while its page is not loaded. */
  at(index: number): R | undefined {
    void this.#version;
    return this.#pages.get(Math.floor(index / PAGE_ROWS))?.[index % PAGE_ROWS];
  }

  /** Where the row `id` is among the loaded pages, -1 when none of them holds it. */
  indexOf(id: string): number {
    void this.#version;
    for (const [page, rows] of this.#pages) {
      const i = rows.findIndex((r) => r.id === id);
      if (i >= 0) return page * PAGE_ROWS + i;
    }
    return -1;
  }

  /** Rows `first` to `last` (exclusive) are in view: fetches their pages and the next ones. */
  want(first: number, last: number): void {
    this.#view = [first, last];
    void this.load(first, last, PREFETCH_PAGES);
  }

  /** Resolves once rows `first`..`last` (and `extra` pages either side) have arrived. */
  async load(first: number, last: number, extra = 0): Promise<void> {
    const from = Math.max(0, Math.floor(first / PAGE_ROWS) - extra);
    const to = Math.floor(Math.max(first, last - 1) / PAGE_ROWS) + extra;
    this.#centre = (from + to) / 2;
    const waits: Promise<void>[] = [];
    // The pages in view first, then the prefetch.
    const order = [...Array(to - from + 1).keys()]
      .map((i) => from + i)
      .sort((a, b) => Math.abs(a - this.#centre) - Math.abs(b - this.#centre));
    for (const page of order) {
      if (page > 0 && page * PAGE_ROWS >= this.total) continue;
      waits.push(this.#page(page));
    }
    await Promise.all(waits);
  }

  /** The row at `index`, fetched first when its page is not loaded. */
  async row(index: number): Promise<R | undefined> {
    await this.#page(Math.floor(index / PAGE_ROWS));
    return this.at(index);
  }

  #page(page: number): Promise<void> {
    if (this.#pages.has(page) || !this.#fetch) return Promise.resolve();
    const pending = this.#pending.get(page);
    if (pending) return pending;
    const request = this.#fetch(page * PAGE_ROWS, PAGE_ROWS).then(
      (window) => {
        this.#pages.set(page, window.rows);
        this.total = window.total;
        this.error = null;
        this.#evict();
        this.#version++;
      },
      (error: unknown) => {
        this.error = error instanceof Error ? error.message : String((error as { message?: string })?.message ?? error);
      },
    );
    const done = request.finally(() => this.#pending.delete(page));
    this.#pending.set(page, done);
    return done;
  }

  #evict() {
    if (this.#pages.size <= KEEP_PAGES) return;
    const far = [...this.#pages.keys()].sort((a, b) => Math.abs(b - this.#centre) - Math.abs(a - this.#centre));
    for (const page of far.slice(0, this.#pages.size - KEEP_PAGES)) this.#pages.delete(page);
  }
}
