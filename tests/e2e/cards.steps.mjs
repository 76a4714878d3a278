// End-to-end steps for a player's own cards (issue 17): create a card with the form (an
// out-of-range stat is named as it is typed), edit it, import a spreadsheet through the
// mapping step and the preview, undo the import, and find the mapping remembered; then a
// card whose effects are read off its text as it is typed and used (issue 35). The
// native open dialog is bypassed by DECKHAND_E2E_OPEN_FILE (the `e2e-hooks` build only).
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ELEMENT } from './webdriver.mjs';

const GAME = 'zoids-scramble';

/**
 * `openFile` is the path the app's open dialogs pick; `cli(...args)` runs the CLI against
 * the app's database and parses its JSON.
 */
export async function cardSteps({ driver, step, check, save: saveNow, cli, openFile }) {
  // WebKitWebDriver's screenshot can lag the page by a frame: let it paint first.
  const save = async (name) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await saveNow(name);
  };
  const textOf = (css) => driver.execute(`return document.querySelector(${JSON.stringify(css)})?.textContent ?? ""`);
  const gone = (css) => driver.waitFor(`${css} to close`, async () => (await driver.findAll(css)).length === 0, 20000);
  // The game's cards as the CLI lists them (no error output for a card that is not there).
  const cliCard = (name) => cli('cards', '--game', GAME, '--json').find((c) => c.name === name) ?? null;
  /** Picks the option of a <select> whose text is `label` (WebDriver cannot open a native select list). */
  const choose = (css, label) =>
    driver.execute(
      `const s = document.querySelector(${JSON.stringify(css)});
       const o = [...s.options].find((o) => o.textContent.trim() === ${JSON.stringify(label)});
       if (!o) return false;
       s.value = o.value;
       s.dispatchEvent(new Event('change', { bubbles: true }));
       return true;`,
    );
  const field = async (testid, text) => {
    const input = await driver.waitForElement(`[data-testid="${testid}"]`);
    await driver.clear(input);
    if (text) await driver.type(input, text);
  };

  // The sidebar's count of the game's cards and the list header's are one number, and the
  // CLI's: the sidebar once kept the count it read at start-up after cards came and went.
  const countsAgree = async (when) => {
    const cliCount = cli('cards', '--game', GAME, '--json').length;
    const probe = () =>
      driver.execute(`return {
        side: document.querySelector('[data-testid="game-${GAME}"] .count')?.textContent ?? '',
        header: document.querySelector('[data-testid="card-count"]')?.textContent.trim() ?? '',
      }`);
    const same = (seen) => Number(seen.side.replace(/\D/g, '')) === cliCount && /^[\d,. ]+ cards$/.test(seen.header) && Number(seen.header.replace(/\D/g, '')) === cliCount;
    try {
      await driver.waitFor(`${when}: the counts to agree`, async () => same(await probe()), 5000);
    } catch {
      throw new Error(`${when}: the CLI counts ${cliCount} cards, the app shows ${JSON.stringify(await probe())}`);
    }
  };

  await step('Cards: the New card form names an out-of-range stat as it is typed, then adds the card', async () => {
    if ((await driver.findAll('[data-testid="deck-back"]')).length) await driver.click(await driver.waitForElement('[data-testid="deck-back"]'));
    await driver.click(await driver.waitForElement(`[data-testid="game-${GAME}"]`));
    await driver.click(await driver.waitForElement('[data-testid="nav-cards"]'));
    // New card is disabled until the game's card form has loaded.
    await driver.waitFor('New card enabled', async () =>
      driver.execute('return !document.querySelector(\'[data-testid="new-card"]\')?.disabled'),
    );
    await driver.click(await driver.waitForElement('[data-testid="new-card"]'));
    await driver.waitForElement('[data-testid="card-form"]');
    check(await choose('[data-testid="cf-type"]', 'Zoid'), 'the type picker has no Zoid');
    await field('cf-name', 'Gale Falcon');
    await field('cf-stat-power', '99');
    const error = await driver.waitFor('the power error', async () => {
      const text = await textOf('[data-testid="field-error"][data-field="stats.power"]');
      return text.includes('out of range') ? text : null;
    });
    check(error.includes('99 is out of range'), `the power error reads "${error}"`);
    await save('card-form-error');
    await field('cf-stat-power', '7');
    await driver.waitFor('the form ready to save', async () => (await textOf('[data-testid="card-form-status"]')).includes('Ready to save'));
    await driver.click(await driver.waitForElement('[data-testid="card-form-save"]'));
    await gone('[data-testid="card-form"]');
    const card = cliCard('Gale Falcon');
    check(card && card.stats.power === 7 && card.type === 'Zoid', `the CLI reads ${JSON.stringify(card)}`);
    await driver.waitFor('the new card in the detail pane', async () => (await textOf('[data-testid="card-detail"] h2')) === 'Gale Falcon');
    await countsAgree('a card added');
    await save('card-added');
  });

  await step('Cards: Edit changes the card the CLI reads', async () => {
    await driver.click(await driver.waitForElement('[data-testid="edit-card"]'));
    await driver.waitForElement('[data-testid="card-form"]');
    await field('cf-text', 'Swift as the wind.');
    await driver.waitFor('the form ready to save', async () => (await textOf('[data-testid="card-form-status"]')).includes('Ready to save'));
    await save('card-form-edit');
    await driver.click(await driver.waitForElement('[data-testid="card-form-save"]'));
    await gone('[data-testid="card-form"]');
    const card = cliCard('Gale Falcon');
    check(card?.text === 'Swift as the wind.' && card.stats.power === 7, `the CLI reads ${JSON.stringify(card)}`);
  });

  // `Cost` is not a Zoids Scramble field or stat: the mapping step asks; `Artist` is ignored.
  writeFileSync(openFile, 'Name,Type,Power,Cost,Artist\nAsh Wolf,Zoid,3,2,Ann\nBlue Hawk,Zoid,4,1,Bo\n');

  await step('Cards: Import cards… asks what the unmatched columns hold before reading rows', async () => {
    // The webview's local storage outlives the test's fresh database: forget the mapping
    // an earlier run remembered, or this run would not be asked.
    await driver.execute(
      'Object.keys(localStorage).filter((k) => k.startsWith("deckhand.cardImport.")).forEach((k) => localStorage.removeItem(k)); return true;',
    );
    await driver.click(await driver.waitForElement('[data-testid="import-cards"]'));
    await driver.waitForElement('[data-testid="card-import-mapping"]', 15000);
    const columns = await driver.execute('return [...document.querySelectorAll("[data-testid=card-import-map]")].map((s) => s.dataset.column)');
    check(JSON.stringify(columns) === '["Cost","Artist"]', `the mapping step asks about ${JSON.stringify(columns)}`);
    check(await choose('[data-testid="card-import-map"][data-column="Cost"]', 'Attack energy'), 'no Attack energy choice');
    check(await choose('[data-testid="card-import-map"][data-column="Artist"]', 'Ignore this column'), 'no Ignore choice');
    await save('card-import-mapping');
    await driver.click(await driver.waitForElement('[data-testid="card-import-continue"]'));
  });

  await step('Cards: the preview lists the cards it would add and writes nothing; Import adds them', async () => {
    await driver.waitForElement('[data-testid="card-import-added"]', 15000);
    const summary = await textOf('[data-testid="card-import-summary"]');
    check(summary.includes('2 cards added') && summary.includes('0 updated'), `the summary reads "${summary}"`);
    check(cliCard('Ash Wolf') === null, 'the preview wrote a card');
    await save('card-import-preview');
    await driver.click(await driver.waitForElement('[data-testid="card-import-confirm"]'));
    await gone('[data-testid="card-import"]');
    const wolf = cliCard('Ash Wolf');
    check(wolf?.stats.attack_energy === 2 && wolf.stats.power === 3, `the CLI reads ${JSON.stringify(wolf)}`);
    const undo = await driver.waitFor('the Undo button', async () => {
      const text = await textOf('[data-testid="undo-cards"]');
      return text.includes('import') ? text : null;
    });
    check(undo.includes('Undo import open.csv'), `the Undo button reads "${undo}"`);
    await countsAgree('two cards imported');
    await save('card-import-done');
  });

  await step('Cards: Undo reverts the whole import and keeps the card made in the form', async () => {
    await driver.click(await driver.waitForElement('[data-testid="undo-cards"]'));
    await driver.waitFor('the undo notice', async () => (await textOf('[data-testid="cards-notice"]')).includes('Undid import open.csv'));
    check(cliCard('Ash Wolf') === null && cliCard('Blue Hawk') === null, 'the imported cards are still there');
    check(cliCard('Gale Falcon')?.text === 'Swift as the wind.', 'the form-made card went too');
    await countsAgree('the import undone');
    await save('card-import-undone');
  });

  await step('Cards: importing a file with the same header again skips the remembered mapping', async () => {
    await driver.click(await driver.waitForElement('[data-testid="import-cards"]'));
    await driver.waitForElement('[data-testid="card-import-added"]', 15000);
    check((await driver.findAll('[data-testid="card-import-mapping"]')).length === 0, 'the mapping step was asked again');
    await driver.click(await driver.waitForElement('[data-testid="card-import"] button.secondary'));
    await gone('[data-testid="card-import"]');
  });

  // Issue 35: the card editor reads effects off the rules text as it is typed, and the
  // player uses the reading as the card's effects (and its goldfish note) with one click.
  await step('Cards: the editor reads effects off the text as it is typed; Use these effects states them on the saved card', async () => {
    const reading = () => textOf('[data-testid="cf-reading"]');
    const state = () => textOf('[data-testid="cf-reading-state"]');
    await driver.click(await driver.waitForElement('[data-testid="game-pr-dbg"]'));
    await driver.click(await driver.waitForElement('[data-testid="nav-cards"]'));
    await driver.waitFor('the Power Rangers Deck-Building Game heading', async () => (await textOf('h1')) === 'Power Rangers Deck-Building Game');
    await driver.waitFor('New card enabled', async () =>
      driver.execute('return !document.querySelector(\'[data-testid="new-card"]\')?.disabled'),
    );
    await driver.click(await driver.waitForElement('[data-testid="new-card"]'));
    await driver.waitForElement('[data-testid="card-form"]');
    check(await choose('[data-testid="cf-type"]', 'Hero'), 'the type picker has no Hero');
    await field('cf-name', 'Signal Relay');
    // Without the card's Ability cost, its Ability cannot be read.
    await field('cf-text', 'Ability: Draw 2 cards.');
    await driver.waitFor('the reading "Not read"', async () => (await state()) === 'Not read');
    check((await reading()).includes('Not read:'), `the reading lists no unread sentence: "${await reading()}"`);
    // The stat given, the same text reads (a stat's change reads the text again).
    await field('cf-stat-ability_cost', '3');
    await driver.waitFor('the reading "Read"', async () => (await state()) === 'Read');
    await field('cf-text', 'Ability: Draw 2 cards. Battle: Heal 1. Swap your hand with your deck.');
    await driver.waitFor('the reading "Partly read"', async () => (await state()) === 'Partly read');
    const effects = await driver.execute('return [...document.querySelectorAll("[data-testid=cf-reading-effects] code")].map((c) => c.textContent)');
    check(
      JSON.stringify(effects) === JSON.stringify(['activate (spend 3 energy): draw 2', 'when battling: heal 1']),
      `the reading shows ${JSON.stringify(effects)}`,
    );
    const unread = await textOf('[data-testid="cf-reading-unread"]');
    check(unread.includes('Swap your hand with your deck'), `the unread sentence reads "${unread}"`);
    // Effects written by hand are never overwritten without the click; the panel says they differ.
    await field('cf-effects', 'when played: draw 1');
    await driver.waitFor('the panel naming the difference', async () => (await textOf('[data-testid="cf-reading-use-note"]')).includes('differ'));
    // The screenshots show the rules text, the reading and the effects field below it.
    await driver.execute('const body = document.getElementById("card-form"); body.scrollTop = document.querySelector("label[for=cf-text]").offsetTop - 8; return true;');
    await save('card-editor-reading-differs');
    const kept = await driver.execute('return document.querySelector("[data-testid=cf-effects]").value');
    check(kept === 'when played: draw 1', `the hand-written effects became "${kept}" before the click`);
    await driver.click(await driver.waitForElement('[data-testid="cf-reading-use"]'));
    const written = await driver.execute('return document.querySelector("[data-testid=cf-effects]").value');
    check(written === 'activate (spend 3 energy): draw 2 | when battling: heal 1', `the effects field holds "${written}"`);
    const note = await driver.execute('return [document.querySelector("[data-testid=cf-goldfish]").value, document.querySelector("[data-testid=cf-goldfish-reason]")?.value]');
    check(note[0] === 'partial' && note[1].includes('Swap your hand with your deck'), `the goldfish note is ${JSON.stringify(note)}`);
    await driver.waitFor('the form ready to save', async () => (await textOf('[data-testid="card-form-status"]')).includes('Ready to save'));
    check((await textOf('[data-testid="cf-reading-use-note"]')).includes('The card states these effects'), 'the panel does not say the reading is in use');
    // The screenshot shows the rules text, the reading and the effects it filled in.
    await save('card-editor-reading');
    await driver.click(await driver.waitForElement('[data-testid="card-form-save"]'));
    await gone('[data-testid="card-form"]');
    const listed = cli('cards', '--game', 'pr-dbg', '--json').find((c) => c.name === 'Signal Relay');
    check(listed, 'the CLI does not list Signal Relay');
    const saved = cli('card', listed.id, '--json');
    check(
      saved.effects_text === 'activate (spend 3 energy): draw 2 | when battling: heal 1',
      `the CLI reads the effects "${saved.effects_text}"`,
    );
    check(saved.goldfish?.state === 'partial' && saved.goldfish.reason.includes('Swap your hand'), `the CLI reads the note ${JSON.stringify(saved.goldfish)}`);
    // The card's detail shows what was saved.
    await driver.waitFor('the saved card\'s effects in its detail', async () =>
      (await textOf('[data-testid="card-detail"] [data-testid="card-effects"]')).includes('when battling: heal 1'),
    );
    check((await textOf('[data-testid="card-coverage"]')).includes('Partly simulated'), 'the detail does not say Partly simulated');
  });
}

