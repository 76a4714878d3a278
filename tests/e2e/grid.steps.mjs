// The card grid's frame times (issue 17): 10,000 cards with thumbnails, imported through the
// CLI (a spreadsheet, then `image import` of a folder), scrolled top to bottom in the app
// while the page records every frame with requestAnimationFrame. The worst frame and the
// 95th percentile are printed and written to target/e2e/grid-frames.json: a figure, not a
// pass/fail check (timings on a shared machine are not tests). Beside them: each frame's
// script time, cells created and pages fetched, and the frame of a scroll that redraws
// nothing (the floor on this machine at this load). Called once from app.e2e.mjs; alone with
// DECKHAND_E2E_ONLY=grid (and DECKHAND_E2E_GRID_CACHE, DECKHAND_E2E_GRID_VARIANTS below).
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { execFileSync } from 'node:child_process';

const GAME = 'zoids-scramble';
const CARDS = 10000;
/** Frames the scroll from top to bottom takes (about 5 s at 60 Hz). */
const SCROLL_FRAMES = 300;

export async function gridSteps({ driver, step, check, save, cli, db, root, work, shots, restart }) {
  await step(`the card grid scrolls ${CARDS} cards with thumbnails (frame times recorded)`, async () => {
    // DECKHAND_E2E_GRID_CACHE (a folder; with DECKHAND_E2E_ONLY=grid, whose database holds
    // nothing else) keeps the database of the first run's import and starts later runs from
    // it: iterating on the grid's frames costs the scroll, not 10,000 imports in a debug CLI.
    const cache = process.env.DECKHAND_E2E_GRID_CACHE;
    const cached = cache !== undefined && existsSync(join(cache, basename(db)));
    if (!cached) {
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
    }
    // A new session reads the database as it now is (the cached one, while the app is down).
    await restart(() => {
      const [from, to] = cached ? [cache, dirname(db)] : [dirname(db), cache];
      if (!to) return;
      mkdirSync(to, { recursive: true });
      // The other database's files go first: a WAL left beside a copied database would be
      // replayed into it.
      for (const name of readdirSync(to)) if (name.startsWith(basename(db))) rmSync(join(to, name), { recursive: true });
      for (const name of readdirSync(from)) {
        if (name.startsWith(basename(db))) cpSync(join(from, name), join(to, name), { recursive: true });
      }
    });

    await driver.click(await driver.waitForElement('[data-testid="nav-cards"]'));
    await driver.click(await driver.waitForElement(`[data-testid="game-${GAME}"]`));
    await driver.click(await driver.waitForElement('[data-testid="view-grid"]'));
    // The cells, and the thumbnails of those in view (none when the first cards have none).
    await driver.waitFor('the cells and their thumbnails', async () =>
      driver.execute(
        'return document.querySelector("[data-testid=grid-cell]") !== null && [...document.querySelectorAll("[data-testid=grid-thumb]")].every((i) => i.complete)',
      ),
    30000);
    // 300 frames of 100 ms on a loaded machine pass WebDriver's default 30 s script timeout.
    await driver.request('POST', '/timeouts', { script: 180000 });
    // The floor first: 60 frames of a 2 px scroll, which changes no cell, give what a frame
    // costs this webview on this machine with nothing to redraw.
    const floor = await scrollFrames(driver, 60, 'wiggle');
    const frames = await scrollFrames(driver, SCROLL_FRAMES, 'through');
    // The fling shows no thumbnail (they wait for the scroll to rest): a reading pace,
    // 12 px a frame from the middle once its thumbnails are in, shows them as it goes.
    await driver.execute('const g = document.querySelector(\'[data-testid="card-grid"]\'); g.scrollTop = g.scrollHeight / 2;');
    await driver.waitFor('the thumbnails in the middle', async () =>
      driver.execute(
        'const t = [...document.querySelectorAll("[data-testid=grid-thumb]")]; return t.length > 0 && t.every((i) => i.complete)',
      ),
    30000);
    const reading = await scrollFrames(driver, 120, 12);
    if (process.env.DECKHAND_E2E_GRID_VARIANTS) await compareStyles(driver);
    await save('grid-10000-scrolled');
    // The view is remembered in the webview's storage, which the dark session shares: back
    // to the list it expects.
    await driver.click(await driver.waitForElement('[data-testid="view-list"]'));
    const quantiles = (values) => {
      const sorted = [...values].sort((a, b) => a - b);
      const at = (q) => sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1))] ?? 0;
      return { sorted, at, worst: sorted[sorted.length - 1] ?? 0 };
    };
    const ms = (v) => Number(v.toFixed(1));
    const { sorted, at, worst } = quantiles(frames.frames);
    const still = quantiles(floor.frames);
    const read = quantiles(reading.frames);
    const script = quantiles(frames.detail.map((d) => d.scriptMs));
    const latency = quantiles(frames.latencies);
    const sum = (key) => frames.detail.reduce((n, d) => n + d[key], 0);
    const figures = {
      cards: CARDS,
      frames: sorted.length,
      scrolled_px: frames.end,
      worst_ms: ms(worst),
      p95_ms: ms(at(0.95)),
      median_ms: ms(at(0.5)),
      over_50ms: sorted.filter((t) => t > 50).length,
      reading_pace: {
        px_per_frame: 12,
        thumbnails_created: reading.detail.reduce((n, d) => n + d.thumbs, 0),
        worst_ms: ms(read.worst),
        p95_ms: ms(read.at(0.95)),
        median_ms: ms(read.at(0.5)),
        over_50ms: read.sorted.filter((t) => t > 50).length,
      },
      floor_median_ms: ms(still.at(0.5)),
      floor_worst_ms: ms(still.worst),
      load: readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '),
      scroll_script_ms: { median: ms(script.at(0.5)), p95: ms(script.at(0.95)), worst: ms(script.worst) },
      cells_created: sum('created'),
      pages_fetched: sum('pages'),
      page_latency_ms: { median: ms(latency.at(0.5)), worst: ms(latency.worst) },
      per_frame: frames.frames.map((t, i) => ({ ms: ms(t), ...frames.detail[i], scriptMs: ms(frames.detail[i].scriptMs) })),
    };
    writeFileSync(join(shots, 'grid-frames.json'), JSON.stringify(figures, null, 2) + '\n');
    console.log(
      `    grid frame times, ${CARDS} cards with thumbnails scrolled ${frames.end} px in ${sorted.length} frames: ` +
        `worst ${figures.worst_ms} ms, p95 ${figures.p95_ms} ms, median ${figures.median_ms} ms, ${figures.over_50ms} over 50 ms; ` +
        `scroll script median ${figures.scroll_script_ms.median} ms (p95 ${figures.scroll_script_ms.p95}), ` +
        `${figures.cells_created} cells created, ${figures.pages_fetched} pages (median ${figures.page_latency_ms.median} ms); ` +
        `a frame that redraws nothing: median ${figures.floor_median_ms} ms; load ${figures.load}\n` +
        `    at a reading pace (12 px a frame, ${figures.reading_pace.thumbnails_created} thumbnails shown): worst ${figures.reading_pace.worst_ms} ms, ` +
        `p95 ${figures.reading_pace.p95_ms} ms, median ${figures.reading_pace.median_ms} ms, ${figures.reading_pace.over_50ms} of 120 over 50 ms`,
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
    // Numbers in names sort as numbers: Grid Zoid 553, 554, …, not 553, 5530 (the list
    // follows this order, as its two ends above show).
    const numbers = expected.filter((id) => id.startsWith('e2e-grid-')).map((id) => Number(id.slice('e2e-grid-'.length)));
    const wrong = numbers.findIndex((n, i) => i > 0 && n < numbers[i - 1]);
    check(wrong === -1, `the list orders Grid Zoid ${numbers[wrong - 1]} before Grid Zoid ${numbers[wrong]}`);
  });
}

