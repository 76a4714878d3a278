// The card form's model: a draft as the form edits it (every value a string, as typed) and
// its conversion to the `CardDraft` the backend validates with the import's validator.
import type { Card, CardDraft, CardForm, StatDef, StatValue } from '../../lib/backend';

export interface KeywordRow {
  name: string;
  value: string;
}

export interface FormState {
  id: string;
  name: string;
  type: string;
  set: string;
  number: string;
  side: string;
  color: string;
  subtypes: string;
  keywords: KeywordRow[];
  text: string;
  /** Stat id → the text typed (a list's items separated by `;`). */
  stats: Record<string, string>;
}

export function emptyForm(form: CardForm): FormState {
  return {
    id: '',
    name: '',
    type: form.card_types[0]?.name ?? '',
    set: '',
    number: '',
    side: '',
    color: '',
    subtypes: '',
    keywords: [],
    text: '',
    stats: {},
  };
}

function statText(value: StatValue | undefined): string {
  if (value === undefined) return '';
  return Array.isArray(value) ? value.map(statText).join('; ') : String(value);
}

export function formOf(card: Card): FormState {
  return {
    id: card.id,
    name: card.name,
    type: card.type,
    set: card.set ?? '',
    number: card.number ?? '',
    side: card.side ?? '',
    color: card.color ?? '',
    subtypes: card.subtypes.join('; '),
    keywords: card.keywords.map((k) => {
      const at = k.indexOf(':');
      return at < 0 ? { name: k, value: '' } : { name: k.slice(0, at).trim(), value: k.slice(at + 1).trim() };
    }),
    text: card.text ?? '',
    stats: Object.fromEntries(Object.entries(card.stats).map(([k, v]) => [k, statText(v)])),
  };
}

/** The stats of the chosen type, in the type's order. */
export function statsOfType(form: CardForm, type: string): [string, StatDef][] {
  const def = form.card_types.find((t) => t.name === type);
  return (def?.stats ?? []).flatMap((id) => (form.stats[id] ? [[id, form.stats[id]] as [string, StatDef]] : []));
}

/** A typed stat as the validator reads it: numbers as numbers, lists split on `;`. */
function statValue(def: StatDef, text: string): StatValue {
  const one = (item: string): StatValue => (def.kind === 'number' || def.kind === 'number_list') && /^-?\d+$/.test(item) ? Number(item) : item;
  if (def.kind === 'list' || def.kind === 'number_list') {
    return text.split(';').map((s) => s.trim()).filter(Boolean).map(one);
  }
  return one(text.trim());
}

/** The draft sent to the backend: empty fields left out; stats of other types dropped. */
export function draftOf(form: CardForm, state: FormState, isNew: boolean): CardDraft {
  const text = (s: string) => (s.trim() === '' ? null : s);
  const stats: Record<string, StatValue> = {};
  for (const [id, def] of statsOfType(form, state.type)) {
    const typed = state.stats[id] ?? '';
    if (typed.trim() !== '') stats[id] = statValue(def, typed);
  }
  return {
    id: isNew ? text(state.id.trim()) : state.id,
    name: state.name,
    type: state.type,
    set: text(state.set),
    number: text(state.number),
    side: text(state.side),
    color: text(state.color),
    subtypes: state.subtypes.split(';').map((s) => s.trim()).filter(Boolean),
    keywords: state.keywords
      .filter((k) => k.name.trim() !== '')
      .map((k) => (k.value.trim() === '' ? k.name.trim() : `${k.name.trim()}: ${k.value.trim()}`)),
    text: text(state.text),
    stats,
    // The form does not edit effects: the backend keeps the stored ones (as if omitted).
    effects: [],
    goldfish: null,
  };
}

/** The problem messages per form field: `stats.power[1]` counts as `stats.power`. */
export function problemsByField(problems: { field: string; message: string }[]): Map<string, string[]> {
  const byField = new Map<string, string[]>();
  for (const p of problems) {
    const field = p.field.replace(/\[\d+\]$/, '').replace(/^(stats\.[^.[]+).*$/, '$1');
    const key = field.startsWith('keywords') ? p.field : field;
    byField.set(key, [...(byField.get(key) ?? []), p.message]);
  }
  return byField;
}
