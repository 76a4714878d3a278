// Playtest for PR Deck-Building, Heroes of the Grid and Showdown: for each, a step-through
// whose board shows the game's own zones and agrees with `deckhand goldfish --step --json`
// for the seed the app shows, and a simulation whose figures agree with `deckhand goldfish
// --json` for the same seed and games. Called once from app.e2e.mjs (a hand played by hand
// is play.steps.mjs).
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openDeckPlaytest as openPlaytestOf, textOf as textOfPage, textsOf } from './helpers.mjs';
import { ELEMENT } from './webdriver.mjs';

/** Games per seat in the app's run and the CLI's. */
const GAMES = 5000;

const pct = (n, of) => `${((100 * n) / of).toFixed(1)}%`;

export async function goldfishSteps({ driver, step, check, save, cli, db, root, work }) {
  const json = (args) => JSON.parse(execFileSync(cli, ['--db', db, ...args, '--json'], { encoding: 'utf8', maxBuffer: 64 << 20 }));
  const texts = (selector) => textsOf(driver, selector);
  const textOf = (selector) => textOfPage(driver, selector);
  const zoneNames = (turn, id) => (turn.zones.find((z) => z.id === id)?.cards ?? []).map((c) => c.name);
  const figure = (turn, zoneId, name, owner = 'you') =>
    turn.zones.find((z) => z.id === zoneId && z.owner === owner)?.cards?.find((c) => c.name === name)?.stats?.value;

  /** Opens the deck named `name` of `gameId` in the editor's Playtest view. */
  async function openPlaytest(gameId, name) {
    await openPlaytestOf(driver, gameId, name);
    await driver.waitForElement('[data-testid="goldfish-new-game"]');
    // Every game has draw odds, dealt as its definition's [play] table says.
    check((await driver.findAll('[data-testid="playtest-tab-odds"]')).length === 1, `${gameId} offers no Odds tab`);
  }

  /** Deals a game; returns the seed shown and the CLI's log of the same game. */
  async function dealAndCompare(deck, extra) {
    await driver.click(await driver.waitForElement('[data-testid="playtest-tab-step"]'));
    await driver.click(await driver.waitForElement('[data-testid="goldfish-new-game"]'));
    await driver.waitForElement('[data-testid="goldfish-turn"]');
    const seed = Number(/seed (\d+)/.exec(await textOf('[data-testid="goldfish-step-seed"]'))[1]);
    check(seed < 1e6, `the seed shown, ${seed}, has more than six digits`);
    const log = json(['goldfish', '--deck', deck, '--step', '--seed', String(seed), ...extra]);
    return { seed, log };
  }

  /** Steps to the end; checks the result line against the CLI's result. */
  async function playToEnd(log, gameId) {
    for (let turn = 0; turn < 80 && (await driver.findAll('[data-testid="goldfish-result"]')).length === 0; turn += 1) {
      await driver.click(await driver.waitForElement('[data-testid="goldfish-next-turn"]'));
    }
    const result = await textOf('[data-testid="goldfish-result"]');
    const shownTurn = Number(/turn (\d+)/.exec(result)?.[1]);
    check(shownTurn === log.result.turn, `the app ended on turn ${shownTurn} ("${result}"), the CLI on ${log.result.turn}`);
    // The ending says what happened and why, in the game's words: the CLI's own sentence.
    const expected = { win: /^Won/, loss: /^Lost/, draw: /^A draw/, deck_out: /^Lost/ }[log.result.outcome];
    check(expected.test(result) && result === log.ending, `the app says "${result}", the CLI ${log.result.outcome} ("${log.ending}")`);
    return log.turns.at(-1);
  }

  /** Runs GAMES games per seat in the app; returns the report the CLI makes with its seed. */
  async function simulateAndCompare(deck, extra) {
    await driver.click(await driver.waitForElement('[data-testid="playtest-tab-simulate"]'));
    const games = await driver.waitForElement('[data-testid="goldfish-games"]');
    await driver.clear(games);
    await driver.type(games, String(GAMES));
    await driver.click(await driver.waitForElement('[data-testid="goldfish-simulate"]'));
    await driver.waitForElement('[data-testid="goldfish-figures"]', 60000);
    const summary = await textOf('[data-testid="goldfish-summary"]');
    const seed = Number(/seed (\d+)/.exec(summary)[1]);
    const report = json(['goldfish', '--deck', deck, '--games', String(GAMES), '--seed', String(seed), ...extra]);
    const rows = await driver.execute(
      'return Object.fromEntries([...document.querySelectorAll("[data-testid=goldfish-figures] tbody tr")].map((r) => [r.querySelector("th").textContent.trim(), [...r.querySelectorAll("td")].map((d) => d.textContent.trim())]))',
    );
    // The app draws whatever the report describes: one column per seat (one where the seat
    // does not matter), the objective first, then every single figure as the CLI has it.
    const seats = report.seats_alike ? [report.going_first] : [report.going_first, report.going_second];
    const columns = await driver.execute('return document.querySelectorAll("[data-testid=goldfish-figures] thead th").length');
    check(columns === seats.length + 1, `${columns - 1} seat columns for a report with seats_alike ${report.seats_alike}`);
    check((await driver.findAll('[data-testid="goldfish-seats-alike"]')).length === (report.seats_alike ? 1 : 0), 'the "seat does not matter" note');
    const shown = (f, s) => {
      const v = s[f.key];
      if (f.kind === 'count') return pct(v ?? 0, s.games);
      if (f.kind === 'chance') return typeof v === 'number' ? `${(100 * v).toFixed(1)}%` : '—';
      return typeof v === 'number' ? (Number.isInteger(v) ? String(v) : v.toFixed(2)) : '—';
    };
    // The report leads with the CLI's headline: the figure that answers "how does it do", and why.
    const headlines = await texts('[data-testid="goldfish-headline"] .figure');
    const reasons = await texts('[data-testid="goldfish-headline"] .why');
    check(
      headlines.length === seats.length && seats.every((s, i) => headlines[i] === `${s.headline.value} ${s.headline.label}` && reasons[i] === s.headline.detail),
      `the headline reads ${JSON.stringify(headlines)} ${JSON.stringify(reasons)}, the CLI's ${JSON.stringify(seats.map((s) => s.headline))}`,
    );
    const { objective } = report;
    const objectiveFigure = report.figures.find((f) => f.key === objective.key);
    const expectedObjective = seats.map((s) => (objective.turn !== undefined ? s[objective.key][String(objective.turn)].toFixed(2) : shown(objectiveFigure, s)));
    const shownObjective = await texts('[data-testid="goldfish-objective"] td');
    check(
      shownObjective.length === seats.length && shownObjective.every((cell, i) => cell.startsWith(expectedObjective[i])),
      `the objective ${objective.label} reads ${JSON.stringify(shownObjective)}, the CLI's ${JSON.stringify(expectedObjective)} (seed ${seed})`,
    );
    const singles = report.figures.filter((f) => ['count', 'scalar', 'chance'].includes(f.kind) && (objective.turn !== undefined || f.key !== objective.key));
    check(singles.length > 0, `${report.game} describes no single figure`);
    for (const f of singles) {
      const expected = seats.map((s) => shown(f, s));
      const row = rows[f.label];
      check(row?.length === seats.length && row.every((cell, i) => cell.startsWith(expected[i])), `${f.label}: the app's ${JSON.stringify(row)}, the CLI's ${JSON.stringify(expected)} (seed ${seed})`);
    }
    for (const f of report.figures.filter((f) => f.kind === 'distribution')) {
      check((await driver.findAll(`[data-testid="chart-${f.key}-first"]`)).length === 1, `no chart of ${f.label}`);
    }
    return { report, rows, summary };
  }

  await step('Playtest PR Deck-Building: The Grid and the character\'s slots, the same game and figures as the CLI', async () => {
    // A sample main deck with a Character, so that the slots fill.
    const file = join(work, 'dbg-with-character.txt');
    const sample = readFileSync(join(root, 'data/decks/pr-dbg/block-party.txt'), 'utf8');
    writeFileSync(file, `${sample.trim()}\n1 Nadia Okonkwo\n`);
    execFileSync(cli, ['--db', db, 'deck', 'import', file, '--game', 'pr-dbg', '--name', 'E2E Grid'], { encoding: 'utf8' });
    await openPlaytest('pr-dbg', 'E2E Grid');
    const extra = ['--policy', 'buy-first'];
    const { log } = await dealAndCompare('E2E Grid', extra);
    await driver.waitForElement('[data-testid="goldfish-board"][data-game="pr-dbg"]');
    const grid = await texts('[data-testid="grid-card"] .name');
    check(grid.length === 6, `The Grid shows ${grid.length} cards`);
    check(JSON.stringify(grid) === JSON.stringify(zoneNames(log.turns[0], 'grid')), `The Grid ${JSON.stringify(grid)}, the CLI's ${JSON.stringify(zoneNames(log.turns[0], 'grid'))}`);
    const slots = await texts('[data-testid="character-slot"] .slot-label');
    check(JSON.stringify(slots) === '["red","red","gray","blue"]', `Nadia's slots read ${JSON.stringify(slots)}`);
    check((await textOf('[data-testid="dbg-goldfish-hp"] .value')) === '30/30', 'the goldfish does not start at 30 HP');
    await save('goldfish-dbg-setup');
    for (let i = 0; i < 3; i += 1) await driver.click(await driver.waitForElement('[data-testid="goldfish-next-turn"]'));
    await save('goldfish-dbg-turn-3');
    const last = await playToEnd(log, 'pr-dbg');
    const hp = figure(last, 'tracker', 'HP', 'opponent');
    check((await textOf('[data-testid="dbg-goldfish-hp"] .value')) === `${hp}/30`, `the goldfish's HP is not the CLI's ${hp}`);
    const filled = (await driver.findAll('[data-testid="character-slot"].filled')).length;
    const cliFilled = last.zones.find((z) => z.id === 'character').cards[0].stats.slots_filled;
    check(filled === cliFilled, `${filled} slots filled on the board, ${cliFilled} in the CLI's log`);
    await save('goldfish-dbg-end');

    const { report } = await simulateAndCompare('E2E Grid', extra);
    const shards = await driver.execute('return document.querySelector("[data-testid=goldfish-by-turn] tbody tr td:nth-child(2)")?.textContent');
    check(shards === report.going_first.shards_by_turn['1'].toFixed(2), `turn 1 Shards ${shards}, the CLI's ${report.going_first.shards_by_turn['1']}`);
    await save('goldfish-dbg-simulated');
  });

  await step('Playtest Heroes of the Grid: the enemy picker, the combat sequence and the Rangers\' hand, as the CLI plays them', async () => {
    await openPlaytest('pr-hotg', 'Tide And Horn Duo');
    await driver.waitForElement('[data-testid="goldfish-enemy"]');
    // The picker starts from a foot-soldier deck; add a Monster or Boss found by search.
    const decks = json(['cards', '--game', 'pr-hotg']).filter((c) => ['Monster', 'Boss'].includes(c.type));
    const big = decks[0].subtypes[0];
    await driver.type(await driver.waitForElement('[data-testid="goldfish-enemy-search"]'), big.slice(0, 5));
    const add = await driver.waitFor(`the + ${big} button`, async () => {
      for (const b of await driver.findAll('[data-testid="goldfish-enemy-picker"] button.small')) if ((await driver.text(b)).includes(big)) return b;
      return null;
    });
    await driver.click(add);
    const picks = await driver.execute(
      'return [...document.querySelectorAll("[data-testid=goldfish-enemy]")].map((e) => [e.firstChild.textContent.trim(), e.querySelector("input")?.value ?? null])',
    );
    check(picks.length === 2 && picks[1][0] === big, `the line-up reads ${JSON.stringify(picks)}`);
    const extra = picks.flatMap(([name, figures]) => ['--enemies', figures === null ? name : `${name}:${figures}`]);
    await save('goldfish-hotg-picker');
    const { log } = await dealAndCompare('Tide And Horn Duo', extra);
    await driver.waitForElement('[data-testid="goldfish-board"][data-game="pr-hotg"]');
    const enemies = await texts('[data-testid="enemy-card"] .name');
    const cliEnemies = [...zoneNames(log.turns[0], 'top_row'), ...zoneNames(log.turns[0], 'bottom_row')];
    check(JSON.stringify(enemies) === JSON.stringify(cliEnemies), `the combat sequence ${JSON.stringify(enemies)}, the CLI's ${JSON.stringify(cliEnemies)}`);
    check((await driver.findAll('[data-testid="zone-opponent-top_row"] [data-testid="enemy-card"]')).length === 4, 'the Monster / Boss row does not hold 4 cards');
    const rangers = await texts('[data-testid="ranger-hand"] .ranger-name');
    // One group per Ranger holding cards (a hand of 7 from a 10 + 10 deck almost always
    // holds both), each named after its Ranger.
    check(rangers.length >= 1 && rangers.every((r) => ['Cobalt Orca Ranger', 'Amber Rhino Ranger'].includes(r)), `the Rangers' hands are headed ${JSON.stringify(rangers)}`);
    const hand = (await driver.findAll('[data-testid="ranger-hand"] [data-testid="board-card"]')).length;
    check(hand === zoneNames(log.turns[0], 'hand').length, `${hand} cards in the Rangers' hands, the CLI's ${zoneNames(log.turns[0], 'hand').length}`);
    await save('goldfish-hotg-setup');
    await driver.click(await driver.waitForElement('[data-testid="goldfish-next-turn"]'));
    await driver.click(await driver.waitForElement('[data-testid="goldfish-next-turn"]'));
    await save('goldfish-hotg-turn-2');
    const last = await playToEnd(log, 'pr-hotg');
    const hits = figure(last, 'energy', 'Hits dealt');
    check((await textOf('[data-testid="hotg-hits"] .value')) === String(hits), `hits dealt on the board differ from the CLI's ${hits}`);
    await save('goldfish-hotg-end');

    const { report, rows } = await simulateAndCompare('Tide And Horn Duo', extra);
    const all = `${(100 * report.going_first.all_defeated_chance).toFixed(1)}%`;
    const shownAll = await textOf('[data-testid="goldfish-objective"] td');
    check(shownAll === all, `every enemy card defeated: ${shownAll}, the CLI's ${all}`);
    check(rows['Hits dealt per battle'][0] === report.going_first.hits_per_battle.toFixed(2), `hits per battle ${rows['Hits dealt per battle'][0]}, the CLI's ${report.going_first.hits_per_battle}`);
    await save('goldfish-hotg-simulated');
  });

  await step('Playtest Showdown: the Table and its Power, as the CLI plays it', async () => {
    await openPlaytest('sms', 'Doom Lab Gambit');
    const { log } = await dealAndCompare('Doom Lab Gambit', []);
    await driver.waitForElement('[data-testid="goldfish-board"][data-game="sms"]');
    const table = await texts('[data-testid="table-card"] .name');
    const cliTable = zoneNames(log.turns[0], 'table');
    check(table.length > 0 && JSON.stringify([...table].sort()) === JSON.stringify([...cliTable].sort()), `the Table ${JSON.stringify(table)}, the CLI's ${JSON.stringify(cliTable)}`);
    await save('goldfish-sms-setup');
    for (let i = 0; i < 4; i += 1) await driver.click(await driver.waitForElement('[data-testid="goldfish-next-turn"]'));
    const turn4 = log.turns[4];
    check((await textOf('[data-testid="sms-power"] .value')) === String(figure(turn4, 'tracker', 'Power on the Table')), 'the Power after turn 4 differs from the CLI\'s');
    await save('goldfish-sms-turn-4');
    const last = await playToEnd(log, 'sms');
    const power = figure(last, 'tracker', 'Power on the Table');
    check((await textOf('[data-testid="sms-power"] .value')) === String(power), `the final Power differs from the CLI's ${power}`);
    const mains = (await driver.findAll('[data-testid="table-card"]')).length;
    check(mains === zoneNames(last, 'table').length, `${mains} cards on the Table, the CLI's ${zoneNames(last, 'table').length}`);
    await save('goldfish-sms-end');

    const { report } = await simulateAndCompare('Doom Lab Gambit', []);
    const lastRow = await driver.execute(
      'return [...document.querySelectorAll("[data-testid=goldfish-by-turn]")[0].querySelectorAll("tbody tr")].at(-1).textContent',
    );
    const power15 = report.going_first.power_by_turn['15'].toFixed(2);
    check(lastRow.startsWith('15') && lastRow.includes(power15), `turn 15 reads "${lastRow}", the CLI's Power ${power15}`);
    await save('goldfish-sms-simulated');

    // Issue 32: the coverage lists how often each card fired a game, and marks the played
    // cards that never fired, as the CLI's report counts them (Doctor Dismal, at seed 42).
    // The Simulate tab's badge: the hidden tabs keep their own (a step-through's) mounted.
    const badge = await driver.waitFor('the Simulate tab\'s coverage badge', async () => {
      for (const b of await driver.findAll('[data-testid="coverage-badge"]')) {
        if (await driver.execute('return arguments[0].getClientRects().length > 0', [{ [ELEMENT]: b }])) return b;
      }
      return null;
    });
    await driver.click(badge);
    const listed = await driver.execute(
      'return [...arguments[0].closest("details").querySelectorAll("[data-testid=coverage-card]")].map((li) => ({ name: li.dataset.name, never: li.dataset.neverFired === "true", fired: li.querySelector("[data-testid=coverage-fired]")?.textContent.trim() ?? "" }))',
      [{ [ELEMENT]: badge }],
    );
    const timesAGame = (n) => `fired ${n >= 10 ? n.toFixed(0) : n >= 0.1 ? n.toFixed(1) : n.toFixed(2)}× a game`;
    for (const card of report.coverage.cards) {
      const li = listed.find((l) => l.name === card.name);
      check(li !== undefined, `the coverage does not list ${card.name}`);
      if (!li) continue;
      check(li.never === card.never_fired, `${card.name}: never fired ${li.never}, the CLI's ${card.never_fired}`);
      const expected = card.never_fired || card.fired_per_game === 0 ? '' : timesAGame(card.fired_per_game);
      check(li.fired === expected, `${card.name} reads "${li.fired}", the CLI's "${expected}"`);
    }
    check(listed.some((l) => l.never), 'no card of Doom Lab Gambit is marked never fired');
    await save('goldfish-sms-coverage-fired');
  });

  await step('Impact and Tune…: bars with intervals as the CLI measures them, a small tuning applied to the draft and undone', async () => {
    const deck = 'Republic Vanguard';
    await openPlaytestOf(driver, 'zoids-scramble', deck);
    // Each line's count by card name, as the Build view shows the draft.
    const counts = () =>
      driver.execute(
        'return Object.fromEntries([...document.querySelectorAll("[data-testid=deck-line]")].map((l) => [l.querySelector(".name").textContent.trim(), Number(l.querySelector("[data-testid=line-count]").textContent)]))',
      );
    await driver.click(await driver.waitForElement('[data-testid="view-build"]'));
    const before = await counts();
    await driver.click(await driver.waitForElement('[data-testid="view-playtest"]'));
    await driver.click(await driver.waitForElement('[data-testid="playtest-tab-impact"]'));
    const games = await driver.waitForElement('[data-testid="impact-games"]');
    await driver.clear(games);
    await driver.type(games, '2000');
    await driver.click(await driver.waitForElement('[data-testid="impact-run"]'));
    await driver.waitForElement('[data-testid="impact-table"]', 120000);
    const seed = Number(/seed (\d+)/.exec(await textOf('[data-testid="impact-how"]'))[1]);
    const report = json(['goldfish', '--deck', deck, '--impact', '--games', '2000', '--seed', String(seed)]);
    const names = await texts('[data-testid="impact-row"] th');
    const bars = (await driver.findAll('[data-testid="impact-bar"]')).length;
    check(names.length === report.cards.length && bars === report.cards.length, `${names.length} rows and ${bars} bars for ${report.cards.length} cards`);
    // Most helpful first, as the CLI orders them (lower is better: removing it costs most).
    const first = report.cards[0];
    check(names[0].startsWith(first.card), `the first row is ${names[0]}, the CLI's ${first.card}`);
    const label = await driver.execute('return document.querySelector("[data-testid=impact-bar]").getAttribute("aria-label")');
    check(label.startsWith(first.remove_one.difference.toFixed(3)), `the first bar reads ${label}, the CLI's ${first.remove_one.difference}`);
    // In plain words: the column says what cutting a copy changes, each row by how much.
    const said = await driver.execute('return document.querySelector("[data-testid=impact-change]").getAttribute("title")');
    const change = await textOf('[data-testid="impact-change"]');
    check(said === first.cut_one && /^Cutting (one|the) copy makes /.test(said) && said.endsWith(change.replace(' ★', '')), `the first row says "${change}" ("${said}"), the CLI "${first.cut_one}"`);
    await save('impact-bars');
    await driver.click(await driver.waitForElement('[data-testid="impact-sort"]'));
    const reversed = await texts('[data-testid="impact-row"] th');
    check(reversed.at(-1) === names[0], `sorted the other way, the last row is ${reversed.at(-1)}`);
    await save('impact-sorted');

    await driver.click(await driver.waitForElement('[data-testid="tune-open"]'));
    await driver.waitForElement('[data-testid="tune-dialog"]');
    await driver.type(await driver.waitForElement('[data-testid="tune-pool"]'), 't:pilot');
    for (const [id, value] of [['tune-games', '1000'], ['tune-rounds', '1']]) {
      const input = await driver.waitForElement(`[data-testid="${id}"]`);
      await driver.clear(input);
      await driver.type(input, value);
    }
    await driver.click(await driver.waitForElement('[data-testid="tune-run"]'));
    await driver.waitForElement('[data-testid="tune-end"]', 300000);
    const steps = await texts('[data-testid="tune-step"]');
    check(steps.length === 1, `a one-round tuning shows ${steps.length} swaps`);
    await save('tune-done');
    const [, out, incoming] = /Cut 1 (.+?), add 1 (.+?): makes /.exec(steps[0]);
    await driver.click(await driver.waitForElement('[data-testid="tune-apply"]'));
    await driver.waitFor('the dialog to close', async () => (await driver.findAll('[data-testid="tune-dialog"]')).length === 0 || null);
    await driver.click(await driver.waitForElement('[data-testid="view-build"]'));
    const after = await counts();
    check(
      (after[out] ?? 0) === before[out] - 1 && after[incoming] === (before[incoming] ?? 0) + 1,
      `after Apply: ${out} ${before[out]} → ${after[out]}, ${incoming} ${before[incoming]} → ${after[incoming]}`,
    );
    await save('tune-applied');
    await driver.click(await driver.waitForElement('[data-testid="undo"]'));
    const undone = await counts();
    check(JSON.stringify(undone) === JSON.stringify(before), `Undo left ${JSON.stringify(undone)}, not ${JSON.stringify(before)}`);
    await save('tune-undone');
  });
}
