// Text a player cannot read because its box cuts it off: run on every screen the e2e
// photographs, at 1280×800 (the window's default size) and at 1920×1080. A finding is
// text that overflows the box clipping it (overflow hidden or clip, text-overflow:
// ellipsis): a heading cut to "Eclipse Hor", a switch to "Playt", a placeholder or a
// column header cut next to free space. Text whose own box or an ancestor's title shows
// it whole (a long card name shortened on purpose, with its tooltip) is not a finding;
// a scroll container is not clipping (its text is reachable by scrolling). Text that is not
// clipped but spills out of its cell over a neighbour's box (a grid's column header running
// into the next one, "CONDITION" over "LOCATION") is a finding too: both become unreadable.
// While a modal dialog is open, nothing behind it may scroll: WebKitGTK draws a scrolling
// box's overlay scroll bar above the dialog.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The sizes every screen is checked at (the first is the window's own). */
export const SIZES = [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
];

// Runs in the page; returns the findings on the screen as it is now.
const PROBE = `
  const findings = [];
  const describe = (el) => {
    const id = el.closest('[data-testid]')?.dataset.testid;
    const cls = el.classList.length ? '.' + [...el.classList].filter((c) => !c.startsWith('svelte-')).join('.') : '';
    return (id ? '[' + id + '] ' : '') + el.tagName.toLowerCase() + cls;
  };
  const shown = (el) => {
    const r = el.getBoundingClientRect();
    if (r.width < 2 || r.height < 2) return false;
    if (el.closest('[hidden], [inert], [aria-hidden="true"]')) return false;
    const s = getComputedStyle(el);
    return s.visibility !== 'hidden' && s.display !== 'none' && Number(s.opacity) > 0;
  };
  // The whole text is offered on hover, on the element or a near ancestor.
  // (Letters and digits compared: a title may quote the text, "Undo “add 2 Liger”".)
  const bare = (t) => t.toLowerCase().replace(/[^\\p{L}\\p{N}]+/gu, '');
  const titled = (el, text) => {
    const want = bare(text).slice(0, 40);
    for (let a = el; a && a !== document.body; a = a.parentElement) {
      const title = a.getAttribute('title') ?? '';
      if (title && want && bare(title).includes(want)) return true;
    }
    return false;
  };
  // Visually hidden text (for screen readers) is clipped on purpose.
  const visuallyHidden = (el) => {
    for (let a = el; a && a !== document.body; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.clipPath && s.clipPath !== 'none') return true;
      if (s.clip && s.clip !== 'auto') return true;
      if (s.position === 'absolute' && a.getBoundingClientRect().width <= 1) return true;
    }
    return false;
  };
  const seen = new Set();
  // 1. Text nodes overflowing the nearest box that clips them horizontally.
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent.trim();
    if (!text) continue;
    const parent = node.parentElement;
    if (!parent || !shown(parent) || ['SCRIPT', 'STYLE', 'OPTION', 'TEXTAREA'].includes(parent.tagName)) continue;
    let clipper = null;
    for (let a = parent; a && a !== document.body; a = a.parentElement) {
      const s = getComputedStyle(a);
      if (s.overflowX === 'auto' || s.overflowX === 'scroll') break;
      if (s.overflowX === 'hidden' || s.overflowX === 'clip' || s.textOverflow === 'ellipsis') {
        clipper = a;
        break;
      }
    }
    if (!clipper || seen.has(clipper) || !shown(clipper)) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
    if (!rects.length) continue;
    const box = clipper.getBoundingClientRect();
    const left = box.left + clipper.clientLeft;
    const right = left + clipper.clientWidth;
    const over = Math.max(...rects.map((r) => r.right)) - right;
    const under = left - Math.min(...rects.map((r) => r.left));
    // A text row scrolled out of a clipped window (a list's rows) is not cut, it is away.
    const top = box.top + clipper.clientTop;
    const bottom = top + clipper.clientHeight;
    if (rects.every((r) => r.bottom <= top || r.top >= bottom)) continue;
    // Another line of the same text, outside a clipped strip, is the ellipsis's business.
    const wide = clipper.scrollWidth > clipper.clientWidth + 1;
    if ((over > 1.5 || under > 1.5 || (wide && getComputedStyle(clipper).textOverflow === 'ellipsis')) && !titled(parent, text) && !visuallyHidden(parent)) {
      seen.add(clipper);
      findings.push({ kind: 'clipped', where: describe(clipper), text: clipper.textContent.trim().replace(/\\s+/g, ' ').slice(0, 60), by: Math.round(Math.max(over, under, clipper.scrollWidth - clipper.clientWidth)) });
    }
  }
  // 2. Text spilling out of its cell (a grid or flex item, a table cell) over a sibling's
  // box: unclipped, it is drawn over its neighbour. Only boxes in the flow count as
  // neighbours (a tooltip or popover laid over the page is meant to cover).
  const cellOf = (el) => {
    for (let a = el; a && a.parentElement && a !== document.body; a = a.parentElement) {
      const d = getComputedStyle(a.parentElement).display;
      if (/grid|flex/.test(d) || getComputedStyle(a).display === 'table-cell') return a;
    }
    return null;
  };
  const inFlow = (el) => !['absolute', 'fixed'].includes(getComputedStyle(el).position);
  // Text inside a box that clips it (overflow not visible, up to its cell) cannot spill: a
  // range's rects ignore the clipping, and cut text is the first rule's finding.
  const clippedWithin = (el, cell) => {
    for (let a = el; a; a = a.parentElement) {
      if (getComputedStyle(a).overflowX !== 'visible') return true;
      if (a === cell) return false;
    }
    return false;
  };
  const spilled = new Set();
  const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = texts.nextNode(); node; node = texts.nextNode()) {
    if (!node.textContent.trim()) continue;
    const parent = node.parentElement;
    if (!parent || !shown(parent) || visuallyHidden(parent) || ['SCRIPT', 'STYLE', 'OPTION', 'TEXTAREA'].includes(parent.tagName)) continue;
    const cell = cellOf(parent);
    if (!cell || spilled.has(cell) || !inFlow(cell) || clippedWithin(parent, cell)) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
    if (!rects.length) continue;
    const box = cell.getBoundingClientRect();
    if (Math.max(...rects.map((r) => r.right)) - box.right <= 1.5 && box.left - Math.min(...rects.map((r) => r.left)) <= 1.5) continue;
    for (const other of cell.parentElement.children) {
      if (other === cell || !shown(other) || !inFlow(other) || other.contains(cell)) continue;
      const o = other.getBoundingClientRect();
      const overlap = Math.max(
        ...rects.map((r) => Math.min(r.right, o.right) - Math.max(r.left, o.left) > 1.5 && Math.min(r.bottom, o.bottom) - Math.max(r.top, o.top) > 1.5 ? Math.min(r.right, o.right) - Math.max(r.left, o.left) : 0),
      );
      if (overlap > 0) {
        spilled.add(cell);
        findings.push({ kind: 'overlapping', where: describe(cell) + ' over ' + describe(other), text: node.textContent.trim().replace(/\s+/g, ' ').slice(0, 60), by: Math.round(overlap) });
        break;
      }
    }
  }
  // 3. Placeholders and chosen options wider than their field.
  const canvas = document.createElement('canvas').getContext('2d');
  const widthOf = (el, text) => {
    const s = getComputedStyle(el);
    canvas.font = s.fontStyle + ' ' + s.fontWeight + ' ' + s.fontSize + ' ' + s.fontFamily;
    return canvas.measureText(text).width;
  };
  // A typed value longer than 40 characters may scroll inside its field as it is edited;
  // a shorter one cut off is a finding (a deck name "Eclipse Horizon" shown "Eclipse Hor").
  for (const el of document.querySelectorAll('input:not([type]), input[type=text], input[type=search], input[type=number], select')) {
    // A select narrower than 32 px is an icon (a deck line's "move to" arrow), not text.
    if (!shown(el) || (el.tagName === 'SELECT' && el.clientWidth < 32)) continue;
    const s = getComputedStyle(el);
    const room = el.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight) - (el.tagName === 'SELECT' ? 20 : 0);
    const select = el.tagName === 'SELECT';
    const text = select ? el.selectedOptions[0]?.textContent.trim() ?? '' : el.value === '' ? el.placeholder ?? '' : el.value;
    if (!text) continue;
    const need = widthOf(el, text);
    const kind = select ? 'clipped choice' : el.value === '' ? 'clipped placeholder' : 'clipped value';
    if (need > room + 1 && !titled(el, text) && (kind !== 'clipped value' || text.length <= 40)) {
      findings.push({ kind, where: describe(el), text: text.slice(0, 60), by: Math.round(need - room) });
    }
  }
  // 4. Scroll bars behind a modal dialog.
  const dialogs = [...document.querySelectorAll('dialog[open]')];
  if (dialogs.some((d) => d.matches(':modal'))) {
    for (const el of document.querySelectorAll('body *')) {
      // Any open dialog's own scrolling is its own (About over Settings).
      if (dialogs.some((d) => d.contains(el)) || !shown(el)) continue;
      const s = getComputedStyle(el);
      const scrolls = (/(auto|scroll)/.test(s.overflowY) && el.scrollHeight > el.clientHeight + 1) || (/(auto|scroll)/.test(s.overflowX) && el.scrollWidth > el.clientWidth + 1);
      // Only a box that cannot scroll hides its bar in WebKitGTK: scrollbar-width and
      // custom bars do not hide an overlay scroll bar there (seen in the screenshots).
      if (scrolls) {
        findings.push({ kind: 'scroll bar behind a dialog', where: describe(el), text: '', by: 0 });
      }
    }
  }
  return findings;
`;

