// End-to-end steps for the collection: import a CSV through the app (preview first), see
// the counts in the Collection view and in the deck editor (owned / needed, missing N),
// print the missing copies, undo the import, manage and export the wishlist, back up from
// Settings and restore that backup. Native dialogs are bypassed by the app's test hooks:
// DECKHAND_E2E_OPEN_FILE, DECKHAND_E2E_SAVE_DIR and DECKHAND_E2E_CONFIRM
// (src-tauri/src/commands/test_hooks.rs, in the `e2e-hooks` build only).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const GAME = 'zoids-scramble';
const DECK = 'Republic Vanguard';

/**
 * `openFile` is the path the app's open dialogs pick, `saveDir` where its save dialogs
 * write; `cli(...args)` runs the CLI against the app's database and parses its JSON.
 */
export async function collectionSteps({ driver, step, check, save: saveNow, cli, openFile, saveDir }) {
  // WebKitWebDriver's screenshot can lag the page by a frame: let it paint first.
  const save = async (name, options) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await saveNow(name, options);
  };
  const ownedInApp = () =>
    driver.execute(
      'return Object.fromEntries([...document.querySelectorAll("[data-testid=collection-row]")].map((r) => [r.dataset.cardId, Number(r.dataset.owned)]))',
    );
  const cliOwned = () => {
    const owned = {};
    for (const row of cli('collection', 'list', '--game', GAME, '--json')) owned[row.card] = (owned[row.card] ?? 0) + row.count;
    return owned;
  };
  const textOf = (css) => driver.execute(`return document.querySelector(${JSON.stringify(css)})?.textContent ?? ""`);
  const openDeck = async () => {
    await driver.click(await driver.waitForElement('[data-testid="nav-decks"]'));
    const row = await driver.waitFor(`the deck ${DECK}`, async () => {
      for (const r of await driver.findAll('[data-testid="deck-row"]')) if ((await driver.text(r)).includes(DECK)) return r;
      return null;
    });
    await driver.click(row);
    await driver.waitForElement('[data-testid="deck-line"]');
  };
  const cliWanted = () => Object.fromEntries(cli('collection', 'wishlist', '--game', GAME, '--json').map((w) => [w.card, w.count]));
  const wantedInApp = () =>
    driver.execute(
      'return Object.fromEntries([...document.querySelectorAll("[data-testid=wish-row]")].map((r) => [r.dataset.cardId, Number(r.dataset.count)]))',
    );
  const openCollection = async () => {
    await driver.click(await driver.waitForElement('[data-testid="nav-collection"]'));
    await driver.waitForElement('[data-testid="collection-row"]', 15000);
  };

  // Of the sample deck: one of four Cinderpaw Cubs, all four Dawnmane Ligers, two of four
  // Ridgeback Wolves, one of three Greyfang Skirmishers; and a misspelt name on line 6.
  writeFileSync(openFile, 'count,name\n1,Cinderpaw Cub\n4,Dawnmane Liger\n2,Ridgeback Wolf\n1,Greyfang Skirmisher\n3,Sheild Ligr\n');
  const expected = { 'Cinderpaw Cub': 1, 'Dawnmane Liger': 4, 'Ridgeback Wolf': 2, 'Greyfang Skirmisher': 1 };

  await step('Collection: Import… previews each card and the unknown name with its line, writing nothing', async () => {
    await driver.click(await driver.waitForElement(`[data-testid="game-${GAME}"]`));
    if ((await driver.findAll('[data-testid="deck-back"]')).length) await driver.click(await driver.waitForElement('[data-testid="deck-back"]'));
    await openCollection();
    const before = await ownedInApp();
    check(Object.values(before).every((n) => n === 0), 'a fresh collection shows owned cards');
    await driver.click(await driver.waitForElement('[data-testid="collection-import"]'));
    await driver.waitForElement('[data-testid="import-change"]', 15000);
    const names = await driver.execute('return [...document.querySelectorAll("[data-testid=import-change] td.name")].map((td) => td.firstChild.textContent)');
    check(JSON.stringify(names) === JSON.stringify(Object.keys(expected)), `the preview lists ${JSON.stringify(names)}`);
    const unknown = await textOf('[data-testid="import-unknown"]');
    check(unknown.includes('line 6') && unknown.includes('Sheild Ligr'), `the unknown lines read "${unknown}"`);
    const summary = await textOf('[data-testid="import-summary"]');
    check(summary.includes('4 lines') && summary.includes('8 copies'), `the summary reads "${summary}"`);
    check(cli('collection', 'list', '--json').length === 0, 'the preview wrote to the collection');
    await save('collection-import-preview');
  });

  await step('Collection: Import writes the known lines; the view shows the counts the CLI lists', async () => {
    await driver.click(await driver.waitForElement('[data-testid="import-confirm"]'));
    await driver.waitFor('the preview closed', async () => (await driver.findAll('[data-testid="import-preview"]')).length === 0, 20000);
    const owned = cliOwned();
    check(Object.keys(owned).length === 4, `the CLI lists ${JSON.stringify(owned)}`);
    // The table is windowed: show the owned cards only, so all of them are rendered.
    await driver.click(await driver.waitForElement('[data-testid="collection-show-owned"]'));
    let shown = {};
    await driver
      .waitFor('the imported counts', async () => {
        shown = await ownedInApp();
        return Object.keys(shown).length === 4 && Object.entries(owned).every(([id, n]) => shown[id] === n);
      })
      .catch(() => check(false, `the view shows ${JSON.stringify(shown)}, the CLI lists ${JSON.stringify(owned)}`));
    const summary = await textOf('[data-testid="collection-summary"]');
    check(summary.startsWith('8 copies · 4 of'), `the summary reads "${summary}"`);
    const undo = await textOf('[data-testid="collection-undo"]');
    check(undo.includes('import'), `Undo reads "${undo}"`);
    const sets = await driver.execute('return [...document.querySelectorAll("[data-testid=set-completion] .set-n")].map((n) => n.textContent)');
    check(sets.some((s) => /^[1-9]\d*\/\d+$/.test(s)), `no set shows owned cards: ${JSON.stringify(sets)}`);
    await save('collection-imported');

  });

  await step('Deck editor: each line shows owned / needed, the deck "missing N cards", Print missing… only those', async () => {
    const need = cli('deck', 'need', '--deck', DECK, '--json');
    await openDeck();
    const missing = await driver.waitFor('the missing count', async () => {
      const text = await textOf('[data-testid="deck-missing"]');
      return text.startsWith('Missing') ? text : null;
    });
    check(missing === `Missing ${need.missing} cards`, `the editor says "${missing}", deck need ${need.missing}`);
    // `deck need --json` names each line's card by id.
    const badges = await driver.waitFor('an owned / needed badge on every line', async () => {
      const found = await driver.execute(
        'return Object.fromEntries([...document.querySelectorAll("[data-testid=deck-line]")].map((l) => [l.dataset.cardId, l.querySelector("[data-testid=line-owned]")?.textContent ?? "none"]))',
      );
      return Object.values(found).every((b) => b !== 'none') ? found : null;
    });
    check(Object.keys(badges).length === need.lines.length, `the editor's lines ${JSON.stringify(badges)}`);
    for (const line of need.lines) {
      check(badges[line.card] === `${line.owned}/${line.needed}`, `${line.card} shows ${badges[line.card]}, deck need ${line.owned}/${line.needed}`);
    }
    await save('deck-owned-needed');

    await driver.execute(`localStorage.removeItem("deckhand.print.${GAME}")`);
    await driver.click(await driver.waitForElement('[data-testid="print-missing"]'));
    await driver.waitFor(`${need.missing} missing copies in the print preview`, async () =>
      (await driver.findAll('[data-testid="print-card"]')).length === need.missing,
    );
    const printed = await driver.execute('return [...document.querySelectorAll("[data-testid=print-card]")].map((c) => c.dataset.name)');
    check(printed.filter((n) => n === 'Cinderpaw Cub').length === 3, `Cinderpaw Cub printed ${JSON.stringify(printed)}`);
    check(!printed.includes('Dawnmane Liger'), 'an owned card is printed');
    await save('deck-print-missing');
    await driver.execute('document.querySelector("[data-testid=print-dialog]").close()');
  });

  await step('Collection: Undo reverts the import in the view, the CLI and the editor', async () => {
    await driver.click(await driver.waitForElement('[data-testid="deck-back"]'));
    await openCollection();
    await driver.click(await driver.waitForElement('[data-testid="collection-show-owned"]'));
    await driver.waitFor('the owned cards', async () => (await driver.findAll('[data-testid="collection-row"]')).length === 4);
    await driver.click(await driver.waitForElement('[data-testid="collection-undo"]'));
    await driver.waitFor('no card owned', async () => (await driver.findAll('[data-testid="collection-row"]')).length === 0);
    await driver.click(await driver.waitForElement('[data-testid="collection-show-all"]'));
    await driver.waitFor('the counts back to 0', async () => {
      const shown = Object.values(await ownedInApp());
      return shown.length > 0 && shown.every((n) => n === 0);
    });
    check(cli('collection', 'list', '--json').length === 0, 'the CLI still lists copies after Undo');
    const status = await textOf('[data-testid="collection-status"]');
    check(status.includes('Undid') && status.includes('import'), `the status reads "${status}"`);
    await save('collection-undone');
    const need = cli('deck', 'need', '--deck', DECK, '--json');
    await openDeck();
    await driver.waitFor(`Missing ${need.missing} cards`, async () => (await textOf('[data-testid="deck-missing"]')) === `Missing ${need.missing} cards`);
    await driver.click(await driver.waitForElement('[data-testid="deck-back"]'));
  });

  await step('Deck editor: Add to wishlist puts the missing cards on the Collection view\'s wishlist', async () => {
    const need = cli('deck', 'need', '--deck', DECK, '--json');
    await openDeck();
    await driver.click(await driver.waitForElement('[data-testid="wish-missing"]'));
    const note = await driver.waitFor('the wishlist note', async () => (await textOf('[data-testid="deck-collection-note"]')) || null);
    check(note === `Added ${need.missing} copies to the wishlist`, `the note reads "${note}"`);
    await driver.click(await driver.waitForElement('[data-testid="deck-back"]'));
    await openCollection();
    await driver.click(await driver.waitForElement('[data-testid="collection-tab-wishlist"]'));
    await driver.waitFor('the wishlist rows', async () => (await driver.findAll('[data-testid="wish-row"]')).length === need.lines.length);
    await save('collection-wishlist');
  });

  await step('Wishlist: Want on a card, a typed count, remove and Undo agree with the CLI; Export writes the list', async () => {
    await driver.click(await driver.waitForElement('[data-testid="collection-tab-cards"]'));
    await driver.click(await driver.waitForElement('[data-testid="collection-show-all"]'));
    await driver.waitForElement('[data-testid="collection-row"]');
    const before = cliWanted();
    // A card the deck does not miss: the first row not on the wishlist yet.
    const card = await driver.execute(
      `return [...document.querySelectorAll("[data-testid=collection-row]")].map((r) => r.dataset.cardId).find((id) => !${JSON.stringify(Object.keys(before))}.includes(id))`,
    );
    check(card, 'every card shown is on the wishlist already');
    const want = async () => driver.click(await driver.waitForElement(`[data-testid="collection-row"][data-card-id="${card}"] [data-testid="collection-want"]`));
    await want();
    await driver.waitFor('the want counted', async () => cliWanted()[card] === 1);
    await driver.waitFor('★ 1 on the card', async () => (await textOf(`[data-testid="collection-row"][data-card-id="${card}"] [data-testid="collection-want"]`)) === '★ 1');
    await want();
    await driver.waitFor('two wanted', async () => cliWanted()[card] === 2);
    await driver.waitFor('★ 2 on the card', async () => (await textOf(`[data-testid="collection-row"][data-card-id="${card}"] [data-testid="collection-want"]`)) === '★ 2');
    await save('collection-want');

    await driver.click(await driver.waitForElement('[data-testid="collection-tab-wishlist"]'));
    await driver.click(await driver.waitForElement(`[data-testid="wish-row"][data-card-id="${card}"] [data-testid="wish-count"]`));
    const input = await driver.waitForElement('[data-testid="wish-count-input"]');
    // Backspaces, not WebDriver's clear: clearing blurs the field, which ends the typing.
    await driver.type(input, '\uE003\uE003\uE0035\uE007');
    await driver.waitFor('5 wanted in the CLI', async () => cliWanted()[card] === 5);
    await driver.waitFor('5 wanted in the view', async () => (await wantedInApp())[card] === 5);
    // − and + in the row change the count in place, each one undoable.
    await driver.click(await driver.waitForElement(`[data-testid="wish-row"][data-card-id="${card}"] [data-testid="wish-inc"]`));
    await driver.waitFor('6 wanted in the CLI', async () => cliWanted()[card] === 6);
    await driver.click(await driver.waitForElement(`[data-testid="wish-row"][data-card-id="${card}"] [data-testid="wish-dec"]`));
    await driver.waitFor('5 wanted again', async () => cliWanted()[card] === 5 && (await wantedInApp())[card] === 5);

    await driver.click(await driver.waitForElement(`[data-testid="wish-row"][data-card-id="${card}"] [data-testid="wish-remove"]`));
    await driver.waitFor('the row gone', async () => !((await wantedInApp())[card] ?? 0));
    check(!(card in cliWanted()), `the CLI still wants ${card} after remove`);
    const undo = await textOf('[data-testid="collection-undo"]');
    check(undo.includes('unwish'), `Undo reads "${undo}"`);
    await driver.click(await driver.waitForElement('[data-testid="collection-undo"]'));
    await driver.waitFor('the row back', async () => (await wantedInApp())[card] === 5);
    check(cliWanted()[card] === 5, `after Undo the CLI wants ${cliWanted()[card]}`);
    const sorted = (wanted) => JSON.stringify(Object.entries(wanted).sort());
    const inApp = await wantedInApp();
    const inCli = cliWanted();
    check(sorted(inApp) === sorted(inCli), `the view wants ${JSON.stringify(inApp)}, the CLI ${JSON.stringify(inCli)}`);

    await driver.execute(`
      const el = document.querySelector('[data-testid=wishlist-export-format]');
      el.value = 'csv';
      el.dispatchEvent(new Event('change', { bubbles: true }));
    `);
    await driver.click(await driver.waitForElement('[data-testid="wishlist-export"]'));
    const file = join(saveDir, 'wishlist.csv');
    await driver.waitFor('the exported wishlist', async () => existsSync(file));
    const csv = readFileSync(file, 'utf8');
    check(csv.startsWith('count,card,name,game'), `the export starts "${csv.slice(0, 40)}"`);
    check(csv.split('\n').some((l) => l.startsWith(`5,${card},`)), `the export lacks 5 ${card}: ${csv}`);
    await driver.waitFor('the status naming the file', async () => (await textOf('[data-testid="collection-status"]')).includes('wishlist.csv'));
    await save('collection-wishlist-managed');
  });

  await step('Settings: Back up now adds a backup to the list', async () => {
    await driver.click(await driver.waitForElement('[data-testid="open-settings"]'));
    await driver.waitForElement('[data-testid="settings-dialog"]');
    const rowsNow = async () => (await driver.findAll('[data-testid="backup-row"]')).length;
    await driver.waitFor('the backup list', async () => (await driver.findAll('[data-testid="backups"], [data-testid="backups-empty"]')).length > 0);
    const before = await rowsNow();
    await driver.click(await driver.waitForElement('[data-testid="backup-now"]'));
    await driver.waitFor('one more backup', async () => (await rowsNow()) === before + 1, 15000);
    const status = await textOf('[data-testid="backup-status"]');
    const newest = await driver.execute('return document.querySelector("[data-testid=backup-row]").dataset.path');
    check(status.includes(newest) && /\.manual\./.test(newest), `the status "${status}" does not name the new backup ${newest}`);
    const kind = await textOf('[data-testid="backup-row"] .kind');
    check(kind === 'Backed up by you', `the newest backup reads "${kind}"`);
    await save('settings-backups');
    await driver.execute('document.querySelector("[data-testid=settings-dialog]").close()');
  });

  await step('Settings: Restore puts back the backup made before a change, in the view and the CLI', async () => {
    await driver.click(await driver.waitForElement('[data-testid="nav-collection"]'));
    await driver.click(await driver.waitForElement('[data-testid="collection-tab-cards"]'));
    await driver.waitForElement('[data-testid="collection-row"]', 15000);
    const card = await driver.execute('return document.querySelector("[data-testid=collection-row]").dataset.cardId');
    const cliCount = () => cliOwned()[card] ?? 0;
    // One click at a time: the row's buttons wait while a change is stored.
    const inc = async () => {
      const want = cliCount() + 1;
      await driver.click(await driver.waitForElement(`[data-testid="collection-row"][data-card-id="${card}"] [data-testid="collection-inc"]`));
      await driver.waitFor(`${want} copies`, async () => cliCount() === want);
      await driver.waitFor('the row ready', async () =>
        driver.execute(`return !document.querySelector('[data-testid="collection-row"][data-card-id="${card}"] [data-testid="collection-inc"]').disabled`),
      );
    };
    const start = cliCount();
    await inc();
    await inc();
    const kept = start + 2;

    await driver.click(await driver.waitForElement('[data-testid="open-settings"]'));
    await driver.waitForElement('[data-testid="settings-dialog"]');
    const rowsNow = async () => (await driver.findAll('[data-testid="backup-row"]')).length;
    await driver.waitFor('the backup list', async () => (await driver.findAll('[data-testid="backups"], [data-testid="backups-empty"]')).length > 0);
    const before = await rowsNow();
    await driver.click(await driver.waitForElement('[data-testid="backup-now"]'));
    await driver.waitFor('one more backup', async () => (await rowsNow()) === before + 1, 15000);
    const backup = await driver.execute('return document.querySelector("[data-testid=backup-row]").dataset.path');
    await driver.execute('document.querySelector("[data-testid=settings-dialog]").close()');

    // The change the restore must undo: three more copies of the card.
    for (let i = 0; i < 3; i += 1) await inc();

    await driver.click(await driver.waitForElement('[data-testid="open-settings"]'));
    await driver.waitForElement('[data-testid="settings-dialog"]');
    await driver.click(await driver.waitForElement(`[data-testid="backup-row"][data-path=${JSON.stringify(backup)}] button`));
    const said = await driver.waitFor('the restore status', async () => {
      const text = await textOf('[data-testid="backup-status"]');
      return text.startsWith('Restored') ? text : null;
    }, 15000);
    check(said.includes('Reloading'), `the status reads "${said}"`);
    // The page reloads 0.9 s after this: photographed, not audited (the same dialog was
    // audited as settings-backups).
    await saveNow('settings-restored', { audit: false });
    check(cliCount() === kept, `after the restore the CLI lists ${cliCount()} copies, the backup held ${kept}`);

    // The page reloads: open the game's collection again and read the count there.
    await driver.waitFor('the page reloaded', async () => (await driver.findAll('[data-testid="settings-dialog"]')).length === 0, 15000);
    await driver.click(await driver.waitForElement(`[data-testid="game-${GAME}"]`, 20000));
    await openCollection();
    await driver.click(await driver.waitForElement('[data-testid="collection-show-owned"]'));
    const shown = await driver.waitFor(`${kept} copies of ${card} in the view`, async () => {
      const owned = await ownedInApp();
      return owned[card] === kept ? owned : null;
    });
    check(JSON.stringify(Object.entries(shown).sort()) === JSON.stringify(Object.entries(cliOwned()).sort()), `the view shows ${JSON.stringify(shown)}, the CLI lists ${JSON.stringify(cliOwned())}`);
    // The restore was the last change: nothing from before the backup is offered to undo
    // (it once offered "Undo add …", the copy added just before the backup was taken).
    const undoAfter = await driver.execute(
      'const b = document.querySelector("[data-testid=collection-undo]"); return b ? { text: b.textContent.trim(), disabled: b.disabled } : null',
    );
    check(!undoAfter || (undoAfter.disabled && undoAfter.text === 'Undo'), `after the restore the Undo button reads ${JSON.stringify(undoAfter)}`);
    await save('collection-after-restore');
  });
}

