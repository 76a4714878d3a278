// One icon per kind of game-log line, shared by the pilot's step-through and a played game.
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
