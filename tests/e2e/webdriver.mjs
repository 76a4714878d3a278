// A minimal W3C WebDriver client over fetch: enough to drive the Tauri app through
// tauri-driver without pulling a test framework into the repository.

export const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';

export class WebDriver {
  constructor(base) {
    this.base = base;
    this.session = null;
  }

  async request(method, path, body) {
    const url = `${this.base}${this.session ? `/session/${this.session}` : ''}${path}`;
    const response = await fetch(url, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await response.json().catch(() => ({}));
    if (!response.ok) {
      const detail = json.value?.message ?? JSON.stringify(json);
      throw new Error(`${method} ${path} failed (${response.status}): ${detail}`);
    }
    return json.value;
  }

  async start(capabilities) {
    const value = await this.request('POST', '/session', { capabilities: { alwaysMatch: capabilities } });
    this.session = value.sessionId;
  }

  async stop() {
    if (!this.session) return;
    await this.request('DELETE', '').catch(() => {});
    this.session = null;
  }

  async findAll(css) {
    const found = await this.request('POST', '/elements', { using: 'css selector', value: css });
    return found.map((e) => e[ELEMENT]);
  }

  async text(element) {
    return this.request('GET', `/element/${element}/text`);
  }

  async click(element) {
    await this.request('POST', `/element/${element}/click`, {});
  }

  async type(element, text) {
    await this.request('POST', `/element/${element}/value`, { text, value: [...text] });
  }

  async clear(element) {
    await this.request('POST', `/element/${element}/clear`, {});
  }

  async execute(script, args = []) {
    return this.request('POST', '/execute/sync', { script, args });
  }

  /** Runs `script` with a callback as its last argument; resolves to what it passes. */
  async executeAsync(script, args = []) {
    return this.request('POST', '/execute/async', { script, args });
  }

  /** The window's position and size ({ x, y, width, height }). */
  async windowRect() {
    return this.request('GET', '/window/rect');
  }

  /** Resizes the window (the page sees the new size once the window manager agrees). */
  async setWindowRect(rect) {
    return this.request('POST', '/window/rect', rect);
  }

  /** Presses `keys` (Tab, Enter: WebDriver's key codes) on whatever has the focus. */
  async keys(keys) {
    const actions = [...keys].flatMap((key) => [
      { type: 'keyDown', value: key },
      { type: 'keyUp', value: key },
    ]);
    await this.request('POST', '/actions', { actions: [{ type: 'key', id: 'keyboard', actions }] });
  }

  /**
   * The window as a PNG. WebKit's automation answers after the page's next paint, and with
   * the DMA-BUF renderer off (the app's choice without a GPU, as under Xvfb) a page that
   * stays still never paints again: the request waited forever on the Decks screen. An
   * opacity flicker of 0.1 % (at most one level of a pixel's colour) paints every 50 ms
   * until the picture is taken.
   */
  async screenshot() {
    await this.execute(
      'const root = document.documentElement;' +
        'clearInterval(window.__deckhandPaint);' +
        'window.__deckhandPaint = setInterval(() => { root.style.opacity = root.style.opacity ? "" : "0.999"; }, 50);',
    );
    try {
      return Buffer.from(await this.request('GET', '/screenshot'), 'base64');
    } finally {
      await this.execute(
        'clearInterval(window.__deckhandPaint); document.documentElement.style.opacity = "";',
      ).catch(() => {});
    }
  }

  /** Polls `probe` until it returns a truthy value or `timeoutMs` passes. */
  async waitFor(description, probe, timeoutMs = 10000) {
    const deadline = Date.now() + timeoutMs;
    let lastError;
    while (Date.now() < deadline) {
      try {
        const value = await probe();
        if (value) return value;
      } catch (error) {
        lastError = error;
      }
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`timed out waiting for ${description}${lastError ? `: ${lastError.message}` : ''}`);
  }

  /** Waits for an element matching `css` and returns the first. */
  async waitForElement(css, timeoutMs) {
    return this.waitFor(`element ${css}`, async () => (await this.findAll(css))[0], timeoutMs);
  }
}
