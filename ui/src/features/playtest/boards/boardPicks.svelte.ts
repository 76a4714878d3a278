// Picking by clicking a card on the board. While a person plays a game (PlayYourself), the
// pending decision's options name the board cards they are about (`PlayOption.cards`, read
// by the engine from the labels); the board's tiles ask this context whether their card is
// one of them, and become buttons that pick it. The step-through's and the compared lines'
// boards have no such context, or a null one: their cards stay pictures.
import { getContext, setContext } from 'svelte';

/** What a board needs to let its cards be clicked to pick. */
export interface BoardPicks {
  /**
   * The options (indices) naming card `name`, in the decision's order; empty if none, and
   * for a card in a zone (`zone`, its id) the decision is not about.
   */
  optionsFor(name: string, zone?: string): number[];
  /** The player clicked card `name`: pick its option, or offer its options when several. */
  choose(name: string): void;
  /** The label of option `index`, for the card's accessible name. */
  label(index: number): string;
}

const KEY = Symbol('board-picks');

/** Lets the boards below pick (a getter: the decision changes with every pick). */
export function provideBoardPicks(picks: () => BoardPicks | null): void {
  setContext(KEY, picks);
}

/** The board's picking, if it is being played. Call during a component's set-up. */
export function boardPicks(): (() => BoardPicks | null) | undefined {
  return getContext<(() => BoardPicks | null) | undefined>(KEY);
}

/**
 * The picking for a card set on card `holder`: none while the decision names the holder,
 * since its tile is then a button and buttons do not nest.
 */
export function picksInside(picks: (() => BoardPicks | null) | undefined, holder: string, zone?: string): (() => BoardPicks | null) | undefined {
  return (picks?.()?.optionsFor(holder, zone).length ?? 0) > 0 ? undefined : picks;
}

/**
 * An action: while the pending decision has options naming the card, `node` is a button
 * (pointer, Enter or Space) that picks them, marked `pickable`, its title saying what it does.
 */
export function pickOnClick(node: HTMLElement, card: () => { picks: (() => BoardPicks | null) | undefined; name: string; zone?: string }) {
  $effect(() => {
    const { picks, name, zone } = card();
    const board = picks?.();
    const options = board?.optionsFor(name, zone) ?? [];
    if (!board || options.length === 0) return;
    // A card set on a pickable card is its own target: its click is not the holder's.
    const choose = (event: Event) => {
      event.stopPropagation();
      board.choose(name);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      event.preventDefault();
      choose(event);
    };
    const title = node.getAttribute('title');
    const only = options.length === 1 && options[0] !== undefined ? board.label(options[0]) : null;
    node.classList.add('pickable');
    node.setAttribute('role', 'button');
    node.setAttribute('tabindex', '0');
    node.setAttribute('data-pickable', String(options.length));
    // The card's own text stays its accessible name (what is seen is what is said); what a
    // click does is its description.
    node.setAttribute('title', only ? `Click: ${only}` : `Click: the ${options.length} options with ${name}`);
    node.addEventListener('click', choose);
    node.addEventListener('keydown', onKey);
    return () => {
      node.classList.remove('pickable');
      for (const attribute of ['role', 'tabindex', 'data-pickable']) node.removeAttribute(attribute);
      if (title === null) node.removeAttribute('title');
      else node.setAttribute('title', title);
      node.removeEventListener('click', choose);
      node.removeEventListener('keydown', onKey);
    };
  });
}
