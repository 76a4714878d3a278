// Start-up time and memory of the app (docs/benchmarks.md, "The app's start-up and memory").
// Usage: node scripts/measure-app.mjs APP DATABASE [RUNS] [GAME]
// Opens APP on DATABASE under Xvfb through tauri-driver RUNS times (default 3) and prints,
// per run, the time from the session request (the app's launch) to the first card row,
// then (with GAME, e.g. the 100k-card zoids-scramble) the time to that game's card list,
// then the resident memory (RSS and PSS) of the app and of each WebKit process it started:
// after start-up, and after browsing (the list scrolled end to end and three searches).
// Use a release build and a database opened once before (the first start imports the
// bundled cards). Times are reported, never asserted: the machine is shared.
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import net from 'node:net';
import { WebDriver } from '../tests/e2e/webdriver.mjs';

const [app, db, runsArg, game] = process.argv.slice(2);
if (!app || !db) {
  console.error('usage: node scripts/measure-app.mjs APP DATABASE [RUNS]');
  process.exit(2);
}
const runs = Number(runsArg ?? 3);
const children = [];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** This run's tauri-driver: the app measured is the one below it. */
let driver;

function start(command, args, env = {}) {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: 'ignore', detached: true });
  children.push(child);
  return child;
}

function freePort() {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForPort(port) {
  for (let i = 0; i < 300; i++) {
    const ok = await new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.end(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    await sleep(50);
  }
  throw new Error(`nothing listens on port ${port}`);
}

/** Every process: pid, parent, name. */
function processes() {
  const list = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = readFileSync(`/proc/${entry}/status`, 'utf8');
      const name = /^Name:\s+(.*)$/m.exec(status)[1];
      const ppid = Number(/^PPid:\s+(\d+)$/m.exec(status)[1]);
      list.push({ pid: Number(entry), ppid, name });
    } catch {
      // Gone meanwhile.
    }
  }
  return list;
}

/** RSS and PSS in MB of the app and of the processes it started (WebKit's web and network).
 * Only the app below this run's tauri-driver counts: another deckhand-app on a shared
 * machine (someone's e2e) would otherwise be measured instead. */
function memory() {
  const all = processes();
  const below = new Set([driver.pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of all) {
      if (below.has(p.ppid) && !below.has(p.pid)) (below.add(p.pid), (grew = true));
    }
  }
  const appProc = all.find((p) => p.name.startsWith('deckhand-app') && below.has(p.pid));
  if (!appProc) return null;
  const tree = [appProc, ...all.filter((p) => p.ppid === appProc.pid)];
  return tree.flatMap((p) => {
    let status;
    try {
      status = readFileSync(`/proc/${p.pid}/status`, 'utf8');
    } catch {
      return []; // Gone since the listing (the app is closing).
    }
    const rss = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0) / 1024;
    let pss = 0;
    try {
      pss = Number(/^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${p.pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0) / 1024;
    } catch {
      // Not readable: left at 0.
    }
    return [{ name: p.name, rss: Math.round(rss), pss: Math.round(pss) }];
  });
}

function show(label, mem) {
  const total = (key) => mem.reduce((sum, p) => sum + p[key], 0);
  const parts = mem.map((p) => `${p.name} ${p.rss}/${p.pss}`).join(', ');
  console.log(`  ${label}: RSS ${total('rss')} MB, PSS ${total('pss')} MB (RSS/PSS: ${parts})`);
}

async function main() {
  const xvfb = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1280x800x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
    detached: true,
  });
  children.push(xvfb);
  const display = await new Promise((resolve) => {
    let text = '';
    xvfb.stdio[3].on('data', (d) => {
      text += d;
      if (text.includes('\n')) resolve(`:${text.trim()}`);
    });
  });
  const work = mkdtempSync(join(tmpdir(), 'deckhand-measure-'));
  const env = {
    DISPLAY: display,
    DECKHAND_DB: db,
    XDG_DATA_HOME: join(work, 'data'),
    XDG_CACHE_HOME: join(work, 'cache'),
    XDG_CONFIG_HOME: join(work, 'config'),
  };
  const port = await freePort();
  driver = start('tauri-driver', ['--port', String(port), '--native-port', String(await freePort())], env);
  await waitForPort(port);
  for (let run = 1; run <= runs; run++) {
    const driver = new WebDriver(`http://127.0.0.1:${port}`);
    const launched = performance.now();
    await driver.start({ 'tauri:options': { application: app } });
    await driver.waitForElement('.card-row', 60000);
    const ms = Math.round(performance.now() - launched);
    console.log(`run ${run}: launch to first card list ${ms} ms`);
    await sleep(3000);
    show('after start-up', memory());
    if (game) {
      // The rows on screen now are the first game's: the wait is for the new game's.
      await driver.execute(`document.querySelectorAll('.card-row').forEach((row) => (row.dataset.old = '1'))`);
      const opened = performance.now();
      await driver.click(await driver.waitForElement(`[data-testid="game-${game}"]`, 10000));
      await driver.waitFor(`${game}'s cards`, async () =>
        driver.execute(`return document.querySelector('.card-row:not([data-old])') !== null`), 60000);
      console.log(`  ${game}: click to card list ${Math.round(performance.now() - opened)} ms`);
      await sleep(3000);
      show(`${game} opened`, memory());
    }
    // Browse: scroll the list end to end in steps, then search three times.
    await driver.execute(`
      let el = document.querySelector('.card-row').parentElement;
      while (el && el.scrollHeight <= el.clientHeight) el = el.parentElement;
      window.__scroller = el;`);
    for (let i = 0; i <= 20; i++) {
      await driver.execute(`const el = window.__scroller; if (el) el.scrollTop = el.scrollHeight * ${i / 20};`);
      await sleep(100);
    }
    const search = (await driver.findAll('input[type="search"], input.search'))[0];
    for (const query of ['type:zoid', 'power>=5', 'name:/a.*b/']) {
      if (!search) break;
      await driver.clear(search);
      await driver.type(search, query);
      await sleep(800);
    }
    await sleep(2000);
    show('after browsing', memory());
    await driver.stop();
    // The next run starts once this app and its WebKit processes are gone.
    for (let i = 0; i < 100 && memory(); i++) await sleep(100);
  }
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => {
    for (const child of children) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
    }
  });
