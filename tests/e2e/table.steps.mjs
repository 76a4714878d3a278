// The free table (issue 33): a bundled deck dealt as its game definition's [play] table
// says (Showdown's hand of 8; Zoids Scramble's 4 cards set aside face down), a card drawn,
// moved to a zone by its Move to button and by key, exhausted, undone and redone by button
// and by Ctrl+Z / Ctrl+Shift+Z, the next turn, the same shuffle again, a mill and a look at
// the top of the deck. The expected numbers come from the game files and the sample decks.
// Called once from app.e2e.mjs, after the goldfish steps.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ELEMENT } from './webdriver.mjs';
import { chordOf, clickTestid, openDeckPlaytest, same, tableSettler, textOf as textOfPage } from './helpers.mjs';

export async function tableSteps({ driver, step, check, save, root }) {
  const textOf = (selector) => textOfPage(driver, selector);

  /** A game definition's [play] table, with the defaults a missing key takes. */
  const playOf = (gameId) => {
    const toml = readFileSync(join(root, 'data', 'games', `${gameId}.toml`), 'utf8');
    const block = /\n\[play\]\n([\s\S]*?)(?=\n\[|$)/.exec(toml)?.[1] ?? '';
    const num = (key, fallback) => Number(new RegExp(`^${key} = (\\d+)`, 'm').exec(block)?.[1] ?? fallback);
    const zones = JSON.parse(/^zones = (\[.*\])$/m.exec(block)?.[1] ?? '["Play area", "Discard pile"]');
    return { set_aside: num('set_aside', 0), opening_hand: num('opening_hand', 7), draws_per_turn: num('draws_per_turn', 1), zones };
  };

  /** Copies in a sample deck file's main section (a file without headers is all main). */
  const mainCount = (file) => {
    let section = 'main';
    let total = 0;
    for (const raw of readFileSync(join(root, 'data', 'decks', file), 'utf8').split('\n')) {
      const line = raw.trim();
      if (!line || line.startsWith('#')) continue;
      const copies = /^(\d+)\s/.exec(line);
      if (!copies) section = line.toLowerCase();
      else if (section === 'main') total += Number(copies[1]);
    }
    return total;
  };

  const settle = tableSettler(driver, check);
  const click = (testid) => clickTestid(driver, testid);
  const chord = chordOf(driver);

  async function openTable(gameId, name) {
    await openDeckPlaytest(driver, gameId, name);
    await click('playtest-tab-table');
    await click('table-deal');
  }

  await step('Free table: Showdown dealt as its [play] table says; draw, play, exhaust, undo and redo by button and by key', async () => {
    const play = playOf('sms');
    const library = mainCount('sms/doom-lab-gambit.txt');
    await openTable('sms', 'Doom Lab Gambit');
    const dealt = await settle('the opening hand', (s) => s.counts.hand > 0);
    check(dealt.counts.hand === play.opening_hand, `a hand of ${dealt.counts.hand}, the game deals ${play.opening_hand}`);
    check(dealt.counts.deck === library - play.opening_hand, `${dealt.counts.deck} cards in the deck, not ${library} − ${play.opening_hand}`);
    // The deck, the hand, the game's zones in order, then the deck's Characters face up.
    check(same(dealt.zoneNames, ['Deck', 'Hand', ...play.zones, 'Characters']), `the zones read ${JSON.stringify(dealt.zoneNames)}`);
    check(dealt.counts['section-characters'] === 4, `${dealt.counts['section-characters']} Characters on the table`);
    // Tiles show card names (the deck lists ids such as SMX-028).
    check(dealt.names.hand.length === play.opening_hand && dealt.names.hand.every((n) => n && !/^[A-Z]+-\d+$/.test(n)), `the hand reads ${JSON.stringify(dealt.names.hand)}`);
    check(dealt.turn === 'Turn 1', `the turn reads "${dealt.turn}"`);
    const seed = /seed (\d+)/.exec(await textOf('[data-testid="table-seed"]'))?.[1];
    check(seed !== undefined, 'no seed shown');
    await save('table-sms-dealt');

    await click('table-draw');
    const drawn = await settle('a card drawn', (s) => s.counts.hand === play.opening_hand + 1);
    check(drawn.counts.deck === dealt.counts.deck - 1, `the deck holds ${drawn.counts.deck} after a draw`);

    // The hand's first card to the first zone (the Table) by its Move to button, then exhausted.
    const first = (await driver.findAll('[data-testid="table-zone"][data-zone="hand"] [data-testid="table-card"]'))[0];
    const uid = Number(await driver.execute('return arguments[0].dataset.uid', [{ [ELEMENT]: first }]));
    const name = drawn.names.hand[0];
    await driver.click(first);
    await driver.waitForElement('[data-testid="table-selected"]');
    await driver.click(await driver.waitForElement('[data-testid="table-move"][data-zone="zone-0"]'));
    const moved = await settle(`${name} on the ${play.zones[0]}`, (s) => s.counts['zone-0'] === 1);
    check(moved.names['zone-0'][0] === name && moved.counts.hand === play.opening_hand, `after the move: ${JSON.stringify(moved.names)}`);
    await click('table-exhaust');
    const played = await settle(`${name} exhausted`, (s) => s.exhausted.includes(uid));
    await save('table-sms-played');

    await click('table-undo');
    await click('table-undo');
    await settle('two undos: the table as after the draw', (s) => same(s, drawn));
    await click('table-redo');
    await settle('a redo: the card back on the table, ready', (s) => same(s, moved));
    await click('table-redo');
    await settle('a second redo: exhausted again', (s) => same(s, played));

    // By key: Ctrl+Z and Ctrl+Shift+Z, then a hand card moved with its zone's number, exhausted with E.
    // Nothing focused: the keys reach the page, not a button (the last Redo is disabled now).
    await driver.execute('document.activeElement?.blur()');
    await chord('z');
    await settle('Ctrl+Z readies the card', (s) => same(s, moved));
    await chord('z', true);
    await settle('Ctrl+Shift+Z exhausts it again', (s) => same(s, played));
    const next = (await driver.findAll('[data-testid="table-zone"][data-zone="hand"] [data-testid="table-card"]'))[0];
    const nextUid = Number(await driver.execute('arguments[0].focus(); return arguments[0].dataset.uid', [{ [ELEMENT]: next }]));
    await driver.keys(String(played.ids.indexOf('zone-0') + 1));
    await settle('key 3 moves the focused card to the Table', (s) => s.counts['zone-0'] === 2 && s.counts.hand === play.opening_hand - 1);
    // The focus follows the card to its zone, so E acts on it there.
    await driver.keys('e');
    await settle('E exhausts it', (s) => s.exhausted.includes(nextUid));
    await driver.keys('n');
    const turn2 = await settle('N: the next turn readies every card', (s) => s.turn === 'Turn 2' && s.exhausted.length === 0);
    check(turn2.counts.hand === play.opening_hand - 1 + play.draws_per_turn, `the hand holds ${turn2.counts.hand} on turn 2`);
    await driver.keys('d');
    await settle('D draws a card', (s) => s.counts.hand === turn2.counts.hand + 1);
    await save('table-sms-turn-2');

    await click('table-same-shuffle');
    const again = await settle('the same shuffle deals the same hand', (s) => s.turn === 'Turn 1' && s.counts['zone-0'] === 0);
    check(same(again.names.hand, dealt.names.hand), `the same shuffle dealt ${JSON.stringify(again.names.hand)}, first ${JSON.stringify(dealt.names.hand)}`);
    check((await textOf('[data-testid="table-seed"]')) === `seed ${seed}`, 'the seed changed on Same shuffle');
  });

  await step('Free table: Zoids Scramble sets 4 cards aside face down; a mill and a look at the top of the deck', async () => {
    const play = playOf('zoids-scramble');
    const library = mainCount('zoids-scramble/republic-vanguard.txt');
    await openTable('zoids-scramble', 'Republic Vanguard');
    const dealt = await settle('the opening hand', (s) => s.counts.hand > 0);
    check(same(dealt.zoneNames, ['Deck', 'Hand', 'Set aside', ...play.zones]), `the zones read ${JSON.stringify(dealt.zoneNames)}`);
    check(dealt.counts.aside === play.set_aside && dealt.down.aside === play.set_aside && dealt.names.aside.length === 0, `set aside: ${dealt.counts.aside} cards, ${dealt.down.aside} face down`);
    check(dealt.counts.hand === play.opening_hand, `a hand of ${dealt.counts.hand}, the game deals ${play.opening_hand}`);
    check(dealt.counts.deck === library - play.set_aside - play.opening_hand, `${dealt.counts.deck} cards in the deck of ${library}`);

    const n = await driver.waitForElement('[data-testid="table-n"]');
    await driver.clear(n);
    await driver.type(n, '2');
    await click('table-mill');
    // Milled cards go to the game's Scrapyard, its last zone.
    const scrapyard = dealt.ids.at(-1);
    const milled = await settle('two cards milled', (s) => s.counts[scrapyard] === 2 && s.counts.deck === dealt.counts.deck - 2);
    check(milled.zoneNames.at(-1) === 'Scrapyard', `the last zone is ${milled.zoneNames.at(-1)}`);
    await click('table-look');
    await driver.waitForElement('[data-testid="table-look-panel"]');
    const top = await driver.execute('return [...document.querySelectorAll("[data-testid=table-look-panel] [data-testid=table-card] .name")].map((n) => n.textContent.trim())');
    check(top.length === 2 && top.every(Boolean), `the top of the deck reads ${JSON.stringify(top)}`);
    await save('table-zoids-look');
    await click('table-look-close');
    await settle('put back: the deck unchanged', (s) => same(s, milled));
  });
}
