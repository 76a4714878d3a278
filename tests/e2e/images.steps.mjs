// End-to-end steps for card images (issue 17): attach an image to a card through the
// card detail's Attach image… (the open dialog answered by DECKHAND_E2E_OPEN_FILE), see its
// thumbnail in the card grid and in the deck editor's hover preview, and print a deck that
// uses it with no image option. Called once from app.e2e.mjs.
import { copyFileSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ELEMENT } from './webdriver.mjs';

const GAME = 'zoids-scramble';
const DECK = 'Republic Vanguard';
const CARD = 'Dawnmane Liger';

export async function imagesSteps({ driver, step, check, save: saveNow, cli, root, openFile, saveDir }) {
  // WebKitWebDriver's screenshot can lag the page by a frame: let it paint first.
  const save = async (name) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await saveNow(name);
  };
  const card = cli('card', CARD, '--json');
  // Loaded images only: an <img> whose fetch failed has no natural size.
  const loadedImages = (css) =>
    driver.execute(
      `return [...document.querySelectorAll(${JSON.stringify(css)})].filter((i) => i.complete && i.naturalWidth > 0).length`,
    );

  await step('an image attached by file shows in the card detail and as a thumbnail in the grid', async () => {
    // The open dialog picks this file; the app reads it by content, whatever its name.
    copyFileSync(join(root, 'tests/fixtures/images/red.jpg'), openFile);
    await driver.click(await driver.waitForElement('[data-testid="nav-cards"]'));
    await driver.click(await driver.waitForElement(`[data-testid="game-${GAME}"]`));
    await driver.click(await driver.waitForElement('[data-testid="view-list"]'));
    const search = await driver.waitForElement('[data-testid="search-input"]');
    await driver.clear(search);
    await driver.type(search, `!"${CARD}"`);
    // The list re-renders as the query's results arrive: click the row by its id in the
    // page, which never holds a stale reference.
    await driver.waitFor(`the row of ${CARD}`, async () =>
      driver.execute(`const r = document.getElementById(${JSON.stringify(`card-row-${card.id}`)}); if (r) r.click(); return !!r;`),
    );
    await driver.waitFor('its detail', async () =>
      (await driver.execute('return document.querySelector("[data-testid=card-detail] h2")?.textContent ?? ""')).includes(CARD),
    );
    await driver.click(await driver.waitForElement('[data-testid="attach-image"]'));
    await driver.waitForElement('[data-testid="card-image"]');
    await driver.waitFor('the full image to load', async () => (await loadedImages('[data-testid="card-image"]')) === 1);
    const stored = cli('card', CARD, '--json').image;
    check(stored && stored.width === 252 && stored.height === 352, `the CLI sees ${JSON.stringify(stored)}`);
    await save('image-attached');

    await driver.click(await driver.waitForElement('[data-testid="view-grid"]'));
    await driver.waitForElement(`[data-testid="grid-cell"][data-card-id="${card.id}"] [data-testid="grid-thumb"]`);
    await driver.waitFor('the thumbnail to load', async () => (await loadedImages('[data-testid="grid-thumb"]')) >= 1);
    await save('image-grid');
    // Clear the query: the whole game's grid, thumbnails where there are images.
    await driver.clear(search);
    await driver.execute(
      'document.querySelector("[data-testid=search-input]").dispatchEvent(new Event("input", { bubbles: true }))',
    );
    await driver.waitFor('the whole grid', async () => (await driver.findAll('[data-testid="grid-cell"]')).length > 1);
    await save('image-grid-all');
    await driver.click(await driver.waitForElement('[data-testid="view-list"]'));
  });

  await step('the deck editor previews the image on hover, and print uses it with no option', async () => {
    await driver.click(await driver.waitForElement('[data-testid="nav-decks"]'));
    await driver.click(await driver.waitForElement(`[data-testid="game-${GAME}"]`));
    if ((await driver.findAll('[data-testid="deck-back"]')).length) await driver.click(await driver.waitForElement('[data-testid="deck-back"]'));
    const row = await driver.waitFor(`the deck ${DECK}`, async () => {
      for (const r of await driver.findAll('[data-testid="deck-row"]')) if ((await driver.text(r)).includes(DECK)) return r;
      return null;
    });
    await driver.click(row);
    await driver.waitForElement(`[data-testid="deck-line"][data-card-id="${card.id}"]`);
    // WebDriver's pointer moves do not reach WebKitGTK's hover under Xvfb reliably: the
    // name's own mouseenter is dispatched, as a pointer would.
    await driver.execute(
      `document.querySelector('[data-testid="deck-line"][data-card-id="${card.id}"] .name').dispatchEvent(new MouseEvent('mouseenter'))`,
    );
    await driver.waitForElement('[data-testid="deck-hover-preview"]');
    await driver.waitFor('the preview to load', async () => (await loadedImages('[data-testid="deck-hover-preview"]')) === 1);
    await save('image-deck-hover');
    await driver.execute(
      `document.querySelector('[data-testid="deck-line"][data-card-id="${card.id}"] .name').dispatchEvent(new MouseEvent('mouseleave'))`,
    );

    await driver.execute('localStorage.removeItem("deckhand.print.zoids-scramble")');
    await driver.click(await driver.waitForElement('[data-testid="print-deck"]'));
    await driver.waitForElement('[data-testid="print-dialog"]');
    const imaged = await driver.waitFor('image cards in the preview', async () => {
      const n = await driver.execute(
        `return document.querySelectorAll('[data-testid="print-card"][data-name="${CARD}"] .image').length`,
      );
      return n > 0 ? n : null;
    });
    check(imaged === 4, `${imaged} of the 4 ${CARD} print from the image`);
    await save('image-print-preview');
    // The Print step before saved this deck's proxies under the same name.
    const file = join(saveDir, `${DECK} — proxies.pdf`);
    rmSync(file, { force: true });
    await driver.click(await driver.waitForElement('[data-testid="print-save"]'));
    const saved = await driver.waitForElement('[data-testid="print-saved"]', 30000);
    const text = await driver.execute('return arguments[0].textContent', [{ [ELEMENT]: saved }]);
    check(text.includes(file) && existsSync(file), `the dialog says "${text}"`);
    const pdf = readFileSync(file).toString('latin1');
    check(pdf.includes('/DCTDecode'), 'the PDF holds no JPEG image');
    await save('image-print-saved');
    await driver.execute('document.querySelector("[data-testid=print-dialog]").close()');
  });
}
