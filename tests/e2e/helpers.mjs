// What several step modules do the same way: read text off the page, open a deck (in its
// editor, its Playtest view), press a Ctrl chord, and read the free table. Kept here so a
// change to a screen's test ids is made once.

/** The trimmed text of the first element `selector` finds ('' when none). */
export async function textOf(driver, selector) {
  return (await driver.execute(`return document.querySelector(${JSON.stringify(selector)})?.textContent ?? ''`)).trim();
}

/** The trimmed text of every element `selector` finds, in document order. */
export function textsOf(driver, selector) {
  return driver.execute(`return [...document.querySelectorAll(${JSON.stringify(selector)})].map((e) => e.textContent.trim())`);
}

/** Clicks the element with `data-testid="testid"` once it is there. */
export async function clickTestid(driver, testid) {
  await driver.click(await driver.waitForElement(`[data-testid="${testid}"]`));
}

/** Opens the deck named `name` of `gameId` in the editor, from wherever the app is. */
export async function openDeck(driver, gameId, name) {
  if ((await driver.findAll('[data-testid="deck-back"]')).length) await clickTestid(driver, 'deck-back');
  // Earlier steps may have left the app on another view (the collection): go to the decks.
  await clickTestid(driver, 'nav-decks');
  await clickTestid(driver, `game-${gameId}`);
  const row = await driver.waitFor(`the deck ${name}`, async () => {
    for (const r of await driver.findAll('[data-testid="deck-row"]')) if ((await driver.text(r)).includes(name)) return r;
    return null;
  });
  await driver.click(row);
}

/** Opens the deck named `name` of `gameId` in its Playtest view. */
export async function openDeckPlaytest(driver, gameId, name) {
  await openDeck(driver, gameId, name);
  await clickTestid(driver, 'view-playtest');
}

/** Ctrl (+ Shift) + key as one chord: `driver.keys` presses keys one after another. */
export function chordOf(driver) {
  return (key, shift = false) => {
    const mods = shift ? ['\uE009', '\uE008'] : ['\uE009'];
    const actions = [...mods.map((value) => ({ type: 'keyDown', value })), { type: 'keyDown', value: key }, { type: 'keyUp', value: key }, ...mods.reverse().map((value) => ({ type: 'keyUp', value }))];
    return driver.request('POST', '/actions', { actions: [{ type: 'key', id: 'keyboard', actions }] });
  };
}

/** The free table as the page shows it: each zone's count and card names, the cards face
 * down and exhausted, the counters and the turn. */
export function tableSnapshot(driver) {
  return driver.execute(`
    const zones = [...document.querySelectorAll('[data-testid="free-table"] [data-testid="table-zone"]')];
    return {
      ids: zones.map((z) => z.dataset.zone),
      zoneNames: zones.map((z) => z.querySelector('.zone-name').textContent.trim()),
      counts: Object.fromEntries(zones.map((z) => [z.dataset.zone, Number(z.dataset.count)])),
      names: Object.fromEntries(zones.map((z) => [z.dataset.zone, [...z.querySelectorAll('[data-testid="table-card"] .name')].map((n) => n.textContent.trim())])),
      down: Object.fromEntries(zones.map((z) => [z.dataset.zone, z.querySelectorAll('[data-testid="table-card"].down').length])),
      exhausted: [...document.querySelectorAll('[data-testid="free-table"] [data-testid="table-zone"] [data-testid="table-card"][data-exhausted="true"]')].map((c) => Number(c.dataset.uid)),
      counters: [...document.querySelectorAll('[data-testid="free-table"] [data-testid="table-counters"]')].map((c) => c.textContent.replace(/\\D/g, '')),
      turn: document.querySelector('[data-testid="table-turn"]')?.textContent.trim() ?? '',
    };`);
}

/** A function that waits until the free table satisfies `ok` and returns what it shows;
 * failing, it says what the table read instead. */
export function tableSettler(driver, check) {
  return async (description, ok) => {
    let last = null;
    try {
      await driver.waitFor(description, async () => ok((last = await tableSnapshot(driver))) || null);
    } catch {
      check(false, `${description}: the table reads ${JSON.stringify(last)}`);
    }
    return last;
  };
}

/** Whether two plain values are alike (as JSON). */
export const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
