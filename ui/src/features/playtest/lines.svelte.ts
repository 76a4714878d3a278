// Lines of play: a game is its seed, its seat and its picks, replayed, so trying another
// line from a decision costs nothing but a second pick list. Each line keeps its own redo
// list, so undo and redo in one line never touch another.

export interface Line {
  id: number;
  name: string;
  seed: number;
  goingFirst: boolean;
  picks: number[];
  /** Picks undone in this line, most recent last. */
  undone: number[];
  /** How many picks it shares with the line it branched from (its branch point). */
  from: number;
}

export class Lines {
  all = $state.raw<Line[]>([]);
  currentId = $state(0);
  #next = 1;

  get current(): Line | undefined {
    return this.all.find((l) => l.id === this.currentId);
  }

  /** A new game: its only line. */
  start(seed: number, goingFirst: boolean) {
    this.#next = 1;
    const line = this.#make(seed, goingFirst, [], 0);
    this.all = [line];
    this.currentId = line.id;
  }

  /** What the current line holds now (after a pick, an undo, a redo). */
  record(seed: number, goingFirst: boolean, picks: number[], undone: number[]) {
    this.all = this.all.map((l) => (l.id === this.currentId ? { ...l, seed, goingFirst, picks: [...picks], undone: [...undone] } : l));
  }

  /** Keeps the current line as it is and goes on in a copy of it, from the same decision. */
  branch(): Line | undefined {
    const from = this.current;
    if (!from) return undefined;
    const line = this.#make(from.seed, from.goingFirst, from.picks, from.picks.length);
    this.all = [...this.all, line];
    this.currentId = line.id;
    return line;
  }

  select(id: number): Line | undefined {
    if (!this.all.some((l) => l.id === id)) return undefined;
    this.currentId = id;
    return this.current;
  }

  rename(id: number, name: string) {
    const trimmed = name.trim();
    if (!trimmed) return;
    this.all = this.all.map((l) => (l.id === id ? { ...l, name: trimmed } : l));
  }

  /** Drops a line that is not the current one. */
  remove(id: number) {
    if (id === this.currentId) return;
    this.all = this.all.filter((l) => l.id !== id);
  }

  #make(seed: number, goingFirst: boolean, picks: number[], from: number): Line {
    const id = this.#next++;
    return { id, name: `Line ${id}`, seed, goingFirst, picks: [...picks], undone: [], from };
  }
}

/** The furthest a line went: its picks, then those undone (redo would take them back). */
export function latest(line: Line): number[] {
  return [...line.picks, ...[...line.undone].reverse()];
}

/** How many picks two lines share from the start (as far as each went). */
export function sharedPicks(a: Line, b: Line): number {
  if (a.seed !== b.seed || a.goingFirst !== b.goingFirst) return 0;
  const [x, y] = [latest(a), latest(b)];
  let n = 0;
  while (n < x.length && n < y.length && x[n] === y[n]) n += 1;
  return n;
}
