// Play it yourself (issue 33), in the Play tab and on the free table: a hand played pick by
// pick in every bundled game as `deckhand play` plays it (by mouse and by key); the odds
// beside play as `deckhand play --odds` gives them; lines of play branched, switched,
// renamed and compared side by side with their From here figures; and the free table of a
// player's own game (drawn, moved by key and by drag, a counter, undo and redo). Called from
// app.e2e.mjs after the goldfish steps; `playerTableSteps` after the games steps, which add
// the game (or on its own, adding it by the CLI).
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ELEMENT } from './webdriver.mjs';
import { chordOf, clickTestid, openDeckPlaytest as openPlaytestOf, same, tableSettler, textOf as textOfPage, textsOf } from './helpers.mjs';

export async function playSteps({ driver, step, check, save, cli, db }) {
  const json = (args) => JSON.parse(execFileSync(cli, ['--db', db, ...args, '--json'], { encoding: 'utf8', maxBuffer: 64 << 20 }));
  const texts = (selector) => textsOf(driver, selector);
  const textOf = (selector) => textOfPage(driver, selector);
  const chord = chordOf(driver);
  const click = (testid) => clickTestid(driver, testid);
  const openDeckPlaytest = (gameId, name) => openPlaytestOf(driver, gameId, name);

  /** Deals a hand in the Play tab of `deck`; returns its seed as the CLI takes it. */
  async function deal(gameId, deck) {
    await openDeckPlaytest(gameId, deck);
    await click('playtest-tab-play');
    await click('play-deal');
    await driver.waitForElement('[data-testid="play-decision"]');
    return String(Number(/seed (\d+)/.exec(await textOf('[data-testid="play"] .seed'))[1]));
  }

  await step('Play it yourself: a hand played pick by pick in every bundled game, as `deckhand play` plays it', async () => {
    const labels = () => texts('[data-testid="play-option"] .label');
    const samples = [
      ['zoids-scramble', 'Republic Vanguard'],
      ['pr-acg', 'Starfall Vanguard Hero'],
      ['pr-dbg', 'Block Party'],
      ['pr-hotg', 'Tide And Horn Duo'],
      ['sms', 'Doom Lab Gambit'],
    ];
    for (const [gameId, deck] of samples) {
      await openDeckPlaytest(gameId, deck);
      await driver.click(await driver.waitForElement('[data-testid="playtest-tab-play"]'));
      await driver.click(await driver.waitForElement('[data-testid="play-deal"]'));
      await driver.waitForElement('[data-testid="play-decision"]');
      const seed = String(Number(/seed (\d+)/.exec(await textOf('[data-testid="play"] .seed'))[1]));
      const first = json(['play', '--deck', deck, '--seed', seed]);
      const shown = await labels();
      check(JSON.stringify(shown) === JSON.stringify(first.decision.options.map((o) => o.label)), `${gameId}: the app offers ${JSON.stringify(shown)}, the CLI ${JSON.stringify(first.decision.options)}`);
      check((await textOf('[data-testid="play-pilot-reason"]')).includes(first.decision.pilot.reason), `${gameId}: the pilot's reason is shown`);
      await save(`play-${gameId}-first-decision`);
      // From here and Which option is best: deterministic for a seed and picks, so the app's
      // figures are the CLI's.
      await driver.click(await driver.waitForElement('[data-testid="play-compare"]'));
      await driver.waitForElement('[data-testid="play-option-value"]', 60000);
      const compared = json(['play', '--deck', deck, '--seed', seed, '--compare', '2000']);
      const values = await texts('[data-testid="play-option-value"]');
      const fmt = (v) => (compared.from_here.objective.key.endsWith('_chance') ? `${(100 * v).toFixed(1)} %` : v.toFixed(2));
      const expected = compared.from_here.options.map((o) => `${o.value.value === null ? '—' : fmt(o.value.value)}${o.best ? ' · best' : ''}`);
      check(JSON.stringify(values) === JSON.stringify(expected), `${gameId}: the options read ${JSON.stringify(values)}, the CLI's ${JSON.stringify(expected)}`);
      const here = json(['play', '--deck', deck, '--seed', seed, '--from-here', '10000']);
      const hereValue = here.from_here.here.value === null ? '—' : fmt(here.from_here.here.value);
      await driver.click(await driver.waitForElement('[data-testid="play-from-here"]'));
      await driver.waitFor(`${gameId}: the estimate from here reads the CLI's ${hereValue}`, async () => ((await textOf('[data-testid="play-estimate-text"]')).includes(`from here: ${hereValue}`) ? true : null), 60000);
      // The distribution beside it, read cumulatively: at its far end every game the CLI's
      // histogram counts (won by the last turn shown, or at least the least value), then
      // the games never won.
      const dist = here.from_here.distribution;
      const atLeast = dist.figure.kind === 'at_least_by_turn';
      const pct = (x) => `${(100 * x).toFixed(x > 0 && x < 0.1 ? 1 : 0)} %`;
      const cells = await texts('[data-testid="play-distribution-here"] td');
      const counted = Object.values(dist.here.counts).reduce((a, b) => a + b, 0);
      const expectedCells = atLeast ? [pct(counted / dist.here.games)] : [pct(counted / dist.here.games), pct(dist.here.none / dist.here.games)];
      const shownCells = atLeast ? cells.slice(0, 1) : cells.slice(-2);
      if (Object.keys(dist.here.counts).length + Object.keys(dist.deck.counts).length === 0) {
        check((await textOf('[data-testid="play-distribution"]')).includes('Won in no game'), `${gameId}: no game won, and the panel says so`);
      } else {
        check(JSON.stringify(shownCells) === JSON.stringify(expectedCells), `${gameId}: the distribution from here reads ${JSON.stringify(cells)}, the CLI's ends ${JSON.stringify(expectedCells)}`);
        check((await driver.findAll('[data-testid="play-distribution-deck"] td')).length === cells.length, `${gameId}: the deck's distribution beside it`);
      }
      await save(`play-${gameId}-from-here`);
      // A pick that is not the pilot's: the log marks it as mine, and the next decision is the CLI's.
      const mine = first.decision.pilot.index === shown.length - 1 ? 0 : shown.length - 1;
      // By the mouse in Zoids Scramble, by its number key in the other games.
      if (gameId === 'zoids-scramble' || mine >= 9) await driver.click((await driver.findAll('[data-testid="play-option"]'))[mine]);
      else {
        await driver.execute('document.activeElement?.blur()');
        await driver.keys(String(mine + 1));
      }
      await driver.waitFor(`${gameId}: the pick is logged`, async () => (await driver.findAll('[data-testid="play-log"] .decision.mine')).length > 0 || null);
      const second = json(['play', '--deck', deck, '--seed', seed, '--pick', String(mine)]);
      if (second.decision) {
        const next = await labels();
        check(JSON.stringify(next) === JSON.stringify(second.decision.options.map((o) => o.label)), `${gameId}: after my pick the app offers ${JSON.stringify(next)}, the CLI ${JSON.stringify(second.decision.options)}`);
      }
      await driver.click(await driver.waitForElement('[data-testid="play-undo"]'));
      await driver.waitFor(`${gameId}: undo goes back to the first decision`, async () => ((await driver.findAll('[data-testid="play-log"] .decision.mine')).length === 0 ? true : null));
      check(JSON.stringify(await labels()) === JSON.stringify(shown), `${gameId}: undo shows the first decision again`);
      if (gameId === 'zoids-scramble') await driver.click(await driver.waitForElement('[data-testid="play-redo"]'));
      else {
        await driver.execute('document.activeElement?.blur()');
        await chord('z', true);
      }
      await driver.waitFor(`${gameId}: redo takes the pick back`, async () => (await driver.findAll('[data-testid="play-log"] .decision.mine')).length > 0 || null);
      if (second.decision) {
        await driver.click(await driver.waitForElement('[data-testid="play-pilot-turn"]'));
        await save(`play-${gameId}-pilot-turn`);
        // The pilot's turn may end the game (some shuffles win on turn 1): then there is no
        // rest of the game to play.
        const over = await driver.waitFor(`${gameId}: the pilot's turn played`, async () => {
          if ((await driver.findAll('[data-testid="play-result"]')).length) return 'over';
          return (await driver.findAll('[data-testid="play-pilot-game"]:not([disabled])')).length ? 'on' : null;
        });
        if (over === 'on') {
          // The decision's column scrolls: bring the button into view as a player would.
          const rest = await driver.waitForElement('[data-testid="play-pilot-game"]');
          await driver.execute('arguments[0].scrollIntoView({ block: "center" })', [{ [ELEMENT]: rest }]);
          await driver.click(rest);
        }
      }
      await driver.waitForElement('[data-testid="play-result"]');
      const end = json(['play', '--deck', deck, '--seed', seed, '--pick', String(mine), '--pilot-rest']);
      const result = await textOf('[data-testid="play-result"]');
      check(Number(/turn (\d+)/.exec(result)?.[1]) === end.result.turn, `${gameId}: the app's "${result}", the CLI's ${JSON.stringify(end.result)}`);
      await save(`play-${gameId}-end`);
    }
  });

  const pickArgs = (picks) => picks.flatMap((p) => ['--pick', String(p)]);
  /** The picks of the game the Play tab shows (a key pressed while one replays is not taken). */
  const picksMade = async () => Number(await driver.execute('return document.querySelector("[data-testid=play]")?.dataset.picks ?? -1'));

  await step('Play: a card clicked on the board picks the option that names it; a card several options name offers those first', async () => {
    const labels = () => texts('[data-testid="play-option"] .label');
    const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
    /** The cards of a decision by how many of its options name them. */
    const named = (state) => {
      const byCard = new Map();
      for (const o of state.decision?.options ?? []) for (const c of o.cards ?? []) byCard.set(c, [...(byCard.get(c) ?? []), o.index]);
      return [...byCard];
    };
    /** Clicks a board card as a player does: scrolled into view in the board's pane first. */
    const clickCard = async (selector) => {
      const card = await driver.waitForElement(selector);
      await driver.execute('arguments[0].scrollIntoView({ block: "center" })', [{ [ELEMENT]: card }]);
      await driver.click(card);
    };
    let offeredSomewhere = false;
    for (const [gameId, deck] of [
      ['zoids-scramble', 'Republic Vanguard'],
      ['pr-acg', 'Starfall Vanguard Hero'],
      ['pr-dbg', 'Block Party'],
      ['pr-hotg', 'Tide And Horn Duo'],
      ['sms', 'Doom Lab Gambit'],
    ]) {
      const seed = await deal(gameId, deck);
      // The CLI walks the pilot's picks to the first decision where a card names one option.
      const picks = [];
      let state = json(['play', '--deck', deck, '--seed', seed]);
      const states = [state];
      while (state.decision && !named(state).some(([, o]) => o.length === 1) && picks.length < 40) {
        picks.push(state.decision.pilot.index);
        state = json(['play', '--deck', deck, '--seed', seed, ...pickArgs(picks)]);
        states.push(state);
      }
      const single = named(state).find(([, o]) => o.length === 1);
      check(single, `${gameId}: some decision of seed ${seed} lets a card be clicked`);
      if (!single) continue;
      // The app gets there by the pilot's key, one decision at a time.
      for (const at of states.slice(1)) {
        await driver.execute('document.activeElement?.blur()');
        await driver.keys('p');
        await driver.waitFor(`${gameId}: the pilot's pick ${at.picks.length}`, async () =>
          (await picksMade()) === at.picks.length && same(await labels(), at.decision.options.map((o) => o.label)) ? true : null,
        );
      }
      const pickable = await driver.execute('return [...document.querySelectorAll("[data-pickable]")].map((e) => [e.title, e.dataset.pickable])');
      const expected = named(state).map(([card, o]) => (o.length === 1 ? [`Click: ${state.decision.options[o[0]].label}`, '1'] : [`Click: the ${o.length} options with ${card}`, String(o.length)]));
      const key = (list) => JSON.stringify([...new Set(list.map((x) => JSON.stringify(x)))].sort());
      check(key(pickable) === key(expected), `${gameId}: the clickable cards ${JSON.stringify(pickable)}, the CLI's ${JSON.stringify(expected)}`);
      await save(`play-${gameId}-cards-to-click`);
      const several = named(state).find(([, o]) => o.length > 1);
      if (several) {
        const [card, options] = several;
        await clickCard(`[data-pickable="${options.length}"][title="Click: the ${options.length} options with ${card}"]`);
        await driver.waitForElement('[data-testid="play-offered"]');
        const offered = await driver.execute('return [...document.querySelectorAll("[data-testid=play-option].offered .label")].map((e) => e.textContent.trim())');
        check(same(offered, options.map((i) => state.decision.options[i].label)), `${gameId}: clicking ${card} offers ${JSON.stringify(offered)}`);
        const focused = await driver.execute('return document.activeElement?.closest("[data-testid=play-option]")?.classList.contains("offered") ?? false');
        check(focused, `${gameId}: the first option offered has the focus`);
        await save(`play-${gameId}-card-offers-options`);
        offeredSomewhere = true;
      }
      const [card, [index]] = single;
      const label = state.decision.options[index].label;
      await clickCard(`[data-pickable="1"][title="Click: ${label.replace(/"/g, '\\"')}"]`);
      const after = json(['play', '--deck', deck, '--seed', seed, ...pickArgs([...picks, index])]);
      await driver.waitFor(`${gameId}: clicking ${card} picks "${label}"`, async () =>
        after.decision ? (same(await labels(), after.decision.options.map((o) => o.label)) ? true : null) : (await driver.findAll('[data-testid="play-result"]')).length > 0 || null,
      );
      // Logged as mine unless it is also the pilot's pick (then it is logged as the pilot's).
      const mine = index !== state.decision.pilot.index;
      const logged = await texts(`[data-testid="play-log"] .decision${mine ? '.mine' : ''}`);
      check(logged.some((t) => t.includes(label)), `${gameId}: the log has "${label}"${mine ? ' as my pick' : ''}: ${JSON.stringify(logged)}`);
    }
    // The app's seeds are random: the first decision with a card to click does not always
    // have a card that several options name, so this path is checked when it comes.
    if (!offeredSomewhere) console.log('# no game of this run had a card several options name at that decision');
  });

  await step('Play: a seed typed in deals the CLI\'s game; the Character, its Equipment and a Ranger are clicked to use them', async () => {
    const labels = () => texts('[data-testid="play-option"] .label');
    const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
    // Fixed seeds (typed in, as a player shares one) where the pilot's line reaches the decision.
    const cases = [
      ['pr-dbg', 'Block Party', '1', 'Robotics Whiz Wren', '[data-testid="character-slot"]'],
      ['pr-dbg', 'Block Party', '1', 'Nadia Okonkwo', '[data-testid="character-name"]'],
      ['pr-hotg', 'Tide And Horn Duo', '6', 'Cobalt Orca Ranger', '[data-testid="ranger-name"]'],
    ];
    for (const [gameId, deck, seed, card, where] of cases) {
      await openDeckPlaytest(gameId, deck);
      await click('playtest-tab-play');
      const input = await driver.waitForElement('[data-testid="play-seed-input"]');
      await driver.clear(input);
      await driver.type(input, seed);
      await click('play-deal-seed');
      await driver.waitFor(`${gameId}: seed ${seed} dealt`, async () => ((await textOf('[data-testid="play"] .seed')).includes(`seed ${seed}`) ? true : null));
      const picks = [];
      let state = json(['play', '--deck', deck, '--seed', seed]);
      check(same(await labels(), state.decision.options.map((o) => o.label)), `${gameId}: seed ${seed} typed in deals the CLI's first decision`);
      // An Activate decision (a Buy names the same card in The Grid).
      const naming = (st) => (st.decision?.kind === 'activate' ? st.decision.options : []).filter((o) => (o.cards ?? []).includes(card)).map((o) => o.index);
      while (state.decision && naming(state).length === 0 && picks.length < 60) {
        picks.push(state.decision.pilot.index);
        state = json(['play', '--deck', deck, '--seed', seed, ...pickArgs(picks)]);
        await driver.execute('document.activeElement?.blur()');
        await driver.keys('p');
        const want = state.decision?.options.map((o) => o.label) ?? [];
        // Pick by pick: a key pressed while the last pick is replayed would be lost.
        await driver.waitFor(`${gameId}: the pilot's pick ${picks.length}`, async () =>
          (await picksMade()) === picks.length && same(await labels(), want) ? true : null,
        );
      }
      const options = naming(state);
      check(options.length > 0, `${gameId}: seed ${seed} reaches a decision naming ${card}`);
      if (!options.length) continue;
      const target = await driver.waitForElement(`${where}[data-pickable="${options.length}"]`);
      // The decision is about the Character's zone: a copy of the card in The Grid offers nothing.
      if (state.decision.zones?.length && !state.decision.zones.includes('grid')) {
        check((await driver.findAll('[data-testid="grid-card"][data-pickable]')).length === 0, `${gameId}: no card of The Grid is offered at "${state.decision.prompt}"`);
      }
      check((await driver.execute('return arguments[0].textContent', [{ [ELEMENT]: target }])).includes(card), `${gameId}: ${card} is the card to click`);
      // By the keyboard: the card is a button, focused and pressed with Enter.
      await driver.execute('arguments[0].focus()', [{ [ELEMENT]: target }]);
      await save(`play-${gameId}-click-${card.toLowerCase().replace(/\W+/g, '-')}`);
      await driver.keys('\uE007');
      const index = options[0];
      if (options.length > 1) {
        // Several options name it: they are offered first, and the first is taken.
        await driver.waitForElement('[data-testid="play-offered"]');
        const offered = await driver.execute('return [...document.querySelectorAll("[data-testid=play-option].offered .label")].map((e) => e.textContent.trim())');
        check(same(offered, options.map((i) => state.decision.options[i].label)), `${gameId}: clicking ${card} offers ${JSON.stringify(offered)}`);
        await driver.click(await driver.waitForElement('[data-testid="play-option"].offered'));
      }
      const after = json(['play', '--deck', deck, '--seed', seed, ...pickArgs([...picks, index])]);
      await driver.waitFor(`${gameId}: clicking ${card} picks "${state.decision.options[index].label}"`, async () =>
        after.decision ? (same(await labels(), after.decision.options.map((o) => o.label)) ? true : null) : (await driver.findAll('[data-testid="play-result"]')).length > 0 || null,
      );
    }
  });

  /** The odds table's rows as the page shows them. */
  const oddsRows = () =>
    driver.execute('return [...document.querySelectorAll("[data-testid=play-odds-table] tbody tr")].map((r) => [...r.querySelectorAll("td")].map((d) => d.textContent.trim()))');

  await step('Play: the odds beside play are `deckhand play --odds`\'s, from the cards not yet seen, and follow each pick', async () => {
    const deck = 'Republic Vanguard';
    const seed = await deal('zoids-scramble', deck);
    const query = 't:pilot';
    const ahead = 4;
    await driver.type(await driver.waitForElement('[data-testid="play-odds-query"]'), query);
    const turns = await driver.waitForElement('[data-testid="play-odds-turns"]');
    await driver.clear(turns);
    await driver.type(turns, String(ahead));
    await click('play-odds-ask');
    /** Waits for the app's table to read the CLI's figures at the position `picks` reach. */
    const agrees = async (picks, what) => {
      const at = json(['play', '--deck', deck, '--seed', seed, ...pickArgs(picks)]);
      const cli = json(['play', '--deck', deck, '--seed', seed, ...pickArgs(picks), '--odds', query, '--at-least', '1', '--by-turn', String(at.turn + ahead)]).odds;
      const expected = cli.rows.map((r) => [String(r.turn), String(r.drawn), `${(100 * r.chance).toFixed(1)} %`]);
      let shown = null;
      try {
        await driver.waitFor(`${what}: the odds read the CLI's`, async () => (JSON.stringify((shown = await oddsRows())) === JSON.stringify(expected) ? true : null));
      } catch {
        check(false, `${what}: the app's odds ${JSON.stringify(shown)}, the CLI's ${JSON.stringify(expected)}`);
      }
      const facts = await textOf('[data-testid="play-odds-facts"]');
      check(facts.includes(`${cli.matching_seen} seen`) && facts.includes(`among the ${cli.unseen} cards you have not seen`), `${what}: the facts read "${facts}", the CLI's ${cli.matching_seen} seen of ${cli.unseen} unseen`);
      return at;
    };
    const first = await agrees([], 'the first decision');
    await driver.execute('document.querySelector("[data-testid=play-odds]").scrollIntoView(); return true;');
    await save('play-odds-first-decision');
    // The pilot takes two decisions (key P): the figures follow without asking again.
    const picks = [first.decision.pilot.index];
    const second = json(['play', '--deck', deck, '--seed', seed, ...pickArgs(picks)]);
    if (second.decision) picks.push(second.decision.pilot.index);
    await driver.execute('document.activeElement?.blur()');
    await driver.keys('p');
    // Undo is enabled once the pick is answered (a key pressed while it replays is not queued).
    await driver.waitFor('the first pick taken', async () => (await driver.execute('return document.querySelector("[data-testid=play-undo]")?.disabled === false')) || null);
    await driver.keys('p');
    await agrees(picks, 'two decisions on');
    await driver.execute('document.querySelector("[data-testid=play-odds]").scrollIntoView(); return true;');
    await save('play-odds-later');
  });

  await step('Play: a line branched at a decision keeps both; switched, renamed, and compared side by side with their From here', async () => {
    const deck = 'Republic Vanguard';
    const seed = await deal('zoids-scramble', deck);
    const first = json(['play', '--deck', deck, '--seed', seed]);
    const labels = () => texts('[data-testid="play-option"] .label');
    const optionsAfter = (picks) => (json(['play', '--deck', deck, '--seed', seed, ...pickArgs(picks)]).decision?.options ?? []).map((o) => o.label);
    const mine = () => driver.findAll('[data-testid="play-log"] .decision.mine');
    // Line 1 takes the pilot's pick, which the log does not mark as the player's: its lines
    // are counted instead.
    const logged = () => driver.execute('return document.querySelectorAll("[data-testid=play-log] .decision").length');
    const atStart = await logged();
    const a = first.decision.pilot.index;
    const b = a === 0 ? 1 : 0;
    // Line 1 takes the pilot's pick (key), is undone (Ctrl+Z), and a branch is made here (B).
    await driver.execute('document.activeElement?.blur()');
    await driver.keys(String(a + 1));
    await driver.waitFor('line 1 picked', async () => (await logged()) > atStart || null);
    await chord('z');
    await driver.waitFor('undone to the first decision', async () => (await logged()) === atStart || null);
    await driver.keys('b');
    const lines = () => texts('[data-testid="play-line"]');
    await driver.waitFor('two lines listed', async () => (await lines()).length === 2 || null);
    // Line 2 picks the other option, by its key.
    await driver.keys(String(b + 1));
    await driver.waitFor('line 2 picked', async () => (await mine()).length === 1 || null);
    check(JSON.stringify(await labels()) === JSON.stringify(optionsAfter([b])), `line 2 offers ${JSON.stringify(await labels())}, the CLI after pick ${b} ${JSON.stringify(optionsAfter([b]))}`);
    const listed = await lines();
    check(/^Line 1\s+0 picks$/.test(listed[0]) && /^Line 2\s+1 pick$/.test(listed[1]), `the lines read ${JSON.stringify(listed)}`);
    check((await driver.execute('return document.querySelectorAll("[data-testid=play-line][aria-pressed=true]").length')) === 1, 'one line is marked current');
    await save('play-branches-lines');

    // Back to line 1: its own redo takes its pick back; line 2 is untouched.
    await driver.click((await driver.findAll('[data-testid="play-line"]'))[0]);
    await driver.waitFor('line 1 at the first decision', async () => (await logged()) === atStart || null);
    await driver.execute('document.activeElement?.blur()');
    await chord('z', true);
    await driver.waitFor('line 1 redone', async () => (await logged()) > atStart || null);
    check(JSON.stringify(await labels()) === JSON.stringify(optionsAfter([a])), `line 1 after redo offers ${JSON.stringify(await labels())}, the CLI after pick ${a} ${JSON.stringify(optionsAfter([a]))}`);
    await driver.click((await driver.findAll('[data-testid="play-line"]'))[1]);
    await driver.waitFor('line 2 again', async () => (JSON.stringify(await labels()) === JSON.stringify(optionsAfter([b])) ? true : null));
    check(await driver.execute('return document.querySelector("[data-testid=play-redo]").disabled'), 'line 2 has nothing to redo: line 1\'s redo leaked into it');

    // Renamed by keyboard: its ✎ button, a name, Enter.
    await driver.click((await driver.findAll('[data-testid="play-line-rename"]'))[1]);
    // The field opens focused with the old name selected: typing replaces it.
    await driver.waitForElement('[data-testid="play-line-name"]');
    await driver.keys('Other pick\uE007');
    await driver.waitFor('the line renamed', async () => ((await lines())[1]?.startsWith('Other pick') ? true : null));

    // Compare: line 1 (left) and line 2 (right), each at its latest, with the CLI's From here.
    await click('play-compare-lines');
    await driver.waitForElement('[data-testid="play-compare-view"]');
    const estimate = (pick) => json(['play', '--deck', deck, '--seed', seed, '--pick', String(pick), '--from-here', '10000']).from_here;
    const fmt = (e) => (e.here.value === null ? '—' : e.objective.key.endsWith('_chance') ? `${(100 * e.here.value).toFixed(1)} %` : e.here.value.toFixed(2));
    const expected = [estimate(a), estimate(b)].map((e) => `from here: ${fmt(e)}`);
    let shown = [];
    try {
      await driver.waitFor('both lines estimated', async () => ((shown = await texts('[data-testid="compare-figures"]')).length === 2 && shown.every((t, i) => t.includes(expected[i])) ? true : null), 120000);
    } catch {
      check(false, `the compared figures read ${JSON.stringify(shown)}, the CLI's ${JSON.stringify(expected)}`);
    }
    const headings = await texts('[data-testid="compare-side"] > h4');
    check(headings[0].startsWith('Line 1') && headings[1].startsWith('Other pick'), `the sides are headed ${JSON.stringify(headings)}`);
    check((await driver.findAll('[data-testid="compare-side"] [data-testid="zone-you-hand"]')).length === 2, 'each side shows its board');
    await save('play-branches-compare');
    await click('compare-close');
    await driver.waitForElement('[data-testid="play-decision"]');
  });
}