/**
 * Scrolls the grid `count` frames (`how`: 'through' top to bottom, 'wiggle' 2 px down and
 * back, or a number of px a frame from where it is), recording
 * each frame's length and, beside it, the script time of the scroll's own update (from the
 * scroll event to the end of the microtasks it queued, where Svelte redraws), the cell
 * elements created and the row windows that arrived (with their request's latency, from
 * the IPC's resource timings): a slow frame says whether script, new DOM or a page made it.
 */
function scrollFrames(driver, count, how) {
  return driver.executeAsync(`
    const done = arguments[arguments.length - 1];
    const [count, how] = arguments;
    const grid = document.querySelector('[data-testid="card-grid"]');
    const end = grid.scrollHeight - grid.clientHeight;
    const start = grid.scrollTop;
    const frames = [];
    const detail = [];
    let current = { scriptMs: 0, created: 0, thumbs: 0, pages: 0 };
    let scrollStart = 0;
    const onScrollCapture = () => (scrollStart = performance.now());
    const onScroll = () =>
      Promise.resolve().then(() => Promise.resolve()).then(() => (current.scriptMs += performance.now() - scrollStart));
    document.addEventListener('scroll', onScrollCapture, true);
    grid.addEventListener('scroll', onScroll);
    const cells = new MutationObserver((records) => {
      for (const r of records) {
        for (const n of r.addedNodes) {
          if (n.nodeType !== 1) continue;
          if (n.classList.contains('cell')) current.created++;
          if (n.tagName === 'IMG') current.thumbs++;
        }
      }
    });
    cells.observe(grid, { childList: true, subtree: true });
    // Tauri's IPC is a fetch of ipc://localhost/<command> (its invoke is not writable).
    const latencies = [];
    const fetch = window.fetch;
    window.fetch = (url, init) => {
      const sent = performance.now();
      const answer = fetch(url, init);
      if (!String(url).includes('list_card_rows')) return answer;
      return answer.then((response) => {
        latencies.push(performance.now() - sent);
        current.pages++;
        return response;
      });
    };
    let last = 0;
    const tick = (now) => {
      if (last) {
        frames.push(now - last);
        detail.push(current);
      }
      current = { scriptMs: 0, created: 0, thumbs: 0, pages: 0 };
      last = now;
      if (frames.length >= count) {
        cells.disconnect();
        window.fetch = fetch;
        document.removeEventListener('scroll', onScrollCapture, true);
        grid.removeEventListener('scroll', onScroll);
        return done({ frames, detail, latencies, end });
      }
      const n = frames.length + 1;
      grid.scrollTop =
        how === 'through' ? Math.round((end * n) / count) : how === 'wiggle' ? start + (n % 2) * 2 : start + how * n;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  `, [count, how]);
}

