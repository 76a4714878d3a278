// Accessibility checks inside the real app: axe-core (ui/'s dev dependency) injected into
// the webview and run on every screen the e2e photographs, keyboard reachability with a
// visible focus, and the screens again in the dark theme.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ELEMENT } from './webdriver.mjs';

const BLOCKING = new Set(['serious', 'critical']);

export class AxeAudit {
  constructor(root, shots) {
    this.source = readFileSync(join(root, 'ui/node_modules/axe-core/axe.min.js'), 'utf8');
    this.shots = shots;
    // rule id → { impact, help, screens: Set, targets: Set }
    this.findings = new Map();
    this.screens = 0;
  }

  /** Runs axe on what the page shows now; records serious and critical findings. */
  async check(driver, screen) {
    // A reload (restore) drops the injected script: inject again when it is missing.
    const present = await driver.execute('return typeof window.axe === "object"');
    if (!present) await driver.execute(`${this.source}; return true;`);
    const violations = await driver.executeAsync(`
      const done = arguments[arguments.length - 1];
      window.axe
        .run(document, { resultTypes: ['violations'] })
        .then((r) => done(r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
          targets: v.nodes.slice(0, 5).map((n) => {
            const c = n.any?.[0]?.data;
            const contrast = c?.contrastRatio ? \` (\${c.fgColor} on \${c.bgColor}: \${c.contrastRatio})\` : '';
            return n.target.join(' ') + contrast;
          }) }))))
        .catch((e) => done([{ id: 'axe-error', impact: 'critical', help: String(e), targets: [] }]));
    `);
    this.screens += 1;
    for (const v of violations) {
      if (!BLOCKING.has(v.impact)) continue;
      const entry = this.findings.get(v.id) ?? { impact: v.impact, help: v.help, screens: new Set(), targets: new Set() };
      entry.screens.add(screen);
      for (const t of v.targets) entry.targets.add(t);
      this.findings.set(v.id, entry);
    }
  }

  /** Writes axe.json beside the screenshots; returns one line per blocking rule. */
  report() {
    const rules = [...this.findings].map(([id, f]) => ({
      id,
      impact: f.impact,
      help: f.help,
      screens: [...f.screens],
      targets: [...f.targets].slice(0, 10),
    }));
    writeFileSync(join(this.shots, 'axe.json'), `${JSON.stringify({ screens: this.screens, blocking: rules }, null, 2)}\n`);
    return rules.map((r) => `${r.impact} ${r.id} (${r.help}) on ${r.screens.join(', ')}: ${r.targets.join(' | ')}`);
  }
}

/** What has the focus: its test id, else its tag and text; and whether its focus shows. */
const FOCUSED = `
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  const style = getComputedStyle(el);
  const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
  const ring = style.boxShadow && style.boxShadow !== 'none';
  return {
    id: el.dataset.testid ?? null,
    label: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40),
    tag: el.tagName.toLowerCase(),
    visible: outline || ring,
  };
`;

/**
 * Tabs through the main screen from the top and checks that the views, every game, the
 * search box and Settings are reached, each with a visible focus; then opens Settings
 * with the keyboard alone and closes it with Escape.
 */
export async function keyboardSteps({ driver, step, check, save }) {
  await step('keyboard: Tab reaches every main control, each with a visible focus', async () => {
    await driver.click(await driver.waitForElement('[data-testid="nav-cards"]'));
    await driver.waitForElement('.card-row');
    await driver.execute('document.activeElement?.blur(); document.body.focus();');
    const seen = [];
    for (let i = 0; i < 40; i += 1) {
      await driver.keys('\uE004');
      const focused = await driver.execute(FOCUSED);
      if (focused) seen.push(focused);
      // The sidebar comes first, then the card browser: stop once past its search box.
      if (focused?.id === 'search-input') break;
    }
    const ids = seen.map((f) => f.id);
    const games = await driver.execute('return [...document.querySelectorAll("[data-testid^=game-]")].map((b) => b.dataset.testid)');
    for (const wanted of ['nav-cards', 'nav-decks', 'nav-collection', ...games, 'search-input', 'open-settings']) {
      check(ids.includes(wanted), `Tab never reaches ${wanted}: ${JSON.stringify(ids)}`);
    }
    const hidden = seen.filter((f) => !f.visible);
    check(hidden.length === 0, `focus is invisible on ${JSON.stringify(hidden)}`);
    await save('keyboard-focus-settings');
  });

  await step('keyboard: Enter opens Settings, Tab reaches its buttons, Escape closes it', async () => {
    await driver.execute('document.activeElement?.blur(); document.body.focus();');
    let focused = null;
    for (let i = 0; i < 40 && focused?.id !== 'open-settings'; i += 1) {
      await driver.keys('\uE004');
      focused = await driver.execute(FOCUSED);
    }
    check(focused?.id === 'open-settings', `Tab never reached Settings; last ${JSON.stringify(focused)}`);
    await driver.keys('\uE007');
    await driver.waitForElement('[data-testid="settings-dialog"]');
    // The dialog's content arrives after it opens (the backups and the log folder, whose
    // button stays disabled until then): Tab through it as a person would, once it shows.
    await driver.waitFor('the log folder shown', async () =>
      driver.execute('return document.querySelector(\'[data-testid="open-log-folder"]\')?.disabled === false'),
    );
    const seen = [];
    for (let i = 0; i < 30; i += 1) {
      await driver.keys('\uE004');
      const now = await driver.execute(FOCUSED);
      if (now) seen.push(now);
      if (now?.id === 'backup-now') break;
    }
    const ids = seen.map((f) => f.id);
    for (const wanted of ['open-log-folder', 'open-about', 'restore-file', 'backup-now']) {
      check(ids.includes(wanted), `Tab never reaches ${wanted} in Settings: ${JSON.stringify(seen)}`);
    }
    const hidden = seen.filter((f) => !f.visible);
    check(hidden.length === 0, `focus is invisible on ${JSON.stringify(hidden)}`);
    await save('keyboard-settings');
    await driver.keys('\uE00C');
    await driver.waitFor('Settings closed', async () => (await driver.findAll('[data-testid="settings-dialog"]')).length === 0);
  });
}

