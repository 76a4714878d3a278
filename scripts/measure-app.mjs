// Start-up time and memory of the app (docs/benchmarks.md, "The app's start-up and memory").
// Usage: node scripts/measure-app.mjs APP DATABASE [RUNS] [GAME]
// Opens APP on DATABASE under Xvfb through tauri-driver RUNS times (default 3) and prints,
// per run, the time from the session request (the app's launch) to the first card row,
// then (with GAME, e.g. the 100k-card zoids-scramble) the time to that game's card list,
// then the resident memory (RSS and PSS) of the app and of each WebKit process it started:
// after start-up, and after browsing (the list scrolled end to end and three searches).
// With MEASURE_MAPPINGS=1 it also prints each process's PSS by mapping (libraries, heap,
// anonymous memory), and the page's JavaScript heap when WebKit reports one.
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

/** Sums the `smaps_rollup` fields of `pid`, in MB: Pss, Private_* (USS), Shared_*. */
function rollup(pid) {
  const text = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
  const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(text)?.[1] ?? 0);
  return {
    pss: kb('Pss') / 1024,
    uss: (kb('Private_Clean') + kb('Private_Dirty')) / 1024,
    shared: (kb('Shared_Clean') + kb('Shared_Dirty')) / 1024,
  };
}

/** PSS in MB of `pid` by what is mapped: the largest libraries, the heap, anonymous memory. */
function byMapping(pid) {
  const sums = new Map();
  let name = '';
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const head = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      const path = head[1];
      name = path === '' ? '[anonymous]' : path.startsWith('/') ? path.split('/').pop().replace(/\.so.*$/, '') : path;
      continue;
    }
    const pss = /^Pss:\s+(\d+)/.exec(line);
    if (pss) sums.set(name, (sums.get(name) ?? 0) + Number(pss[1]) / 1024);
  }
  return [...sums].sort((a, b) => b[1] - a[1]);
}

/** The app measured: its process and the processes it started (WebKit's web and network).
 * Only the app below this run's tauri-driver counts: another deckhand-app on a shared
 * machine (someone's e2e) would otherwise be measured instead. */
function appTree() {
  const all = processes();
  const below = new Set([driver.pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of all) {
      if (below.has(p.ppid) && !below.has(p.pid)) (below.add(p.pid), (grew = true));
    }
  }
  const appProc = all.find((p) => p.name.startsWith('deckhand-app') && below.has(p.pid));
  return appProc ? [appProc, ...all.filter((p) => p.ppid === appProc.pid)] : null;
}

/** RSS, PSS, USS (private) and shared memory in MB of each process of the app. */
function memory() {
  const tree = appTree();
  if (!tree) return null;
  return tree.flatMap((p) => {
    let status;
    try {
      status = readFileSync(`/proc/${p.pid}/status`, 'utf8');
    } catch {
      return []; // Gone since the listing (the app is closing).
    }
    const rss = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0) / 1024;
    let parts = { pss: 0, uss: 0, shared: 0 };
    try {
      parts = rollup(p.pid);
    } catch {
      // Not readable: left at 0.
    }
    const round = (mb) => Math.round(mb);
    return [{ pid: p.pid, name: p.name, rss: round(rss), pss: round(parts.pss), uss: round(parts.uss), shared: round(parts.shared) }];
  });
}

function show(label, mem) {
  const total = (key) => mem.reduce((sum, p) => sum + p[key], 0);
  const parts = mem.map((p) => `${p.name} ${p.rss}/${p.pss}/${p.uss}`).join(', ');
  // Another WebKit app running meanwhile shares WebKit's library pages: this app's PSS and
  // USS then drop by its share (RSS does not move), so the figures say when it happened.
  const ours = new Set(mem.map((p) => p.pid));
  const others = processes().filter((p) => p.name.startsWith('WebKitWebProces') && !ours.has(p.pid)).length;
  console.log(
    `  ${label}: RSS ${total('rss')} MB, PSS ${total('pss')} MB, USS ${total('uss')} MB ` +
      `(RSS/PSS/USS: ${parts})${others ? `; ${others} other WebKit web process(es) running` : ''}`,
  );
  if (process.env.MEASURE_MAPPINGS) {
    for (const p of mem) {
      try {
        const top = byMapping(p.pid).slice(0, 12).map(([n, mb]) => `${n} ${mb.toFixed(1)}`);
        console.log(`    ${p.name} PSS by mapping (MB): ${top.join(', ')}`);
      } catch {
        // Gone meanwhile.
      }
    }
  }
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
    if (process.env.MEASURE_MAPPINGS) {
      const heap = await driver.execute(
        `return window.performance && performance.memory ? JSON.stringify({used: performance.memory.usedJSHeapSize, total: performance.memory.totalJSHeapSize}) : 'not reported'`,
      );
      console.log(`    the page's JS heap: ${heap}`);
    }
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
