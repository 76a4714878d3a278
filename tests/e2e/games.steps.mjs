// A player's own game (issue 18): Games → Add a game… from a TOML fixture, its rules in
// plain words, its cards imported from a spreadsheet (by the CLI on the same database; the
// app restarts to pick them up), a deck that breaks one rule with its diagnostic, the
// format picker turning the verdict legal, the Playtest tab explaining there is no pilot,
// and Remove refused while cards remain. Called once from app.e2e.mjs, last.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ELEMENT } from './webdriver.mjs';

const GAME = 'pocket-knights';

export async function gamesSteps({ driver, step, check, save, cli, db, root, openFile, restart }) {
  const fixtures = join(root, 'tests', 'fixtures', 'games');
  const json = (args) => JSON.parse(execFileSync(cli, ['--db', db, ...args, '--json'], { encoding: 'utf8' }));
  const textOf = async (selector) => (await driver.execute(`return document.querySelector(${JSON.stringify(selector)})?.textContent ?? ''`)).trim();
  const badge = async () => {
    const el = (await driver.findAll('[data-testid="legal-badge"]'))[0];
    return el ? driver.execute('return arguments[0].textContent.trim()', [{ [ELEMENT]: el }]) : '';
  };

  await step('Games: a game added from a TOML file shows its rules and formats in plain words', async () => {
    if ((await driver.findAll('[data-testid="deck-back"]')).length) await driver.click(await driver.waitForElement('[data-testid="deck-back"]'));
    // The open dialog's test hook picks this file (the same path the collection steps use).
    writeFileSync(openFile, readFileSync(join(fixtures, `${GAME}.toml`)));
    await driver.click(await driver.waitForElement('[data-testid="nav-games"]'));
    await driver.waitForElement('[data-testid="games-page"]');
    await driver.click(await driver.waitForElement('[data-testid="add-game"]'));
    await driver.waitForElement(`[data-testid="game-${GAME}"]`);
    await driver.waitFor('the added message', async () => (await textOf('[data-testid="games-message"]')).startsWith('Added Pocket Knights'));
    await driver.waitForElement('[data-testid="rules-default"] tr[data-rule="copies"]');
    const rows = await driver.execute('return [...document.querySelectorAll("[data-testid=rules-default] tbody tr")].map((r) => r.textContent)');
    check(rows.length === 3, `rules rows: ${JSON.stringify(rows)}`);
    check(rows.some((r) => r.includes('copies') && r.includes('at most 2 of each') && r.includes('error')), `rules rows: ${JSON.stringify(rows)}`);
    const court = await textOf('[data-testid="rules-format-royal-court"]');
    check(court.includes('Royal Court') && court.includes('replaces copies') && court.includes('at most 3 of each'), `the format reads "${court}"`);
    const listed = json(['games']).map((g) => g.id);
    check(listed.includes(GAME), `the CLI lists ${JSON.stringify(listed)}`);
    await save('games-added');
  });

  await step('Games: its cards, imported from a spreadsheet on the same database, show after a restart', async () => {
    const imported = json(['import', join(fixtures, `${GAME}.csv`)]);
    check(imported.added === 10, `the import added ${imported.added}`);
    await restart();
    await driver.waitForElement('.card-row', 20000);
    await driver.click(await driver.waitForElement(`[data-testid="game-${GAME}"]`));
    await driver.waitFor('10 cards', async () => (await textOf('[data-testid="card-count"]')) === '10 cards');
    await save('games-cards');
  });

  await step('Games: a deck with three copies breaks the copies rule; Royal Court makes it legal', async () => {
    await driver.click(await driver.waitForElement('[data-testid="nav-decks"]'));
    await driver.click(await driver.waitForElement('[data-testid="new-deck"]'));
    const input = await driver.waitForElement('[data-testid="deck-search-input"]');
    // Enter adds the best match: wait until the results are this query's, then for each copy.
    let total = 0;
    const add = async (name, copies) => {
      await driver.clear(input);
      await driver.type(input, `!"${name}"`);
      await driver.waitFor(`${name} first in the results`, async () => (await textOf('#deck-card-list .card-row')).includes(name));
      for (let n = 0; n < copies; n += 1) {
        total += 1;
        await driver.type(input, '\uE007');
        await driver.waitFor(`${total} cards in the deck`, async () => (await textOf('[data-testid="deck-state"]')).startsWith(`${total} card`));
      }
    };
    await add('Squire of Ash', 3);
    await add('Lance Sergeant', 3);
    await add('Ashen Keep', 1);
    await driver.waitFor('two copies errors', async () => (await badge()) === '2 errors', 15000);
    const finding = await driver.waitForElement('[data-testid="diagnostic"][data-rule="copies"]');
    const message = await driver.text(finding);
    check(/3 cards named .+ — a deck may hold at most 2 cards with the same name/.test(message), `the finding reads "${message}"`);
    await save('games-deck-illegal');

    await driver.execute(`
      const select = document.querySelector('[data-testid=deck-format]');
      select.value = 'royal-court';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    `);
    await driver.waitFor('legal in Royal Court', async () => (await badge()) === 'Legal', 15000);
    await save('games-deck-royal-court');

    await driver.click(await driver.waitForElement('[data-testid="save-deck"]'));
    await driver.waitFor('the deck saved', async () => (await textOf('[data-testid="deck-state"]')).includes('saved, version 1'));
    const decks = json(['deck', 'list', '--game', GAME]);
    check(decks.length === 1, `the CLI lists ${JSON.stringify(decks)}`);
    const checked = spawnSync(cli, ['--db', db, 'deck', 'check', '--deck', String(decks[0].id), '--json'], { encoding: 'utf8' });
    const report = JSON.parse(checked.stdout);
    check(checked.status === 0 && report.format === 'royal-court', `the CLI says ${checked.status}: ${checked.stdout}`);

    await driver.click(await driver.waitForElement('[data-testid="view-playtest"]'));
    const unavailable = await textOf('[data-testid="playtest-unavailable"]');
    check(unavailable.includes('cannot play Pocket Knights by itself'), `the Playtest tab reads "${unavailable}"`);
    await save('games-playtest');
  });

  await step('Games: Remove is refused while the game has cards, naming how many', async () => {
    await driver.click(await driver.waitForElement('[data-testid="view-build"]'));
    await driver.click(await driver.waitForElement('[data-testid="deck-back"]'));
    await driver.click(await driver.waitForElement('[data-testid="nav-games"]'));
    await driver.click(await driver.waitForElement(`[data-testid="remove-game-${GAME}"]`));
    await driver.waitFor('the refusal', async () => (await textOf('[data-testid="games-message"]')).startsWith(`cannot remove '${GAME}'`));
    const refusal = await textOf('[data-testid="games-message"]');
    check(refusal.includes('10 cards') && refusal.includes('1 deck'), `the refusal reads "${refusal}"`);
    check(json(['games']).some((g) => g.id === GAME), 'the game is gone although it has cards');
    await save('games-remove-refused');
  });
}