/**
 * The wishlist edited in place (issue 36): a note typed in a row is saved as one change,
 * survives a reload of the app, and one Undo puts back the note it replaced; the CLI reads
 * the same database throughout. `cli(...args)` runs the CLI and parses its JSON. Run in the
 * whole e2e after `collectionSteps`, and alone with DECKHAND_E2E_ONLY=words.
 */
export async function wishlistNoteSteps({ driver, step, check, save, cli }) {
  const wishes = () => cli('collection', 'wishlist', '--game', GAME, '--json');
  const noteIn = async (card) => driver.execute(`return document.querySelector('[data-testid=wish-row][data-card-id="${card}"]')?.dataset.note ?? null`);
  const openWishlist = async () => {
    await driver.click(await driver.waitForElement('[data-testid="nav-collection"]'));
    await driver.click(await driver.waitForElement(`[data-testid="game-${GAME}"]`));
    await driver.click(await driver.waitForElement('[data-testid="collection-tab-wishlist"]'));
    await driver.waitForElement('[data-testid="wish-row"]', 15000);
  };
  /** Clicks the row's note, types `text` over it (Backspaces: clearing would blur the field) and presses Enter. */
  const typeNote = async (card, text, replacing) => {
    await driver.click(await driver.waitForElement(`[data-testid="wish-row"][data-card-id="${card}"] [data-testid="wish-note"]`));
    const input = await driver.waitForElement('[data-testid="wish-note-input"]');
    await driver.type(input, `${'\uE003'.repeat(replacing.length)}${text}\uE007`);
  };

  await step('Wishlist: a note typed in its row is saved, survives a reload, and Undo puts back the one it replaced', async () => {
    if (wishes().length === 0) cli('collection', 'wish', 'Dawnmane Liger', '--game', GAME, '--count', '2', '--json');
    await openWishlist();
    const card = await driver.execute('return document.querySelector("[data-testid=wish-row]").dataset.cardId');
    const first = 'the foil one';
    await typeNote(card, first, (await noteIn(card)) ?? '');
    await driver.waitFor('the note in the database', async () => wishes().find((w) => w.card === card)?.note === first);
    await driver.waitFor('the note in the row', async () => (await noteIn(card)) === first);
    const shown = await driver.execute(`return document.querySelector('[data-testid=wish-row][data-card-id="${card}"] [data-testid=wish-note]').textContent.trim()`);
    check(shown === first, `the row shows "${shown}"`);

    // A reload reads it back from the database.
    await driver.execute('location.reload()');
    await driver.waitForElement('.card-row', 20000);
    await openWishlist();
    check((await noteIn(card)) === first, `after a reload the row's note is "${await noteIn(card)}"`);

    // Another note, then Undo: the first note is back, in the row and the database.
    await typeNote(card, 'ask at the shop', first);
    await driver.waitFor('the second note', async () => (await noteIn(card)) === 'ask at the shop');
    const undo = await driver.execute('return document.querySelector("[data-testid=collection-undo]").textContent.trim()');
    check(undo.startsWith('Undo note on'), `Undo reads "${undo}"`);
    await driver.click(await driver.waitForElement('[data-testid="collection-undo"]'));
    await driver.waitFor('the first note back', async () => (await noteIn(card)) === first);
    check(wishes().find((w) => w.card === card)?.note === first, 'after Undo the database holds another note');
    await save('wishlist-note');
    // Back on the Cards tab, where the steps after this one expect the collection.
    await driver.click(await driver.waitForElement('[data-testid="collection-tab-cards"]'));
  });
}
