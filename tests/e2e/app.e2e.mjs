// End-to-end test of the real Deckhand desktop app: the Tauri binary under Xvfb, driven
// through tauri-driver and WebKitWebDriver, against a fresh temporary database.
// Screenshots of every step land in target/e2e/, and axe-core checks each of those screens.
// Run with `make e2e`: it builds the app with the `e2e-hooks` feature, without which the
// DECKHAND_E2E_* variables below are ignored.
// The package check (scripts/check-package.sh) runs the smoke steps alone against an
// installed app: DECKHAND_E2E_SMOKE=1 with DECKHAND_E2E_APP and DECKHAND_E2E_CLI naming
// the binaries unpacked from the .deb (screenshots in target/e2e-package/).
import { spawn, spawnSync, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import net from 'node:net';
import { ELEMENT, WebDriver } from './webdriver.mjs';
import { cardSteps, unreadableRowSteps } from './cards.steps.mjs';
import { collectionSteps, wishlistNoteSteps } from './collection.steps.mjs';
import { goldfishSteps } from './goldfish.steps.mjs';
import { tableSteps } from './table.steps.mjs';
import { playSteps, playerTableSteps } from './play.steps.mjs';
import { gamesSteps } from './games.steps.mjs';
import { imagesSteps } from './images.steps.mjs';
import { gridSteps } from './grid.steps.mjs';
import { facesSteps } from './faces.steps.mjs';
import { AxeAudit, aboutSteps, keyboardSteps, panicSteps } from './a11y.mjs';
import { ClipAudit } from './clipped.mjs';

const root = resolve(import.meta.dirname, '../..');
const targetDir = process.env.CARGO_TARGET_DIR ?? join(root, 'target');
const smoke = process.env.DECKHAND_E2E_SMOKE === '1';
// DECKHAND_E2E_ONLY=grid runs the first step and the grid's frame times alone (about 2 min
// instead of 8), to measure a change to the grid; DECKHAND_E2E_ONLY=cards the first step
// and the cards steps (with axe-core), to try a change to the card screens;
// DECKHAND_E2E_ONLY=words the first step, About and the playtest reports (goldfish steps),
// with axe-core and the clipped-text check, to try a change to the report's words (and the
// wishlist's note edited in place);
// DECKHAND_E2E_ONLY=faces the first step and the card faces' steps (grid, boards, print
// preview, with axe-core and the clipped-text check); DECKHAND_E2E_ONLY=play the first
// step, the Play tab's steps and the free table of a player's game; unset, everything runs.
const only = process.env.DECKHAND_E2E_ONLY ?? '';
const areas = ['', 'grid', 'cards', 'words', 'faces', 'play'];
if (!areas.includes(only)) throw new Error(`DECKHAND_E2E_ONLY=${only}: only ${areas.slice(1).map((a) => `"${a}"`).join(', ')} are known`);
const app = process.env.DECKHAND_E2E_APP ?? join(targetDir, 'debug', 'deckhand-app');
const cli = process.env.DECKHAND_E2E_CLI ?? join(targetDir, 'debug', 'deckhand');
const shots = join(root, 'target', smoke ? 'e2e-package' : 'e2e');
const version = /\[workspace\.package\][^[]*?version = "([^"]+)"/.exec(readFileSync(join(root, 'Cargo.toml'), 'utf8'))[1];
const work = mkdtempSync(join(tmpdir(), 'deckhand-e2e-'));
const db = join(work, 'deckhand.sqlite3');
// Save PDF… writes here instead of opening the native save dialog, which WebDriver cannot
// drive (the app's test hook; see src-tauri/src/commands/test_hooks.rs).
const pdfDir = join(work, 'pdf');
mkdirSync(pdfDir);
// The file the app's open dialogs pick (its DECKHAND_E2E_OPEN_FILE test hook).
const openFile = join(work, 'open.csv');
// Start from an empty folder: a screenshot left by an earlier run would pass for this one.
rmSync(shots, { recursive: true, force: true });
mkdirSync(shots, { recursive: true });

const children = [];
let passed = 0;
let failed = 0;

// Each helper runs in its own process group so that stopping it also stops what it started
// (tauri-driver's WebKitWebDriver, the app): nothing outlives the test to block a port.
function start(command, args, env = {}) {
  const child = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  child.stderrText = () => stderr;
  child.on('error', (error) => {
    console.log(`not ok - could not start ${command}: ${error.message} (run scripts/ensure-deps.sh test)`);
    process.exit(1);
  });
  children.push(child);
  return child;
}

function stop(child) {
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
}

/** Stops `child`'s process group and waits (up to 15 s) until none of it is left. */
async function stopAndWait(child) {
  stop(child);
  for (let waited = 0; waited < 15000; waited += 100) {
    try {
      process.kill(-child.pid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // Gone at the last moment.
  }
}

/**
 * Starts tauri-driver on free ports and a session of `app` through it. A start that fails is
 * made once more on new ports: the session is the test's scaffolding, not what it checks, and
 * CI runs failed to start one ("fetch failed") while an earlier app was still exiting and
 * while the AppImage's first start unpacked it on a loaded machine. Returns the driver, its
 * process and when the successful start began (for the cold-start figure).
 */
async function startSession(env, app, label) {
  for (let attempt = 1; ; attempt += 1) {
    const port = await freePort();
    let nativePort = await freePort();
    while (nativePort === port) nativePort = await freePort();
    const driverProcess = start('tauri-driver', ['--port', String(port), '--native-port', String(nativePort)], env);
    try {
      await waitForPort(port);
      const driver = new WebDriver(`http://127.0.0.1:${port}`);
      const launched = Date.now();
      await driver.start({ 'tauri:options': { application: app } });
      return { driver, driverProcess, launched };
    } catch (e) {
      const said = driverProcess.stderrText();
      await stopAndWait(driverProcess);
      if (attempt === 2) throw new Error(`${e.message}; tauri-driver said: ${said}`);
      console.log(`# the ${label} session did not start (${e.message}); starting it again`);
    }
  }
}

/** Starts Xvfb on a free display (it picks one and reports it on fd 3); returns ":N". */
function startXvfb() {
  // A 1920×1080 screen: the window opens at its own 1280×800, and the clipped-text check
  // grows it to 1920×1080 for a second look at each screen.
  const xvfb = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1920x1080x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
    detached: true,
  });
  children.push(xvfb);
  return new Promise((resolveDisplay, reject) => {
    let reported = '';
    xvfb.on('error', (error) => reject(new Error(`cannot start Xvfb: ${error.message}`)));
    xvfb.stdio[3].on('data', (chunk) => {
      reported += chunk;
      if (reported.includes('\n')) resolveDisplay(`:${reported.trim()}`);
    });
    setTimeout(() => reject(new Error('Xvfb did not report a display')), 10000);
  });
}

/** A TCP port nothing listens on right now. */
function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