/** Settings' log folder and the About dialog, whose licence lists come from the lock files. */
export async function aboutSteps({ driver, step, check, save, db, version }) {
  await step('Settings shows the log folder; About shows the version, the database and the licences', async () => {
    await driver.click(await driver.waitForElement('[data-testid="open-settings"]'));
    const logDir = await driver.waitFor('the log folder', async () => {
      const el = (await driver.findAll('[data-testid="log-dir"]'))[0];
      const text = el && (await driver.execute('return arguments[0].textContent', [{ [ELEMENT]: el }]));
      return text && text.startsWith('/') ? text : null;
    });
    check(logDir === join(db, '..', 'logs'), `the log folder reads ${logDir}`);
    await driver.click(await driver.waitForElement('[data-testid="open-about"]'));
    const about = await driver.waitForElement('[data-testid="about-version"]');
    check((await driver.text(about)) === version, `About says version ${await driver.text(about)}, the workspace ${version}`);
    const dbShown = await driver.execute('return document.querySelector("[data-testid=about-db-path]").textContent');
    check(dbShown === db, `About names the database ${dbShown}`);
    // The licences wait behind a button: the dialog opens on what a player looks for.
    check((await driver.findAll('[data-testid="about-crates"]')).length === 0, 'About lists the licences before they are asked for');
    await save('about');
    await driver.click(await driver.waitForElement('[data-testid="about-licences"]'));
    await driver.waitForElement('[data-testid="about-crates"]');
    const counts = await driver.execute(
      'return ["about-crates", "about-npm"].map((id) => document.querySelectorAll(`[data-testid=${id}] tbody tr`).length)',
    );
    check(counts[0] > 100 && counts[1] > 5, `About lists ${counts[0]} crates and ${counts[1]} npm packages`);
    const rows = await driver.execute('return [...document.querySelectorAll("[data-testid=about-crates] tbody tr")].map((r) => r.textContent)');
    check(rows.some((r) => r.startsWith('tauri2.') && /MIT/.test(r)), `no tauri row with its licence: ${rows.slice(0, 5)}`);
    await save('about-licences');
    await driver.execute('document.querySelector("[data-testid=about-dialog]").close()');
    await driver.execute('document.querySelector("[data-testid=settings-dialog]").close()');
  });
}

/** A command that panics (the e2e build's `e2e_panic`) answers an error the page shows. */
export async function panicSteps({ driver, step, check, save }) {
  await step('a panic inside a command is answered as an error the page shows, and the app keeps working', async () => {
    // Not awaited by the page: the unhandled rejection reaches the app's error banner.
    await driver.execute('window.__TAURI_INTERNALS__.invoke("e2e_panic"); return true;');
    const banner = await driver.waitForElement('[data-testid="app-error"]', 10000);
    const text = await driver.execute('return arguments[0].textContent', [{ [ELEMENT]: banner }]);
    check(/internal error/.test(text) && /log/.test(text), `the banner reads "${text}"`);
    await save('panic-shown');
    const games = await driver.executeAsync(
      'const done = arguments[0]; window.__TAURI_INTERNALS__.invoke("list_games").then((g) => done(g.length), (e) => done(String(e)));',
    );
    check(typeof games === 'number' && games > 0, `after the panic list_games answered ${games}`);
    await driver.click(await driver.waitForElement('[data-testid="app-error"] button'));
  });
}