/**
 * DECKHAND_E2E_GRID_VARIANTS=1: the same fling (80 frames from the top) with a style
 * changed, each twice, interleaved, so that all see the same load: which part of the cells
 * costs the frames (printed, not checked). This found the dashed, rounded placeholder border
 * that cost WebKitGTK's software painter about 70 ms a frame.
 */
async function compareStyles(driver) {
  const variants = {
    as_is: '',
    no_cells: '.cell { display: none !important }',
    no_text: '.cell .name { visibility: hidden !important }',
    no_radius: '.cell, .blank { border-radius: 0 !important }',
    no_contain: '.cell { contain: none !important }',
    dashed_blank: '.blank { background: none !important; border: 1px dashed var(--border) !important }',
  };
  for (let round = 0; round < 2; round++) {
    for (const [name, css] of Object.entries(variants)) {
      await driver.execute(
        `let style = document.getElementById('e2e-variant');
        if (!style) {
          style = document.createElement('style');
          style.id = 'e2e-variant';
          document.head.append(style);
        }
        style.textContent = arguments[0];
        document.querySelector('[data-testid="card-grid"]').scrollTop = 0;`,
        [css],
      );
      await new Promise((rested) => setTimeout(rested, 500));
      const sorted = (await scrollFrames(driver, 80, 1779)).frames.sort((a, b) => a - b);
      console.log(`    style variant ${name}: median ${sorted[40].toFixed(0)} ms, p90 ${sorted[72].toFixed(0)} ms`);
    }
  }
  await driver.execute('document.getElementById("e2e-variant").remove()');
}