/**
 * Issue 34: card rows a damaged or hand-edited database cannot read are left out and named.
 * While the app is down (`restart`), the CLI imports two cards into the app's database and
 * sqlite3 breaks their `stats` cells; the reopened app names both in a banner above the
 * Cards view, and Delete row removes each (the confirmation answered by
 * DECKHAND_E2E_CONFIRM) until the banner goes.
 */
export async function unreadableRowSteps({ driver, step, check, save: saveNow, cli, db, work, restart }) {
  const save = async (name) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await saveNow(name);
  };
  const textOf = (css) => driver.execute(`return document.querySelector(${JSON.stringify(css)})?.textContent ?? ""`);
  const broken = ['E2E-CRACKED-1', 'E2E-CRACKED-2'];
  const listed = () => driver.execute('return [...document.querySelectorAll("[data-testid=unreadable-row]")].map((r) => r.dataset.cardId)');

  await step('Cards: card rows the database cannot read are named in a banner, with why', async () => {
    await restart(() => {
      const sheet = join(work, 'cracked.csv');
      writeFileSync(sheet, `id,name,type,power\n${broken[0]},Cracked Liger,Zoid,3\n${broken[1]},Split Raptor,Zoid,2\n`);
      execFileSync(cli, ['--db', db, 'import', sheet, '--game', GAME], { stdio: 'ignore' });
      // A truncated cell and one of the wrong shape, as a bad disk or a hand edit leaves them.
      execFileSync('sqlite3', [
        db,
        `UPDATE cards SET stats = '{"power": ' WHERE id = '${broken[0]}'; UPDATE cards SET stats = '[3]' WHERE id = '${broken[1]}';`,
      ]);
    });
    await driver.click(await driver.waitForElement(`[data-testid="game-${GAME}"]`, 20000));
    await driver.click(await driver.waitForElement('[data-testid="nav-cards"]'));
    const banner = await driver.waitForElement('[data-testid="unreadable-rows"]', 20000);
    const said = await driver.text(banner);
    check(said.includes('2 card rows in this database cannot be read and are left out'), `the banner reads "${said}"`);
    await driver.click(await driver.waitForElement('[data-testid="unreadable-rows"] summary'));
    check(JSON.stringify(await listed()) === JSON.stringify(broken), `the banner lists ${JSON.stringify(await listed())}`);
    const reasons = await textOf('[data-testid="unreadable-rows"] ul');
    check(/EOF|expected/i.test(reasons), `the banner gives no reason: "${reasons}"`);
    // Left out: the list holds neither row.
    const ids = await driver.execute('return [...document.querySelectorAll(".card-row")].map((r) => r.dataset.cardId)');
    check(ids.length > 0 && !ids.some((id) => broken.includes(id)), `the list shows ${JSON.stringify(ids)}`);
    await save('unreadable-rows');
  });

  await step('Cards: Delete row removes an unreadable row, and the banner goes with the last', async () => {
    const deleteRow = async (id) => {
      const button = await driver.waitForElement(`[data-testid="unreadable-row"][data-card-id="${id}"] [data-testid="delete-unreadable-row"]`);
      const label = await driver.execute('return arguments[0].getAttribute("aria-label")', [{ [ELEMENT]: button }]);
      check(label === `Delete row ${id}`, `the button is labelled "${label}"`);
      await driver.click(button);
    };
    await deleteRow(broken[0]);
    await driver.waitFor('the banner naming one row', async () =>
      (await textOf('[data-testid="unreadable-rows"]')).includes('1 card row in this database cannot be read and is left out'),
    );
    check((await textOf('[data-testid="cards-notice"]')).includes(`Deleted the card row ${broken[0]}`), 'no notice of the deletion');
    await deleteRow(broken[1]);
    await driver.waitFor('the banner to go', async () => (await driver.findAll('[data-testid="unreadable-rows"]')).length === 0);
    const left = execFileSync(cli, ['--db', db, 'cards', '--game', GAME, '--json'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    check(!broken.some((id) => left.includes(id)), 'the CLI still lists a deleted row');
    await save('unreadable-rows-deleted');
  });
}
