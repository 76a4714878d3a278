// The card grid's frame times (issue 17): 10,000 cards with thumbnails, imported through the
// CLI (a spreadsheet, then `image import` of a folder), scrolled top to bottom in the app
// while the page records every frame with requestAnimationFrame. The worst frame and the
// 95th percentile are printed and written to target/e2e/grid-frames.json: a figure, not a
// pass/fail check (timings on a shared machine are not tests). Called once from app.e2e.mjs.
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';

const GAME = 'zoids-scramble';
const CARDS = 10000;
/** Frames the scroll from top to bottom takes (about 5 s at 60 Hz). */
const SCROLL_FRAMES = 300;

export async function gridSteps({ driver, step, check, save, cli, db, root, work, shots, restart }) {
  await step(`the card grid scrolls ${CARDS} cards with thumbnails (frame times recorded)`, async () => {
    const rows = ['id,name,type,set,number,power,attack_energy,block_energy'];
    const pictures = join(work, 'grid-images');
    mkdirSync(pictures, { recursive: true });
    for (let i = 0; i < CARDS; i++) {
      const id = `e2e-grid-${i}`;
      rows.push(`${id},Grid Zoid ${i},Zoid,GRID,${i},${(i % 9) + 1},${i % 4},${i % 3}`);
      copyFileSync(join(root, 'tests/fixtures/images/red.jpg'), join(pictures, `${id}.jpg`));
    }
    const sheet = join(work, 'grid.csv');
    writeFileSync(sheet, rows.join('\n') + '\n');
    const run = (...args) => JSON.parse(execFileSync(cli, ['--db', db, ...args, '--json'], { encoding: 'utf8', maxBuffer: 64 << 20 }));
    const imported = run('import', sheet, '--game', GAME);
    check(imported.added === CARDS, `the CLI added ${imported.added} cards`);
    const images = run('image', 'import', pictures, '--game', GAME);
    check(images.matched.length === CARDS, `${images.matched.length} images matched`);
    // A new session reads the database as it now is.
    await restart();

    await driver.click(await driver.waitForElement('[data-testid="nav-cards"]'));
    await driver.click(await driver.waitForElement(`[data-testid="game-${GAME}"]`));
    await driver.click(await driver.waitForElement('[data-testid="view-grid"]'));
    await driver.waitFor('the thumbnails', async () =>
      driver.execute('return [...document.querySelectorAll("[data-testid=grid-thumb]")].some((i) => i.complete && i.naturalWidth > 0)'),
    30000);
    const frames = await driver.executeAsync(`
      const done = arguments[arguments.length - 1];
      const grid = document.querySelector('[data-testid="card-grid"]');
      const end = grid.scrollHeight - grid.clientHeight;
      const frames = [];
      let last = 0;
      const tick = (now) => {
        if (last) frames.push(now - last);
        last = now;
        if (frames.length >= ${SCROLL_FRAMES}) return done({ frames, end, top: grid.scrollTop });
        grid.scrollTop = Math.round((end * (frames.length + 1)) / ${SCROLL_FRAMES});
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    `);
    await save('grid-10000-scrolled');
    // The view is remembered in the webview's storage, which the dark session shares: back
    // to the list it expects.
    await driver.click(await driver.waitForElement('[data-testid="view-list"]'));
    const sorted = [...frames.frames].sort((a, b) => a - b);
    const at = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
    const figures = {
      cards: CARDS,
      frames: sorted.length,
      scrolled_px: frames.end,
      worst_ms: Number(sorted[sorted.length - 1].toFixed(1)),
      p95_ms: Number(at(0.95).toFixed(1)),
      median_ms: Number(at(0.5).toFixed(1)),
      over_50ms: sorted.filter((t) => t > 50).length,
    };
    writeFileSync(join(shots, 'grid-frames.json'), JSON.stringify(figures, null, 2) + '\n');
    console.log(
      `    grid frame times, ${CARDS} cards with thumbnails scrolled ${frames.end} px in ${sorted.length} frames: ` +
        `worst ${figures.worst_ms} ms, p95 ${figures.p95_ms} ms, median ${figures.median_ms} ms, ${figures.over_50ms} over 50 ms`,
    );
  });

  await step('the list fetches windows: End reaches the last card, the count is the whole game', async () => {
    const expected = JSON.parse(
      execFileSync(cli, ['--db', db, 'cards', '--game', GAME, '--json'], { encoding: 'utf8', maxBuffer: 256 << 20 }),
    ).map((c) => c.id);
    const count = await driver.execute('return document.querySelector(\'[data-testid="card-count"]\').textContent.trim()');
    check(count === `${expected.length} cards`, `the count reads "${count}"`);
    await driver.waitForElement('#card-list');
    await driver.execute('document.getElementById("card-list").focus()');
    await driver.keys('\uE010'); // End
    const last = expected[expected.length - 1];
    await driver.waitFor(`the last card ${last} selected`, async () =>
      driver.execute(`return document.querySelector('.card-row.selected')?.dataset.cardId === ${JSON.stringify(last)}`),
    20000);
    await driver.keys('\uE013'); // ArrowUp
    const before = expected[expected.length - 2];
    await driver.waitFor(`the card before it (${before}) selected`, async () =>
      driver.execute(`return document.querySelector('.card-row.selected')?.dataset.cardId === ${JSON.stringify(before)}`),
    );
    const rows = await driver.execute('return document.querySelectorAll(".card-row").length');
    check(rows > 0 && rows < 100, `${rows} rows exist for ${expected.length} cards`);
    await save('list-10000-end');
    await driver.keys('\uE011'); // Home
    await driver.waitFor(`the first card ${expected[0]} selected`, async () =>
      driver.execute(`return document.querySelector('.card-row.selected')?.dataset.cardId === ${JSON.stringify(expected[0])}`),
    20000);
  });
}
