// Card faces (issue 36): a card without a picture shows the text proxy the PDF prints —
// in the card grid and detail, on the playtest boards (with whose cards are whose, and the
// hand on screen), on the free table and in the print preview. Called from app.e2e.mjs,
// alone with DECKHAND_E2E_ONLY=faces.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { ELEMENT } from './webdriver.mjs';
import { openDeck as openDeckOf, textsOf } from './helpers.mjs';

export async function facesSteps({ driver, step, check, save, cli, db, work }) {
  const json = (args) => JSON.parse(execFileSync(cli, ['--db', db, ...args, '--json'], { encoding: 'utf8', maxBuffer: 64 << 20 }));
  const texts = (selector) => textsOf(driver, selector);
  const openDeck = (gameId, name) => openDeckOf(driver, gameId, name);

  /** Deals a step-through game of the open deck and waits for its board's faces. */
  async function dealBoard(gameId) {
    await driver.click(await driver.waitForElement('[data-testid="view-playtest"]'));
    await driver.click(await driver.waitForElement('[data-testid="playtest-tab-step"]'));
    await driver.click(await driver.waitForElement('[data-testid="goldfish-new-game"]'));
    await driver.waitForElement(`[data-testid="goldfish-board"]${gameId ? `[data-game="${gameId}"]` : ''}`);
    await driver.waitFor('faces on the board', async () => (await driver.findAll('[data-testid="goldfish-board"] [data-testid="board-face"]')).length > 0, 15000);
  }

  /**
   * What the hand hides of the board, as the board's scrolling part is scrolled now: each
   * area, card and slot of it with a visible point where the page shows something else
   * (the hand, when it covers it). Empty when nothing is hidden.
   */
  const hiddenUnderHand = () =>
    driver.execute(`
      const scroll = document.querySelector('[data-testid=board-scroll]');
      const hand = document.querySelector('[data-testid=board-foot]');
      if (!scroll || !hand) return ['no board-scroll or no hand at its foot'];
      const view = scroll.getBoundingClientRect();
      const hidden = [];
      for (const el of scroll.querySelectorAll('[data-testid=goldfish-board] section, [data-testid=character-slot], .tile')) {
        const r = el.getBoundingClientRect();
        for (const [x, y] of [[r.left + 4, r.bottom - 3], [r.right - 4, r.bottom - 3], [(r.left + r.right) / 2, (r.top + r.bottom) / 2]]) {
          if (y < view.top || y > view.bottom || x < view.left || x > view.right) continue;
          const top = document.elementFromPoint(x, y);
          if (top && !el.contains(top) && hand.contains(top)) {
            hidden.push((el.dataset.testid ?? el.className) + ' at ' + Math.round(x) + ',' + Math.round(y));
            break;
          }
        }
      }
      return hidden;
    `);

  /** Whether the hand's box (the pane's foot, which scrolls a long hand within itself) is
   * wholly inside the board's pane (on screen). */
  const handOnScreen = () =>
    driver.execute(`
      const hand = document.querySelector('[data-testid=board-foot]') ?? document.querySelector('[data-testid=zone-you-hand]');
      const pane = hand?.closest('.board-pane');
      if (!hand || !pane) return 'no hand or no pane';
      const h = hand.getBoundingClientRect(), p = pane.getBoundingClientRect();
      return h.top >= p.top - 1 && h.bottom <= Math.min(p.bottom, window.innerHeight) + 1 ? true : JSON.stringify({ hand: [h.top, h.bottom], pane: [p.top, p.bottom], window: window.innerHeight });
    `);

  await step('Faces: the card grid shows each pictureless card as the proxy it prints as, and the detail shows it whole', async () => {
    await driver.click(await driver.waitForElement('[data-testid="nav-cards"]'));
    await driver.click(await driver.waitForElement('[data-testid="game-zoids-scramble"]'));
    await driver.click(await driver.waitForElement('[data-testid="view-grid"]'));
    // Every loaded cell without a picture shows its face once the page's faces arrive.
    const counts = await driver.waitFor('a face in every pictureless cell', async () => {
      const c = await driver.execute(`
        const cells = [...document.querySelectorAll('[data-testid=grid-cell]')].filter((c) => !c.hidden);
        return { cells: cells.length, faces: cells.filter((c) => c.querySelector('[data-testid=card-face]')).length, blanks: cells.filter((c) => c.querySelector('.blank')).length };
      `);
      return c.cells > 0 && c.blanks === 0 ? c : null;
    }, 15000);
    check(counts.faces === counts.cells, `${counts.faces} faces in ${counts.cells} cells`);
    // The face is the game's design at the game's card size (zoids-scramble: 63 × 88 mm).
    const viewBox = await driver.execute('return document.querySelector("[data-testid=grid-cell] [data-testid=card-face]").getAttribute("viewBox")');
    check(viewBox === '0 0 63 88', `the face's viewBox is ${viewBox}`);
    // At the grid's size each face is the card's small design: its type line and the start
    // of its rules text drawn at least 5.5 px high, not a name over a blank body.
    const grid = await driver.execute(`
      const faces = [...document.querySelectorAll('[data-testid=grid-cell] [data-testid=card-face]')];
      return {
        designs: [...new Set(faces.map((f) => f.dataset.design))],
        lines: faces.map((f) => f.querySelectorAll('text').length),
        smallest: Math.min(...faces.flatMap((f) => [...f.querySelectorAll('text')].map((t) => parseFloat(getComputedStyle(t).fontSize) * f.getBoundingClientRect().width / 63))),
      };`);
    check(JSON.stringify(grid.designs) === '["small"]', `the grid draws the designs ${JSON.stringify(grid.designs)}`);
    check(grid.lines.filter((n) => n >= 4).length >= grid.lines.length / 2, `lines drawn per face: ${JSON.stringify(grid.lines)}`);
    check(grid.smallest >= 5.4, `the grid's smallest text is ${grid.smallest.toFixed(1)} px high`);
    await save('faces-grid');

    const cell = (await driver.findAll('[data-testid="grid-cell"]'))[1];
    const id = await driver.execute('return arguments[0].dataset.cardId', [{ [ELEMENT]: cell }]);
    await driver.click(cell);
    const face = await driver.waitForElement('[data-testid="card-detail-face"] [data-testid="card-face"]');
    check(face !== null, 'the detail shows no face');
    const lines = await texts('[data-testid="card-detail-face"] text');
    const card = json(['card', id]);
    // Whole at 240 px: the name, the type line and the rules text are all drawn.
    check(lines.some((l) => card.name.startsWith(l.replace(/…$/, ''))), `the face's lines ${JSON.stringify(lines)} lack the name ${card.name}`);
    check(lines.some((l) => l.startsWith(card.type)), `the face's lines ${JSON.stringify(lines)} lack the type ${card.type}`);
    check(lines.length >= 4, `only ${lines.length} lines drawn at 240 px`);
    const design = await driver.execute('return document.querySelector("[data-testid=card-detail-face] [data-testid=card-face]").dataset.design');
    check(design === 'print', `the detail draws the ${design} design, not the PDF's`);
    await save('faces-detail');
  });

  await step('Faces: the Zoids board says whose side is whose and shows the cards\' faces, the whole face on hover', async () => {
    await openDeck('zoids-scramble', 'Republic Vanguard');
    await dealBoard('');
    const sides = await texts('[data-testid="board-side"] > h4');
    check(JSON.stringify(sides) === '["Opponent","You"]', `the board's sides read ${JSON.stringify(sides)}`);
    // Both sides' Base Energy, each under its side.
    const bases = await driver.execute('return [...document.querySelectorAll("[data-testid=board-side]")].map((s) => [s.getAttribute("aria-label"), [...s.querySelectorAll("[data-testid^=zone-]")].map((z) => z.dataset.testid)])');
    check(bases.every(([side, zones]) => zones.every((z) => z.startsWith(side === 'You' ? 'zone-you-' : 'zone-opponent-'))), `zones under the wrong side: ${JSON.stringify(bases)}`);
    await save('faces-board-zoids');
    await driver.execute('document.querySelector("[data-testid=goldfish-board] [data-testid=board-card]").dispatchEvent(new MouseEvent("mouseenter"))');
    await driver.waitForElement('[data-testid="board-face-popup"] [data-testid="card-face"]');
    const name = await driver.execute('return document.querySelector("[data-testid=goldfish-board] [data-testid=board-card] .name").textContent.trim()');
    const label = await driver.execute('return document.querySelector("[data-testid=board-face-popup] [data-testid=card-face]").getAttribute("aria-label")');
    check(label === name, `the popup shows ${label}, the pointer is on ${name}`);
    await save('faces-board-zoids-hover');
    await driver.execute('document.querySelector("[data-testid=goldfish-board] [data-testid=board-card]").dispatchEvent(new MouseEvent("mouseleave"))');
  });

  for (const [gameId, deck] of [
    ['pr-dbg', 'Block Party'],
    ['pr-hotg', 'Tide And Horn Duo'],
    ['sms', 'Dojo Dawn Patrol'],
  ]) {
    await step(`Faces: the ${gameId} board shows faces, labels your areas, and keeps your hand on screen at 1280×800`, async () => {
      await openDeck(gameId, deck);
      await dealBoard(gameId);
      const titles = await texts(`[data-testid="goldfish-board"] h4`);
      check(titles.some((t) => t.startsWith('Your hand')), `no "Your hand" among ${JSON.stringify(titles)}`);
      const onScreen = await handOnScreen();
      check(onScreen === true, `the hand is off screen: ${onScreen}`);
      // The hand keeps its own height below the scrolling board: scrolled to the top or to
      // the end, it covers no area, card or slot (PR Deck-Building's Character row).
      for (const end of ['top', 'end']) {
        await driver.execute(`const s = document.querySelector('[data-testid=board-scroll]'); s.scrollTop = ${end === 'top' ? 0 : 's.scrollHeight'};`);
        check((await handOnScreen()) === true, `the hand is off screen with the board scrolled to the ${end}`);
        const hidden = await hiddenUnderHand();
        check(hidden.length === 0, `scrolled to the ${end}, the hand hides ${JSON.stringify(hidden)}`);
        const boxes = await driver.execute(`
          const s = document.querySelector('[data-testid=board-scroll]').getBoundingClientRect();
          const h = document.querySelector('[data-testid=board-foot]').getBoundingClientRect();
          return { scrollBottom: s.bottom, handTop: h.top };`);
        check(boxes.handTop >= boxes.scrollBottom - 0.5, `the hand (top ${boxes.handTop}) overlaps the board's scrolling part (bottom ${boxes.scrollBottom})`);
        if (end === 'top') await save(`faces-board-${gameId}`);
      }
      if (gameId === 'pr-dbg') {
        // Scrolled to the end, the Character's slots show whole.
        const slots = await driver.execute(`
          const view = document.querySelector('[data-testid=board-scroll]').getBoundingClientRect();
          return [...document.querySelectorAll('[data-testid=character-slot]')].map((el) => {
            const r = el.getBoundingClientRect();
            return r.top >= view.top - 0.5 && r.bottom <= view.bottom + 0.5;
          });`);
        check(slots.length > 0 && slots.every(Boolean), `the Character's slots show whole: ${JSON.stringify(slots)}`);
        await save('faces-board-pr-dbg-scrolled');

        // A card named in the step log opens its face on hover, as the board's cards do.
        const name = await driver.waitFor('a card name in the log', async () =>
          driver.execute('const n = document.querySelector("[data-testid=goldfish-log] .card-name"); return n ? n.textContent.trim() : null'),
        15000);
        await driver.execute('document.querySelector("[data-testid=goldfish-log] .card-name").dispatchEvent(new MouseEvent("mouseenter"))');
        const face = await driver.waitForElement('[data-testid="log-card-preview"] [data-testid="card-face"]');
        check(face !== null, 'the log shows no face on hover');
        const label = await driver.execute('return document.querySelector("[data-testid=log-card-preview] [data-testid=card-face]").getAttribute("aria-label")');
        check(label === name, `the log's hover shows ${label}, the pointer is on ${name}`);
        const drawn = await texts('[data-testid="log-card-preview"] text');
        check(drawn.length >= 3, `the face on hover draws ${JSON.stringify(drawn)}`);
        await save('faces-log-hover');
        await driver.execute('document.querySelector("[data-testid=goldfish-log] .card-name").dispatchEvent(new MouseEvent("mouseleave"))');
      }
    });
  }

  await step('Faces: the free table deals the cards as their faces', async () => {
    await openDeck('zoids-scramble', 'Republic Vanguard');
    await driver.click(await driver.waitForElement('[data-testid="view-playtest"]'));
    await driver.click(await driver.waitForElement('[data-testid="playtest-tab-table"]'));
    await driver.click(await driver.waitForElement('[data-testid="table-deal"]'));
    await driver.waitFor('faces on the table', async () => (await driver.findAll('[data-testid="free-table"] [data-testid="card-face"]')).length > 0, 15000);
    await save('faces-free-table');
  });

  await step('Faces: the print preview draws each proxy as the PDF prints it', async () => {
    await openDeck('zoids-scramble', 'Republic Vanguard');
    await driver.execute('localStorage.removeItem("deckhand.print.zoids-scramble")');
    await driver.click(await driver.waitForElement('[data-testid="print-deck"]'));
    await driver.waitForElement('[data-testid="print-dialog"]');
    const expected = json(['print', '--deck', 'Republic Vanguard', '--out', join(work, 'faces.pdf')]).cards;
    const faces = await driver.waitFor('a face on every card of the preview', async () => {
      const n = await driver.execute('return document.querySelectorAll("[data-testid=print-card] [data-testid=card-face]").length');
      return n === expected ? n : null;
    }, 15000);
    check(faces === expected, `${faces} faces for ${expected} cards`);
    await save('faces-print-preview');
    await driver.execute('document.querySelector("[data-testid=print-dialog]").close()');
  });
}
