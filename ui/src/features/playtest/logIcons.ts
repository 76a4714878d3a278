// One icon per kind of game-log line, shared by the pilot's step-through and a played game,
// and what each means in words: the icon's tooltip, the screen reader's text and the log's
// legend.
import type { GoldfishAction } from '../../lib/backend';

export const LOG_ICON: Record<GoldfishAction, string> = {
  setup: '◇',
  draw: '+',
  ready: '↻',
  play: '▶',
  attach: '⤷',
  hold: '·',
  pay: '−',
  attack: '⚔',
  opponent: '◦',
  end: '■',
  buy: '$',
  mulligan: '⟲',
  damage: '✖',
};

export const LOG_MEANING: Record<GoldfishAction, string> = {
  setup: 'Setting up',
  draw: 'Drawing',
  ready: 'Readying',
  play: 'A card played',
  attach: 'A card attached',
  hold: 'Held back',
  pay: 'A cost paid',
  attack: 'An attack',
  opponent: 'The opponent',
  end: 'The end of the game',
  buy: 'Bought or Battled',
  mulligan: 'Mulligan',
  damage: 'Damage',
};