function waitForPort(port, timeoutMs = 15000) {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolvePort, reject) => {
    const attempt = () => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.end();
        resolvePort();
      });
      socket.once('error', () => {
        if (Date.now() > deadline) reject(new Error(`nothing listens on port ${port}`));
        else setTimeout(attempt, 50);
      });
    };
    attempt();
  });
}

async function step(name, body) {
  try {
    await body();
    passed += 1;
    console.log(`ok - ${name}`);
  } catch (error) {
    failed += 1;
    console.log(`not ok - ${name}\n  ${error.stack ?? error}`);
    // What the page showed when the step failed, for the next engineer.
    await onFailure?.(name).catch(() => {});
  }
}

/** Set once a session is open: saves a screenshot named after a failed step. */
let onFailure = null;

function check(condition, message) {
  if (!condition) throw new Error(message);
}

async function main() {
  const display = await startXvfb();
  // DECKHAND_E2E_CONFIRM answers the app's yes/no questions (restore, unsaved work) with yes.
  // The webview keeps local storage (the card browser's view, remembered column mappings)
  // under the XDG folders: each run gets its own, so one run's choices never steer the next.
  const xdg = { XDG_DATA_HOME: join(work, 'xdg-data'), XDG_CACHE_HOME: join(work, 'xdg-cache'), XDG_CONFIG_HOME: join(work, 'xdg-config') };
  const env = { ...xdg, DISPLAY: display, DECKHAND_DB: db, DECKHAND_E2E_SAVE_DIR: pdfDir, DECKHAND_E2E_OPEN_FILE: openFile, DECKHAND_E2E_CONFIRM: 'yes' };
  // The expected games and counts come from the CLI against the same fresh database.
  const games = JSON.parse(execFileSync(cli, ['--db', db, 'games', '--json'], { encoding: 'utf8' }));
  const cliDecks = (...args) =>
    JSON.parse(execFileSync(cli, ['--db', db, 'deck', 'list', '--json', ...args], { encoding: 'utf8' }));
  // A new database holds the bundled sample decks (tagged "sample") and nothing else.
  const samples = cliDecks();
  const sampleIds = new Set(samples.map((d) => d.id));
  // The deck the editor steps build and save.
  let builtId = null;
  let driver = null;
  let shot = 0;
  // Every screen photographed is also checked by axe-core (not in the package smoke run).
  const axe = smoke || only === 'grid' ? null : new AxeAudit(root, shots);
  // And for text its box cuts off, at 1280×800 and 1920×1080 (tests/e2e/clipped.mjs).
  const clipped = smoke || only === 'grid' ? null : new ClipAudit(shots);
  // `audit: false` for a screen about to go (the page reloading after a restore): the audits
  // take longer than it stays, and would read a page being unloaded.
  const save = async (name, { audit = true } = {}) => {
    shot += 1;
    writeFileSync(join(shots, `${String(shot).padStart(2, '0')}-${name}.png`), await driver.screenshot());
    if (!audit) return;
    await axe?.check(driver, name);
    await clipped?.check(driver, name);
  };

  onFailure = async (name) => {
    await save(`FAILED-${name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60)}`);
    // A dialog the failed step left open would cover every later step's clicks: one failure
    // must read as one, not as the thirty after it.
    await driver.execute('document.querySelectorAll("dialog[open]").forEach((d) => d.close())');
  };
  // A new session of the app on the same database (the games and grid steps); `between`
  // runs while the app is down.
  const restart = async (between) => {
    await driver.stop();
    await between?.();
    await driver.start({ 'tauri:options': { application: app } });
  };
  const first = await startSession(env, app, 'first');
  driver = first.driver;
  const { driverProcess, launched } = first;
  try {
    await step('the app opens and shows the first card list', async () => {
      await driver.waitForElement('.card-row', 20000);
      const coldStartMs = Date.now() - launched;
      console.log(`# cold start to first card list: ${coldStartMs} ms`);
      writeFileSync(join(shots, 'cold-start-ms.txt'), `${coldStartMs}\n`);
      const buttons = await driver.findAll('[data-testid^="game-"]');
      check(buttons.length === games.length, `expected ${games.length} games, saw ${buttons.length}`);
      await save('app-opened');
    });

    if (only === 'grid') {
      await gridSteps({ driver, step, check, save, cli, db, root, work, shots, restart });
      return;
    }
    const cliJson = (...args) => JSON.parse(execFileSync(cli, ['--db', db, ...args], { encoding: 'utf8' }));
    if (only === 'faces') {
      await facesSteps({ driver, step, check, save, cli, db, work });
      await axeStep();
      return;
    }
    if (only === 'cards') {
      await cardSteps({ driver, step, check, save, cli: cliJson, openFile });
      await unreadableRowSteps({ driver, step, check, save, cli, db, work, restart });
      await axeStep();
      return;
    }
    if (only === 'words') {
      await aboutSteps({ driver, step, check, save, db, version });
      await goldfishSteps({ driver, step, check, save, cli, db, root, work });
      await wishlistNoteSteps({ driver, step, check, save, cli: cliJson });
      await step('the collection and the wishlist at the window\'s size', async () => {
        await driver.click(await driver.waitForElement('[data-testid="nav-collection"]'));
        await driver.waitForElement('[data-testid="collection-table"]');
        await save('words-collection');
        await driver.click(await driver.waitForElement('[data-testid="collection-tab-wishlist"]'));
        await save('words-wishlist');
      });
      await axeStep();
      return;
    }
    if (only === 'play') {
      await playSteps({ driver, step, check, save, cli, db });
      await playerTableSteps({ driver, step, check, save, cli, db, root, work, restart });
      await axeStep();
      return;
    }

    for (const game of games) {
      await step(`${game.id}: switching shows its ${game.card_count} cards from the database`, async () => {
        await driver.click(await driver.waitForElement(`[data-testid="game-${game.id}"]`));
        // textContent, not the WebDriver text: WebKitWebDriver reports this heading's
        // rendered text as empty although it is on screen (see the screenshots).
        await driver.waitFor(`the ${game.name} heading`, async () =>
          (await driver.execute('return document.querySelector("h1")?.textContent ?? ""')) === game.name,
        );
        const countText = await driver.waitFor('the card count', async () => {
          const el = (await driver.findAll('[data-testid="card-count"]'))[0];
          const text = el && (await driver.text(el));
          return text && /^\d/.test(text) ? text : null;
        });
        check(countText === `${game.card_count} cards`, `count reads "${countText}"`);
        const rows = await driver.findAll('.card-row');
        check(rows.length > 0, 'no card rows are shown');
        const ids = await driver.execute(
          'return [...document.querySelectorAll(".card-row")].map((r) => r.dataset.cardId)',
        );
        const expected = JSON.parse(
          execFileSync(cli, ['--db', db, 'cards', '--game', game.id, '--json'], { encoding: 'utf8' }),
        ).map((c) => c.id);
        check(ids[0] === expected[0], `first row is ${ids[0]}, database says ${expected[0]}`);
        check(ids.every((id) => expected.includes(id)), 'a row shows a card of another game');
        await save(`${game.id}-list`);
      });

      await step(`${game.id}: selecting a card opens its detail`, async () => {
        const rows = await driver.findAll('.card-row');
        const target = rows[Math.min(2, rows.length - 1)];
        const id = await driver.execute('return arguments[0].dataset.cardId', [{ [ELEMENT]: target }]);
        await driver.click(target);
        const card = JSON.parse(execFileSync(cli, ['--db', db, 'card', id, '--json'], { encoding: 'utf8' }));
        await driver.waitFor(`detail of ${card.name}`, async () => {
          const heading = (await driver.findAll('[data-testid="card-detail"] h2'))[0];
          return heading && (await driver.text(heading)) === card.name;
        });
        // The list's row shows at once; every field comes with the database's card.
        await driver.waitForElement('[data-testid="card-detail"] [data-testid="card-coverage"]');
        const detail = await driver.text((await driver.findAll('[data-testid="card-detail"]'))[0]);
        check(detail.includes(card.type), `detail lacks the type ${card.type}`);
        check(detail.includes(card.id), `detail lacks the id ${card.id}`);
        for (const [, value] of Object.entries(card.stats)) {
          const shown = Array.isArray(value) ? value.join(' / ') : String(value);
          check(detail.includes(shown), `detail lacks the stat value ${shown}`);
        }
        await save(`${game.id}-detail`);
      });
    }
    // The package check stops here: the installed app opens and reads its database.
    if (smoke) return;

    await keyboardSteps({ driver, step, check, save });
    await aboutSteps({ driver, step, check, save, db, version });
    await panicSteps({ driver, step, check, save });

    const cliSearch = (query, game) =>
      JSON.parse(
        execFileSync(cli, ['--db', db, 'search', query, '--game', game, '--limit', '5000', '--json'], {
          encoding: 'utf8',
        }),
      );
    const rowNames = () =>
      driver.execute('return [...document.querySelectorAll(".card-row .name")].map((n) => n.textContent)');
    const countText = async () => {
      const el = (await driver.findAll('[data-testid="card-count"]'))[0];
      return el ? driver.text(el) : '';
    };

    await step('typing a query shows exactly the matching cards, highlighted', async () => {
      await driver.click(await driver.waitForElement('[data-testid="game-zoids-scramble"]'));
      const input = await driver.waitForElement('[data-testid="search-input"]');
      const query = 't:zoid power>=9';
      const expected = cliSearch(query, 'zoids-scramble').map((c) => c.name);
      check(expected.length > 0, 'the CLI finds nothing to compare with');
      // A card the query will not find is open in the detail first: the detail must not
      // go on showing it beside results that lack it.
      await driver.clear(input);
      await driver.waitFor('the whole list', async () => / cards$/.test(await countText()));
      const outside = await driver.waitFor('a row the query will not find', async () => {
        for (const row of await driver.findAll('.card-row')) {
          const name = await driver.execute('return arguments[0].querySelector(".name").textContent', [{ [ELEMENT]: row }]);
          if (!expected.includes(name)) return { row, name };
        }
        return null;
      });
      await driver.click(outside.row);
      await driver.waitFor(`the detail of ${outside.name}`, async () =>
        (await driver.execute('return document.querySelector("[data-testid=card-detail] h2")?.textContent ?? ""')) === outside.name,
      );
      await driver.type(input, query);
      const wanted = `${expected.length} ${expected.length === 1 ? 'match' : 'matches'}`;
      await driver.waitFor(`the count "${wanted}"`, async () => (await countText()) === wanted);
      const names = await rowNames();
      check(JSON.stringify(names) === JSON.stringify(expected), `app shows ${JSON.stringify(names)}, CLI ${JSON.stringify(expected)}`);
      const detail = await driver.execute('return document.querySelector("[data-testid=card-detail] h2")?.textContent ?? null');
      check(detail === null || expected.includes(detail), `the detail shows ${detail}, which the results lack`);
      await save('search-results');

      await driver.clear(input);
      await driver.type(input, 'liger');
      await driver.waitFor('highlighted matches', async () => (await driver.findAll('.card-row mark')).length > 0);
      const marked = await driver.execute('return document.querySelector(".card-row mark").textContent');
      check(marked.toLowerCase() === 'liger', `highlighted "${marked}"`);
      await save('search-highlight');
    });

    await step('Enter opens the first result and Esc clears the query', async () => {
      const input = (await driver.findAll('[data-testid="search-input"]'))[0];
      await driver.type(input, '\uE007');
      const first = (await rowNames())[0];
      await driver.waitFor('the detail of the first result', async () => {
        const heading = (await driver.findAll('[data-testid="card-detail"] h2'))[0];
        return heading && (await driver.text(heading)) === first;
      });
      await driver.type(input, '\uE00C');
      const all = JSON.parse(execFileSync(cli, ['--db', db, 'games', '--json'], { encoding: 'utf8' })).find(
        (g) => g.id === 'zoids-scramble',
      ).card_count;
      await driver.waitFor('the full list again', async () => (await countText()) === `${all} cards`);
      await save('search-cleared');
    });

    await step('a bad query explains itself and keeps the results', async () => {
      const input = (await driver.findAll('[data-testid="search-input"]'))[0];
      await driver.clear(input);
      await driver.type(input, 'pwr>=5');
      const error = await driver.waitForElement('[data-testid="search-error"]');
      const message = await driver.text(error);
      check(message.includes("unknown field 'pwr' at 1") && message.includes("did you mean 'power'?"), `error reads "${message}"`);
      check((await driver.findAll('.card-row')).length > 0, 'the results vanished');
      await save('search-error');
    });

    await step('the syntax help opens with examples', async () => {
      await driver.click(await driver.waitForElement('[data-testid="search-help-button"]'));
      const help = await driver.waitForElement('[data-testid="search-help"]');
      const text = await driver.text(help);
      for (const piece of ['power>=5', 'order:', '/regex/']) {
        check(text.includes(piece) || text.includes(piece.replace('/regex/', 'regex')), `help lacks ${piece}`);
      }
      await save('search-help');
    });
    // The deck's views read one deck state: at any moment (no waiting after a click) the
    // header's count, each line's owned/needed badge and the collection panel's figures
    // agree with the lines' own counts. The panel once answered an edit late ("Missing 10"
    // for a deck of 4-ofs, "Missing 2" after an undo).
    const deckViewsAgree = async (when) => {
      const seen = await driver.execute(`
        const lines = [...document.querySelectorAll('[data-testid=deck-line]')].map((l) => ({
          count: Number(l.querySelector('[data-testid=line-count]').textContent),
          owned: l.querySelector('[data-testid=line-owned]')?.textContent ?? null,
        }));
        const meter = document.querySelector('[data-testid=deck-owned]');
        return {
          header: document.querySelector('[data-testid=deck-state]').textContent,
          lines,
          needed: meter ? Number(meter.dataset.needed) : null,
          missing: document.querySelector('[data-testid=deck-missing]')?.textContent ?? null,
          panel: document.querySelector('[data-testid=deck-collection]').textContent,
        };`);
      const total = seen.lines.reduce((n, l) => n + l.count, 0);
      const why = `${when}: ${JSON.stringify(seen)}`;
      check(seen.header.trim().startsWith(`${total} card`), `the header disagrees with the lines ${why}`);
      check(seen.needed === total, `the collection panel counts ${seen.needed} copies needed ${why}`);
      check(seen.lines.every((l) => l.owned !== null && l.owned.endsWith(`/${l.count}`)), `a line's owned/needed badge lags ${why}`);
      const owned = seen.lines.reduce((n, l) => n + Math.min(l.count, Number(l.owned.split('/')[0])), 0);
      const expected = total - owned === 0 ? 'You own every card' : `Missing ${total - owned} card`;
      check(seen.missing?.startsWith(expected), `the panel says "${seen.missing}", not "${expected}…" ${why}`);
    };
    await step('a legal Zoids Scramble deck is built from search in the deck editor', async () => {
      await driver.execute('document.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape" }))');
      await driver.click(await driver.waitForElement('[data-testid="game-zoids-scramble"]'));
      await driver.click(await driver.waitForElement('[data-testid="nav-decks"]'));
      // First run: the list is not empty, it shows this game's sample decks, marked as samples.
      const zoidsSamples = samples.filter((d) => d.game === 'zoids-scramble');
      check(zoidsSamples.length > 0, `the CLI lists no Zoids sample deck: ${JSON.stringify(samples)}`);
      await driver.waitFor('the sample decks in the list', async () =>
        (await driver.findAll('[data-testid="deck-row"]')).length === zoidsSamples.length,
      );
      const sampleRows = await driver.execute(
        'return [...document.querySelectorAll("[data-testid=deck-row]")].map((r) => r.textContent)',
      );
      for (const deck of zoidsSamples) {
        check(
          sampleRows.some((row) => row.includes(deck.name) && row.includes('sample') && row.includes('Legal')),
          `no legal sample row for ${deck.name}: ${JSON.stringify(sampleRows)}`,
        );
      }
      await save('deck-samples');
      await driver.click(await driver.waitForElement('[data-testid="new-deck"]'));
      const badge = async () => {
        const el = (await driver.findAll('[data-testid="legal-badge"]'))[0];
        return el ? driver.execute('return arguments[0].textContent.trim()', [{ [ELEMENT]: el }]) : '';
      };
      await driver.waitFor('the empty deck to be judged', async () => /error/.test(await badge()));
      await save('deck-empty');

      const input = await driver.waitForElement('[data-testid="deck-search-input"]');
      await driver.type(input, 't:zoid');
      await driver.waitFor('the search results', async () =>
        / match/.test(await driver.text(await driver.waitForElement('[data-testid="deck-search-count"]'))),
      );
      check((await driver.findAll('.card-row')).length >= 10, 'fewer than ten Zoids in the results');
      const rows = (await driver.findAll('.card-row')).slice(0, 10);
      for (const row of rows) await driver.click(row);
      await driver.waitFor('ten deck lines', async () => (await driver.findAll('[data-testid="deck-line"]')).length === 10);
      const findings = () =>
        driver.execute('return [...document.querySelectorAll("[data-testid=diagnostic]")].map((d) => d.textContent)');
      // The panel follows each change after a short delay: wait for the verdict on all ten.
      await driver.waitFor('the verdict on ten cards', async () => (await findings()).some((d) => d.includes('10 cards')));
      const diagnostics = await findings();
      check(diagnostics.some((d) => d.includes('10 cards') && d.includes('exactly 40')), `diagnostics: ${JSON.stringify(diagnostics)}`);
      await save('deck-ten-cards');

      // Ten new names: the panel asks what the collection holds of them once.
      await driver.waitForElement('[data-testid="deck-owned"]');
      await deckViewsAgree('ten single copies');
      for (let round = 0; round < 3; round += 1) {
        const lines = await driver.findAll('[data-testid="deck-line"] [data-testid="inc"]');
        for (const inc of lines) await driver.click(inc);
        // At once, not after the panel's next answer.
        await deckViewsAgree(`round ${round + 1} of + clicks`);
      }
      await driver.waitFor('the legality panel to turn legal', async () => (await badge()) === 'Legal', 15000);
      await save('deck-legal');

      await driver.click(await driver.waitForElement('[data-testid="save-deck"]'));
      await driver.waitFor('the deck to be saved', async () => (await driver.text(await driver.waitForElement('[data-testid="deck-state"]'))).includes('saved, version 1'));
      // Ours is the one deck that is not a sample.
      const decks = cliDecks('--game', 'zoids-scramble').filter((d) => !sampleIds.has(d.id));
      check(decks.length === 1 && decks[0].card_count === 40, `CLI sees ${JSON.stringify(decks)}`);
      builtId = decks[0].id;
      const checked = spawnSync(cli, ['--db', db, 'deck', 'check', '--deck', String(builtId)]);
      check(checked.status === 0, `the CLI finds the saved deck illegal: ${checked.stdout}`);
      await save('deck-saved');
    });

    await step('a fifth copy is flagged, highlighted on click, and undone', async () => {
      const badge = async () => driver.text(await driver.waitForElement('[data-testid="legal-badge"]'));
      const firstInc = (await driver.findAll('[data-testid="deck-line"] [data-testid="inc"]'))[0];
      await driver.click(firstInc);
      // 41 cards: the size rule and the copies rule both object.
      await driver.waitFor('two errors', async () => (await badge()) === '2 errors');
      const finding = await driver.waitForElement('[data-testid="diagnostic"][data-rule="copies"]');
      const message = await driver.text(finding);
      check(/5 cards named .+ — a deck may hold at most 4 cards with the same name/.test(message), `finding reads "${message}"`);
      await driver.click(finding);
      const flagged = await driver.execute('return [...document.querySelectorAll(".line.flagged")].map((l) => l.textContent)');
      check(flagged.length === 1, `highlighted lines: ${JSON.stringify(flagged)}`);
      await save('deck-fifth-copy');
      await deckViewsAgree('a fifth copy');
      await driver.click(await driver.waitForElement('[data-testid="undo"]'));
      await deckViewsAgree('just after undo');
      await driver.waitFor('legal again after undo', async () => (await badge()) === 'Legal');
      await driver.waitFor('no unsaved changes after undo', async () => (await driver.text(await driver.waitForElement('[data-testid="deck-state"]'))).includes('saved, version 1'));
    });

    await step('a second version shows its diff in the history', async () => {
      const decs = await driver.findAll('[data-testid="deck-line"] [data-testid="dec"]');
      for (const dec of decs.slice(0, 4)) await driver.click(dec);
      const firstLineInc = async () => (await driver.findAll('[data-testid="deck-line"] [data-testid="inc"]'))[0];
      await driver.click(await firstLineInc());
      await driver.type(await driver.waitForElement('[data-testid="tag-input"]'), 'aggro\uE007');
      await driver.waitForElement('[data-testid="deck-tag"]');
      await driver.click(await driver.waitForElement('[data-testid="save-deck"]'));
      await driver.waitFor('version 2', async () => (await driver.text(await driver.waitForElement('[data-testid="deck-state"]'))).includes('saved, version 2'));
      await driver.click(await driver.waitForElement('[data-testid="history"]'));
      const diff = await driver.waitForElement('[data-testid="version-diff"]');
      await driver.waitFor('the diff of versions 1 and 2', async () => /Version 1 → 2/.test(await driver.text(diff)));
      const summary = await driver.text(diff);
      const cli2 = JSON.parse(execFileSync(cli, ['--db', db, 'deck', 'diff', '--json', String(builtId), '1', '2'], { encoding: 'utf8' }));
      check(summary.includes(`${cli2.changed} changed`), `the app's diff "${summary}" differs from the CLI's ${JSON.stringify(cli2)}`);
      await save('deck-history');
      await driver.execute('document.querySelector("[data-testid=version-history]").close()');
      await driver.click(await driver.waitForElement('[data-testid="deck-back"]'));
      // The list shows the samples and, among them, the saved deck.
      const ourRow = `[data-testid="deck-row"][data-deck-id="${builtId}"]`;
      const rows = await driver.waitFor('the deck in the list', async () => (await driver.findAll(ourRow)).length === 1);
      check(rows, 'the deck list lacks the saved deck');
      const row = await driver.text((await driver.findAll(ourRow))[0]);
      check(row.includes('1 error') && row.includes('aggro') && row.includes('37 cards') && !row.includes('sample'), `the deck row reads "${row}"`);
      await save('deck-list');

      await driver.click(await driver.waitForElement(`${ourRow} [data-testid="delete-deck"]`));
      await driver.waitFor('the deck gone from the list', async () => (await driver.findAll(ourRow)).length === 0);
      const listed = cliDecks();
      check(
        !listed.some((d) => d.id === builtId) && listed.length === samples.length,
        `the CLI lists ${JSON.stringify(listed)}`,
      );
      await save('deck-deleted');
      const undo = await driver.waitFor('the Undo link', async () =>
        (await driver.findAll('.banner.notice button'))[0],
      );
      await driver.click(undo);
      await driver.waitFor('the deck back in the list', async () => (await driver.findAll(ourRow)).length === 1);
    });

    await step('a new, empty deck is not legal in any game', async () => {
      // An empty PR Action deck once said "Legal" beside an empty Zoids deck's error.
      for (const game of games) {
        await driver.click(await driver.waitForElement(`[data-testid="game-${game.id}"]`));
        await driver.click(await driver.waitForElement('[data-testid="new-deck"]'));
        const badge = await driver.waitFor(`the empty ${game.id} deck judged`, async () => {
          const text = await driver.execute('return document.querySelector("[data-testid=legal-badge]")?.textContent.trim() ?? ""');
          return text && !/^Checking/.test(text) ? text : null;
        });
        check(/error/.test(badge), `an empty ${game.id} deck reads "${badge}"`);
        await driver.click(await driver.waitForElement('[data-testid="deck-back"]'));
        await driver.waitForElement('[data-testid="new-deck"]');
      }
    });

    await step('Showdown: Enter puts a Hero among the characters, a dragged card lands in Side, undo takes it back', async () => {
      await driver.click(await driver.waitForElement('[data-testid="game-sms"]'));
      await driver.click(await driver.waitForElement('[data-testid="new-deck"]'));
      const count = async (section) => driver.text(await driver.waitForElement(`[data-testid="section-count-${section}"]`));
      const input = await driver.waitForElement('[data-testid="deck-search-input"]');
      await driver.type(input, 't:hero');
      await driver.waitFor('the Heroes', async () => / match/.test(await driver.text(await driver.waitForElement('[data-testid="deck-search-count"]'))));
      await driver.type(input, '\uE007');
      await driver.waitFor('a Hero among the characters', async () => (await count('characters')) === '1');
      check((await count('main')) === '0', 'the Hero went to the deck, not the characters');

      // A WebDriver pointer drag does not start an HTML drag in WebKitGTK under Xvfb (tried:
      // press, move, release), so the row's own dragstart and the section's drop handler are
      // run with a real DataTransfer.
      await driver.clear(input);
      await driver.type(input, 't:ally');
      await driver.waitFor('only Allies listed', async () =>
        (await driver.execute('return [...document.querySelectorAll("#deck-card-list .card-row .type")].map((t) => t.textContent)')).every(
          (type) => type === 'Ally',
        ),
      );
      await driver.execute(`
        const row = document.querySelector('#deck-card-list .card-row');
        const data = new DataTransfer();
        const start = new DragEvent('dragstart', { bubbles: true, dataTransfer: data });
        row.dispatchEvent(start);
        const side = document.querySelector('section[aria-label="Side"]');
        side.dispatchEvent(new DragEvent('dragover', { bubbles: true, cancelable: true, dataTransfer: data }));
        side.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: data }));
      `);
      await driver.waitFor('the Ally in Side', async () => (await count('side')) === '1');
      await save('deck-sms-drag');
      // Ctrl+Z from the search box (where cards are added) undoes the deck, not the query.
      await driver.execute(
        'document.querySelector("[data-testid=deck-search-input]").dispatchEvent(new KeyboardEvent("keydown", { key: "z", ctrlKey: true, bubbles: true }))',
      );
      await driver.waitFor('Side empty after undo', async () => (await count('side')) === '0');
      check((await count('characters')) === '1', 'undo took more than the last change');
      await save('deck-sms-undo');

      // Enter adds the best match to the deck; its section control moves it to Maybe. (The
      // Hero's line has a control too, offering only Characters, Side and Maybe: take the
      // Ally's, in the Deck section.)
      await driver.type(input, '\uE007');
      await driver.waitFor('the Ally in the deck', async () => (await count('main')) === '1');
      await driver.execute(`
        const select = document.querySelector('section[aria-label="Deck"] [data-testid=deck-line] [data-testid=line-section]');
        select.value = 'maybe';
        select.dispatchEvent(new Event('change', { bubbles: true }));
      `);
      await driver.waitFor('the Ally in Maybe', async () => (await count('maybe')) === '1' && (await count('main')) === '0');
    });

    await step('Heroes of the Grid: a Ranger added from search becomes the deck\'s Ranger; only PR Action decks choose a side', async () => {
      check((await driver.findAll('[data-testid="deck-side"]')).length === 0, 'a Showdown deck offers a side');
      // Leaving unsaved changes would ask in a native dialog, which WebDriver cannot answer.
      await driver.click(await driver.waitForElement('[data-testid="save-deck"]'));
      await driver.waitFor('the Showdown deck saved', async () => (await driver.text(await driver.waitForElement('[data-testid="deck-state"]'))).includes('saved, version 1'));
      await driver.click(await driver.waitForElement('[data-testid="deck-back"]'));
      await driver.click(await driver.waitForElement('[data-testid="game-pr-hotg"]'));
      await driver.click(await driver.waitForElement('[data-testid="new-deck"]'));
      const input = await driver.waitForElement('[data-testid="deck-search-input"]');
      await driver.type(input, 't:ranger');
      await driver.waitFor('the Rangers', async () => / match/.test(await driver.text(await driver.waitForElement('[data-testid="deck-search-count"]'))));
      await driver.click((await driver.findAll('#deck-card-list .card-row'))[0]);
      await driver.waitFor('the Ranger in its section', async () =>
        (await driver.text(await driver.waitForElement('[data-testid="section-count-ranger"]'))) === '1',
      );
      await driver.waitFor('the Ranger\'s deck judged', async () =>
        (await driver.execute('return [...document.querySelectorAll("[data-testid=diagnostic]")].map((d) => d.textContent)')).some((d) =>
          d.includes("one Ranger's combat deck must have exactly 10 cards — this one has 0"),
        ),
      );
      await save('deck-hotg-ranger');
      await driver.click(await driver.waitForElement('[data-testid="dec"]'));
      await driver.waitFor('the new deck empty again', async () => (await driver.findAll('[data-testid="deck-line"]')).length === 0);
      await driver.click(await driver.waitForElement('[data-testid="deck-back"]'));
      await driver.click(await driver.waitForElement('[data-testid="game-pr-acg"]'));
      await driver.click(await driver.waitForElement('[data-testid="new-deck"]'));
      await driver.waitForElement('[data-testid="deck-side"]');
      await save('deck-acg-side');
    });

    await step('a deck file with a section the game lacks shows it with its cards, which move out (issue 8)', async () => {
      // Another tool's zone ("Reserve") is kept as a section of its own when imported.
      const names = JSON.parse(execFileSync(cli, ['--db', db, 'cards', '--game', 'pr-acg', '--json'], { encoding: 'utf8' })).map((c) => c.name);
      const file = join(work, 'with-reserve.txt');
      writeFileSync(file, `Deck\n4 ${names[0]}\nReserve\n2 ${names[1]}\n`);
      const imported = JSON.parse(
        execFileSync(cli, ['--db', db, 'deck', 'import', file, '--game', 'pr-acg', '--name', 'With Reserve', '--json'], { encoding: 'utf8' }),
      );
      check(imported.report.names.some((n) => n.section === 'Reserve' && n.outcome === 'kept'), `report: ${JSON.stringify(imported.report)}`);
      await driver.click(await driver.waitForElement('[data-testid="deck-back"]'));
      // The list holds this game's sample decks too: find the imported one by its id.
      const importedRow = `[data-testid="deck-row"][data-deck-id="${imported.id}"]`;
      await driver.waitFor('the imported deck in the list', async () => (await driver.findAll(importedRow)).length === 1);
      await driver.click(await driver.waitForElement(`${importedRow} .open`));
      await driver.waitForElement('[data-testid="extra-section-note"]');
      const count = (section) => driver.execute(`return document.querySelector('[data-testid="section-count-${section}"]')?.textContent ?? ''`);
      check((await count('Reserve')) === '2', `Reserve holds ${await count('Reserve')}`);
      const findings = () => driver.execute('return [...document.querySelectorAll("[data-testid=diagnostic]")].map((d) => d.textContent)');
      await driver.waitFor('the warning about Reserve', async () => (await findings()).some((d) => d.includes("in 'Reserve', which is not a section of")));
      await save('deck-kept-section');
      await driver.execute(`
        const select = [...document.querySelectorAll('[data-testid=line-section]')].find((s) => s.value === 'Reserve');
        select.value = 'main';
        select.dispatchEvent(new Event('change', { bubbles: true }));
      `);
      await driver.waitFor('the cards moved to Main', async () => (await count('main')) === '6' && (await driver.findAll('[data-testid="extra-section-note"]')).length === 0);
      await driver.waitFor('the warning gone', async () => !(await findings()).some((d) => d.includes("'Reserve'")));
      await driver.click(await driver.waitForElement('[data-testid="save-deck"]'));
      await driver.waitFor('the deck saved', async () => (await driver.text(await driver.waitForElement('[data-testid="deck-state"]'))).includes('saved, version 2'));
      const shown = JSON.parse(execFileSync(cli, ['--db', db, 'deck', 'show', String(imported.id), '--json'], { encoding: 'utf8' }));
      check(shown.cards.every((c) => c.section === 'main'), `stored: ${JSON.stringify(shown.cards)}`);
      await save('deck-kept-section-moved');
    });

    await step('Playtest: a sample Zoids Scramble deck is played step by step to the end, simulated and its odds asked', async () => {
      execFileSync(cli, ['--db', db, 'deck', 'import', join(root, 'data/decks/zoids-scramble/republic-vanguard.txt'), '--name', 'E2E Playtest'], { encoding: 'utf8' });
      await driver.click(await driver.waitForElement('[data-testid="deck-back"]'));
      await driver.click(await driver.waitForElement('[data-testid="game-zoids-scramble"]'));
      const open = await driver.waitFor('the imported deck in the list', async () => {
        const rows = await driver.findAll('[data-testid="deck-row"]');
        for (const row of rows) if ((await driver.text(row)).includes('E2E Playtest')) return row;
        return null;
      });
      await driver.click(open);
      await driver.click(await driver.waitForElement('[data-testid="view-playtest"]'));
      await driver.click(await driver.waitForElement('[data-testid="playtest-tab-step"]'));
      await driver.click(await driver.waitForElement('[data-testid="goldfish-new-game"]'));
      await driver.waitForElement('[data-testid="goldfish-turn"]');
      const board = await driver.text(await driver.waitForElement('[data-testid="goldfish-board"]'));
      check(/hand/i.test(board) && /base/i.test(board), `the board after the setup reads "${board}"`);
      await save('playtest-setup');
      for (let turn = 0; turn < 40 && (await driver.findAll('[data-testid="goldfish-result"]')).length === 0; turn += 1) {
        await driver.click(await driver.waitForElement('[data-testid="goldfish-next-turn"]'));
        if (turn === 1) await save('playtest-turn-2');
      }
      const result = await driver.text(await driver.waitForElement('[data-testid="goldfish-result"]'));
      check(/^(Won|Lost|A draw) on turn \d+: ./.test(result), `the game ended with "${result}"`);
      const turns = (await driver.findAll('[data-testid="goldfish-turn"]')).length;
      const shownTurn = Number(/turn (\d+)/.exec(result)[1]);
      check(turns === shownTurn + 1, `${turns} turns logged (with the setup) for a game that ended on turn ${shownTurn}`);
      const decisions = await driver.execute('return [...document.querySelectorAll("[data-testid=goldfish-log] .decision")].map((d) => d.textContent)');
      check(decisions.some((d) => /Set Pilot .+ on /.test(d)), `no pilot was set: ${JSON.stringify(decisions.slice(0, 12))}`);
      await save('playtest-end');

      await driver.click(await driver.waitForElement('[data-testid="playtest-tab-simulate"]'));
      const games = await driver.waitForElement('[data-testid="goldfish-games"]');
      await driver.clear(games);
      await driver.type(games, '20000');
      await driver.click(await driver.waitForElement('[data-testid="goldfish-simulate"]'));
      const figures = await driver.text(await driver.waitForElement('[data-testid="goldfish-figures"]', 60000));
      check(/Won/.test(figures) && /Mean kill turn/.test(figures), `the figures read "${figures}"`);
      await driver.waitForElement('[data-testid="chart-kill_turns-first"] .bar');
      const summary = await driver.text(await driver.waitForElement('[data-testid="goldfish-summary"]'));
      check(summary.startsWith('40,000 games') || summary.startsWith('40000 games'), `the run summary reads "${summary}"`);
      await save('playtest-simulated');

      // A second run is compared with the first; a long one can be cancelled.
      await driver.click(await driver.waitForElement('[data-testid="goldfish-simulate"]'));
      await driver.waitFor('the comparison with the previous run', async () => (await driver.findAll('[data-testid="goldfish-compare"]')).length > 0, 60000);
      const compared = await driver.text(await driver.waitForElement('[data-testid="goldfish-compare"]'));
      check(/v1: [\d.]+ turns → v1: [\d.]+ turns/.test(compared), `the comparison reads "${compared}"`);
      await driver.clear(games);
      await driver.type(games, '10000000');
      await driver.click(await driver.waitForElement('[data-testid="goldfish-simulate"]'));
      await driver.waitForElement('[data-testid="goldfish-progress"]');
      await save('playtest-running');
      await driver.click(await driver.waitForElement('[data-testid="goldfish-cancel"]'));
      await driver.waitFor('the run cancelled', async () => (await driver.findAll('[data-testid="goldfish-simulate"]')).length === 1, 30000);

      await driver.click(await driver.waitForElement('[data-testid="playtest-tab-odds"]'));
      await driver.type(await driver.waitForElement('[data-testid="odds-query"]'), 't:pilot');
      await driver.click(await driver.waitForElement('[data-testid="odds-ask"]'));
      const odds = await driver.text(await driver.waitForElement('[data-testid="odds-table"]'));
      check(/Opening/.test(odds) && /%/.test(odds), `the odds table reads "${odds}"`);
      const expected = JSON.parse(execFileSync(cli, ['--db', db, 'odds', join(root, 'data/decks/zoids-scramble/republic-vanguard.txt'), 't:pilot', '--turns', '10', '--json'], { encoding: 'utf8' }));
      const firstRow = (expected.rows ?? expected.table?.rows)[0];
      check(odds.includes(`${(100 * firstRow.going_first).toFixed(1)}%`), `the app's odds differ from the CLI's ${JSON.stringify(firstRow)}`);
      await save('playtest-odds');
    });

    await step('Print: a sample deck\'s preview shows its pages and cards, and Save PDF… writes them', async () => {
      const sample = 'Republic Vanguard';
      const expected = JSON.parse(
        execFileSync(cli, ['--db', db, 'print', '--deck', sample, '--out', join(work, 'cli.pdf'), '--json'], { encoding: 'utf8' }),
      );
      const names = readFileSync(join(root, 'data/decks/zoids-scramble/republic-vanguard.txt'), 'utf8')
        .split('\n')
        .filter((line) => /^\d+ /.test(line))
        .map((line) => line.replace(/^\d+ /, '').trim());
      await driver.click(await driver.waitForElement('[data-testid="deck-back"]'));
      await driver.click(await driver.waitForElement('[data-testid="game-zoids-scramble"]'));
      const row = await driver.waitFor(`the sample deck ${sample}`, async () => {
        for (const r of await driver.findAll('[data-testid="deck-row"]')) if ((await driver.text(r)).includes(sample)) return r;
        return null;
      });
      await driver.click(row);
      // The dialog remembers its options per game in the webview's storage, which outlives
      // a run: start from the defaults the CLI uses.
      await driver.execute('localStorage.removeItem("deckhand.print.zoids-scramble")');
      await driver.click(await driver.waitForElement('[data-testid="print-deck"]'));
      await driver.waitForElement('[data-testid="print-dialog"]');
      await driver.waitFor(`${expected.pages} pages in the preview`, async () =>
        (await driver.findAll('[data-testid="print-page"]')).length === expected.pages,
      );
      const boxes = await driver.execute(
        'return [...document.querySelectorAll("[data-testid=print-card]")].map((c) => c.dataset.name)',
      );
      check(boxes.length === expected.cards, `${boxes.length} card boxes, the CLI prints ${expected.cards}`);
      check(names.every((name) => boxes.includes(name)), `the preview lacks a card: ${JSON.stringify(boxes)}`);
      const summary = await driver.text(await driver.waitForElement('[data-testid="print-summary"]'));
      check(summary.includes(`${expected.pages} pages`) && summary.includes(`${expected.cards} cards`), `the summary reads "${summary}"`);
      await save('print-preview');

      await driver.click(await driver.waitForElement('[data-testid="print-save"]'));
      // textContent: WebKitWebDriver reports this status line's text as empty.
      const savedLine = await driver.waitForElement('[data-testid="print-saved"]', 30000);
      const saved = await driver.execute('return arguments[0].textContent', [{ [ELEMENT]: savedLine }]);
      const file = join(pdfDir, `${sample} — proxies.pdf`);
      check(saved.includes(file), `the dialog says "${saved}"`);
      check(existsSync(file), `no file at ${file}`);
      check(readFileSync(file).subarray(0, 5).toString() === '%PDF-', 'the file is not a PDF');
      const pdfText = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
      const missing = names.filter((name) => !pdfText.includes(name));
      check(missing.length === 0, `pdftotext does not find ${JSON.stringify(missing)}`);
      await save('print-saved');

      // The preview follows the options: game backs behind each page, bleed in a wider gap.
      const duplex = JSON.parse(
        execFileSync(
          cli,
          ['--db', db, 'print', '--deck', sample, '--out', join(work, 'cli.pdf'), '--backs', 'game', '--gap', '6', '--bleed', '3', '--json'],
          { encoding: 'utf8' },
        ),
      );
      await driver.execute(`
        const set = (id, value, event) => {
          const el = document.querySelector('[data-testid=' + id + ']');
          el.value = value;
          el.dispatchEvent(new Event(event, { bubbles: true }));
        };
        set('print-backs', 'game', 'change');
        set('print-gap', '6', 'input');
        set('print-bleed', '3', 'input');
      `);
      await driver.waitFor(`${duplex.pages} pages with backs`, async () =>
        (await driver.findAll('[data-testid="print-page"]')).length === duplex.pages &&
        (await driver.findAll('[data-testid="print-page"][data-side="back"]')).length === duplex.pages / 2,
      );
      // Every card has a bleed box on its front and on its back.
      const bleeds = (await driver.findAll('[data-testid="print-card"] .bleed')).length;
      check(bleeds === 2 * expected.cards, `${bleeds} bleed boxes for ${expected.cards} cards front and back`);
      await save('print-preview-backs');
      await driver.execute('document.querySelector("[data-testid=print-dialog]").close()');
    });

    await collectionSteps({ driver, step, check, save, cli: cliJson, openFile, saveDir: pdfDir });
    await wishlistNoteSteps({ driver, step, check, save, cli: cliJson });
    await goldfishSteps({ driver, step, check, save, cli, db, root, work });
    await playSteps({ driver, step, check, save, cli, db });
    await tableSteps({ driver, step, check, save, cli, db, root, work });
    await facesSteps({ driver, step, check, save, cli, db, work });
    await imagesSteps({ driver, step, check, save, cli: cliJson, root, openFile, saveDir: pdfDir });
    await cardSteps({ driver, step, check, save, cli: cliJson, openFile });
    await unreadableRowSteps({ driver, step, check, save, cli, db, work, restart });
    // Last: it restarts the app (a new session on the same database).
    await gamesSteps({ driver, step, check, save, cli, db, root, openFile, restart });
    // The free table of the game the games steps added.
    await playerTableSteps({ driver, step, check, save, cli, db, root, work, restart });
    // After every other step: its 10,000 cards would change what they count.
    await gridSteps({ driver, step, check, save, cli, db, root, work, shots, restart });
  } finally {
    await driver.stop();
  }
  if (smoke || only) return;

  // The dark theme: a second session of the app with GTK's dark variant, which WebKitGTK
  // reports to the page as prefers-color-scheme: dark. It opens a database of its own: the
  // first session's (after the games steps' restart) would not start a second app.
  // The first session's driver (and any app it left after the games steps' restart) goes
  // first, and is waited for: a second session started while the first app was still
  // exiting failed to start ("fetch failed") in a CI run.
  await stopAndWait(driverProcess);
  // Its own folder too: games/ beside the database would hold the games steps' game.
  const darkDb = join(work, 'dark', 'deckhand.sqlite3');
  mkdirSync(dirname(darkDb), { recursive: true });
  ({ driver } = await startSession({ ...env, DECKHAND_DB: darkDb, GTK_THEME: 'Adwaita:dark' }, app, 'dark'));
  try {
    await step('dark theme: every main screen and dialog, photographed and checked', async () => {
      // The list, whatever view the first session left remembered (its grid step).
      await driver.click(await driver.waitForElement('[data-testid="view-list"]', 20000));
      await driver.waitForElement('.card-row', 20000);
      const dark = await driver.execute('return matchMedia("(prefers-color-scheme: dark)").matches');
      check(dark, 'the page does not see the dark theme');
      await save('dark-cards');
      // The card editor with a reading of its rules text (issue 35).
      await driver.waitFor('New card enabled', async () =>
        driver.execute('return !document.querySelector(\'[data-testid="new-card"]\')?.disabled'),
      );
      await driver.click(await driver.waitForElement('[data-testid="new-card"]'));
      await driver.type(await driver.waitForElement('[data-testid="cf-text"]'), 'Draw 2 cards. Swap your hand with your deck.');
      await driver.waitForElement('[data-testid="cf-reading-state"]');
      await driver.execute('const body = document.getElementById("card-form"); body.scrollTop = document.querySelector("label[for=cf-text]").offsetTop - 8; return true;');
      await save('dark-card-editor');
      await driver.execute('document.querySelector("[data-testid=card-form]").close(); return true;');
      await driver.click(await driver.waitForElement('[data-testid="nav-decks"]'));
      await driver.waitForElement('[data-testid="deck-row"]');
      await save('dark-decks');
      await driver.click(await driver.waitForElement('[data-testid="deck-row"] .open'));
      await driver.waitForElement('[data-testid="legal-badge"]');
      await save('dark-deck-editor');
      await driver.click(await driver.waitForElement('[data-testid="view-playtest"]'));
      await driver.click(await driver.waitForElement('[data-testid="playtest-tab-step"]'));
      await driver.click(await driver.waitForElement('[data-testid="goldfish-new-game"]'));
      await driver.waitForElement('[data-testid="goldfish-board"]');
      await save('dark-playtest');
      await driver.click(await driver.waitForElement('[data-testid="nav-collection"]'));
      await driver.waitForElement('.card-row, [data-testid="collection-row"], table');
      await save('dark-collection');
      await driver.click(await driver.waitForElement('[data-testid="open-settings"]'));
      await driver.waitForElement('[data-testid="settings-dialog"]');
      await save('dark-settings');
      await driver.click(await driver.waitForElement('[data-testid="open-about"]'));
      await driver.waitForElement('[data-testid="about-version"]');
      await save('dark-about');
    });
  } finally {
    await driver.stop();
  }

  await axeStep();

  async function axeStep() {
    await step('axe-core: no serious or critical finding on any screen, in either theme', async () => {
      const blocking = axe.report();
      console.log(`# axe-core checked ${axe.screens} screens; ${blocking.length} blocking rules (target/e2e/axe.json)`);
      check(blocking.length === 0, `\n    ${blocking.join('\n    ')}`);
    });
    await step('no text cut off by its box on any screen, at 1280×800 and 1920×1080, nor a scroll bar through a dialog', async () => {
      const found = clipped.report();
      console.log(`# clipped text checked on ${clipped.screens} screens; ${found.length} findings (target/e2e/clipped.json)`);
      check(!clipped.resizeError, `the window could not be resized to check 1920×1080: ${clipped.resizeError}`);
      check(found.length === 0, `\n    ${found.join('\n    ')}`);
    });
  }
}

try {
  await main();
} catch (error) {
  failed += 1;
  console.log(`not ok - e2e setup\n  ${error.stack ?? error}`);
} finally {
  for (const child of children.reverse()) stop(child);
  rmSync(work, { recursive: true, force: true });
}
console.log(`e2e: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
