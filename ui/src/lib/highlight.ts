// Splits text into plain and highlighted segments for the words and phrases a search
// matched. Pure and DOM-free: `Highlight.svelte` renders the segments as text and <mark>s,
// so card text never goes through {@html}.

export interface Segment {
  text: string;
  mark: boolean;
}

// The backend folds query words (lower case; curly quotes become straight ones), so a
// straight quote in a term must also match the typographic quotes in card text.
const QUOTE_CLASSES: Record<string, string> = {
  "'": "['\u2018\u2019\u201A\u201B\u2032]",
  '"': '["\u201C\u201D\u201E\u201F\u2033]',
};

const WORD_CHAR = /[\p{L}\p{N}]/u;

function escapeChar(ch: string): string {
  return QUOTE_CLASSES[ch] ?? ch.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

function termPattern(term: string): string {
  return term
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => Array.from(word, escapeChar).join(''))
    .join('\\s+');
}

/** Compiled terms: one case-insensitive alternation, longest terms first. */
export interface Highlighter {
  readonly regex: RegExp;
}

let cacheKey: string | null = null;
let cacheValue: Highlighter | null = null;

/**
 * Compiles highlight terms (words or phrases) into a matcher, or `null` when there is
 * nothing to highlight. The last compilation is cached, since every row of a result list
 * uses the same terms.
 */
export function compileHighlight(terms: readonly string[]): Highlighter | null {
  const cleaned = [...new Set(terms.map((t) => t.trim().toLowerCase()).filter(Boolean))];
  const key = cleaned.join('\u0000');
  if (key === cacheKey) return cacheValue;
  cacheKey = key;
  cacheValue =
    cleaned.length === 0
      ? null
      : {
          regex: new RegExp(
            cleaned
              .sort((a, b) => b.length - a.length)
              .map(termPattern)
              .join('|'),
            'giu',
          ),
        };
  return cacheValue;
}

/**
 * `text` cut into segments, with `mark: true` on each occurrence of a term. Matching is
 * case-insensitive and starts at a word boundary, but may end inside a word (a bare search
 * word also matches as a prefix: "storm" marks the "Storm" of "Stormcaller"). Joining the
 * segments' text always gives back `text` unchanged.
 */
export function highlightSegments(
  text: string,
  terms: readonly string[] | Highlighter | null,
): Segment[] {
  const highlighter = Array.isArray(terms)
    ? compileHighlight(terms)
    : (terms as Highlighter | null);
  if (!highlighter || text === '') return [{ text, mark: false }];

  const regex = new RegExp(highlighter.regex.source, highlighter.regex.flags);
  const segments: Segment[] = [];
  let plainFrom = 0;
  let match: RegExpExecArray | null;
  while ((match = regex.exec(text)) !== null) {
    const start = match.index;
    const found = match[0];
    // Resume one whole character on (never inside a surrogate pair) after a rejected match.
    const skip = start + ((text.codePointAt(start) ?? 0) > 0xffff ? 2 : 1);
    if (found.length === 0) {
      regex.lastIndex = skip;
      continue;
    }
    // Only at the start of a word: "art" must not mark the middle of "start".
    const before = start > 0 ? text[start - 1] : undefined;
    const first = found[0];
    if (before && first && WORD_CHAR.test(first) && WORD_CHAR.test(before)) {
      regex.lastIndex = skip;
      continue;
    }
    if (start > plainFrom) segments.push({ text: text.slice(plainFrom, start), mark: false });
    segments.push({ text: found, mark: true });
    plainFrom = start + found.length;
  }
  if (plainFrom < text.length || segments.length === 0) {
    segments.push({ text: text.slice(plainFrom), mark: false });
  }
  return segments;
}