export class ClipAudit {
  constructor(shots) {
    this.shots = shots;
    // "kind where: text" → { finding, screens: Set of "screen @ size" }
    this.findings = new Map();
    this.screens = 0;
  }

  /**
   * Checks the screen at each size; the window is back at its own size after. A driver
   * that cannot resize the window is checked at its own size and said so once.
   */
  async check(driver, screen) {
    this.screens += 1;
    const own = await driver.windowRect().catch(() => null);
    for (const [i, size] of SIZES.entries()) {
      if (i > 0) {
        if (!own) break;
        try {
          await driver.setWindowRect(size);
        } catch (error) {
          this.resizeError ??= error.message;
          break;
        }
        await driver.waitFor('the page at the new size', async () => driver.execute(`return innerWidth === ${size.width} || innerWidth > ${SIZES[0].width}`), 3000).catch(() => {});
        // Two frames: layout after the resize.
        await driver.executeAsync('const done = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(() => done(true)));');
      }
      const label = `${size.width}×${size.height}`;
      const found = await driver.execute(PROBE).catch((error) => [{ kind: 'probe failed', where: '', text: error.message, by: 0 }]);
      for (const f of found) {
        const key = `${f.kind} ${f.where}: "${f.text}"`;
        const entry = this.findings.get(key) ?? { finding: f, screens: new Set() };
        entry.screens.add(`${screen} @ ${label}`);
        this.findings.set(key, entry);
      }
    }
    if (own && (await driver.windowRect().catch(() => own)).width !== own.width) {
      await driver.setWindowRect({ width: own.width, height: own.height }).catch(() => {});
      await driver.executeAsync('const done = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(() => done(true)));').catch(() => {});
    }
  }

  /** Writes clipped.json beside the screenshots; returns one line per finding. */
  report() {
    const all = [...this.findings].map(([key, f]) => ({ key, ...f.finding, screens: [...f.screens] }));
    writeFileSync(join(this.shots, 'clipped.json'), `${JSON.stringify({ screens: this.screens, resizeError: this.resizeError ?? null, findings: all }, null, 2)}\n`);
    return all.map((f) => `${f.key} (by ${f.by} px) on ${f.screens.slice(0, 4).join(', ')}${f.screens.length > 4 ? ` and ${f.screens.length - 4} more` : ''}`);
  }
}