/** The free table of a player's own game: Pocket Knights, added by the games steps (or here by the CLI). */
export async function playerTableSteps({ driver, step, check, save, cli, db, root, work, restart }) {
  const GAME = 'pocket-knights';
  const run = (args) => execFileSync(cli, ['--db', db, ...args], { encoding: 'utf8' });
  const chord = chordOf(driver);
  const click = (testid) => clickTestid(driver, testid);
  const settle = tableSettler(driver, check);

  await step('Free table of a player\'s own game: dealt by the defaults, a card moved by key and one by drag, a counter, undo and redo', async () => {
    if (!JSON.parse(run(['games', '--json'])).some((g) => g.id === GAME)) {
      // On its own (DECKHAND_E2E_ONLY=play): the game and its cards added by the CLI.
      run(['game', 'add', join(root, 'tests', 'fixtures', 'games', `${GAME}.toml`)]);
      run(['import', join(root, 'tests', 'fixtures', 'games', `${GAME}.csv`)]);
      await restart();
      await driver.waitForElement('.card-row', 20000);
    }
    // 16 cards in the main deck and a Castle: the definition has no [play], so a hand of 7,
    // one draw a turn, a play area and a discard pile.
    const file = join(work, 'knights-table.txt');
    const names = ['Squire of Ash', 'Lance Sergeant', 'Ember Paladin', 'Tide Warden', 'Harbor Scout', 'Storm Marshal', 'Rally the Banners', 'Hold the Line'];
    writeFileSync(file, `${names.map((n) => `2 ${n}`).join('\n')}\nCastle\n1 Ashen Keep\n`);
    run(['deck', 'import', file, '--game', GAME, '--name', 'Knights Table']);
    await openPlaytestOf(driver, GAME, 'Knights Table');
    await click('playtest-tab-table');
    await click('table-deal');
    const dealt = await settle('the opening hand', (s) => s.counts.hand > 0);
    check(same(dealt.zoneNames.slice(0, 4), ['Deck', 'Hand', 'Play area', 'Discard pile']), `the zones read ${JSON.stringify(dealt.zoneNames)}`);
    check(dealt.counts.hand === 7 && dealt.counts.deck === 9, `a hand of ${dealt.counts.hand} and a deck of ${dealt.counts.deck}, not 7 and 16 − 7`);
    check(dealt.names.hand.every((n) => names.includes(n)), `the hand reads ${JSON.stringify(dealt.names.hand)}`);
    await save('table-knights-dealt');

    // D draws; the first hand card goes to the play area by its zone's number key.
    await driver.execute('document.activeElement?.blur()');
    await driver.keys('d');
    const drawn = await settle('a card drawn', (s) => s.counts.hand === 8 && s.counts.deck === 8);
    const playArea = drawn.ids[drawn.zoneNames.indexOf('Play area')];
    const discard = drawn.ids[drawn.zoneNames.indexOf('Discard pile')];
    const first = (await driver.findAll('[data-testid="table-zone"][data-zone="hand"] [data-testid="table-card"]'))[0];
    await driver.execute('arguments[0].focus(); return true;', [{ [ELEMENT]: first }]);
    await driver.keys(String(drawn.ids.indexOf(playArea) + 1));
    const keyed = await settle('the focused card moved to the play area by its key', (s) => s.counts[playArea] === 1 && s.counts.hand === 7);
    check(keyed.names[playArea][0] === drawn.names.hand[0], `the play area holds ${JSON.stringify(keyed.names[playArea])}`);

    // A drag from the hand to the discard pile: the page's drag and drop events, as a mouse
    // drag fires them (WebDriver cannot drive the native drag of WebKitGTK).
    const dragged = (await driver.findAll('[data-testid="table-zone"][data-zone="hand"] [data-testid="table-card"]'))[0];
    await driver.execute(
      `const card = arguments[0];
       const zone = document.querySelector('[data-testid="table-zone"][data-zone="${discard}"]');
       const data = new DataTransfer();
       card.dispatchEvent(new DragEvent('dragstart', { bubbles: true, cancelable: true, dataTransfer: data }));
       zone.dispatchEvent(new DragEvent('dragover', { bubbles: true, cancelable: true, dataTransfer: data }));
       zone.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: data }));
       card.dispatchEvent(new DragEvent('dragend', { bubbles: true, dataTransfer: data }));
       return true;`,
      [{ [ELEMENT]: dragged }],
    );
    const droppedOn = await settle('the dragged card on the discard pile', (s) => s.counts[discard] === 1 && s.counts.hand === 6);
    check(droppedOn.names[discard][0] === keyed.names.hand[0], `the discard pile holds ${JSON.stringify(droppedOn.names[discard])}`);

    // Two counters on the card in play, by its + button and by the + key.
    const inPlay = (await driver.findAll(`[data-testid="table-zone"][data-zone="${playArea}"] [data-testid="table-card"]`))[0];
    await driver.click(inPlay);
    await click('table-counter-plus');
    await driver.execute('arguments[0].focus(); return true;', [{ [ELEMENT]: inPlay }]);
    await driver.keys('+');
    const countered = await settle('two counters on the card in play', (s) => same(s.counters, ['2']));
    await save('table-knights-played');

    // Undo four times (a counter, a counter, the drag, the key move) and redo them all.
    await driver.execute('document.activeElement?.blur()');
    await chord('z');
    await settle('Ctrl+Z takes a counter off', (s) => same(s.counters, ['1']));
    await click('table-undo');
    await click('table-undo');
    await click('table-undo');
    await settle('three more undos: the table as after the draw', (s) => same(s, drawn));
    await driver.execute('document.activeElement?.blur()');
    for (let i = 0; i < 4; i += 1) await chord('z', true);
    await settle('four redos: the counters back', (s) => same(s, countered));
    await save('table-knights-redone');
  });
}
