// The card form's model: a draft as the form edits it (every value a string, as typed) and
// its conversion to the `CardDraft` the backend validates with the import's validator, and
// to the card facts the effect reader reads its rules text with.
import type {
  CardDetail,
  CardDraft,
  CardFactsInput,
  CardForm,
  CoverageState,
  EffectReading,
  GoldfishNote,
  StatDef,
  StatValue,
} from '../../lib/backend';

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
  /** The effects in the written form (`when set: may draw 1`, several joined by ` | `). */
  effects: string;
  /** The goldfish note's state; '' for none (the effects state all of the text). */
  goldfishState: CoverageState | '';
  goldfishReason: string;
}

/** A goldfish note's state in the player's words (as the card detail says them). */
export const coverageLabels: Record<CoverageState, string> = {
  simulated: 'Simulated',
  partial: 'Partly simulated',
  no_effect: 'No goldfish effect',
  not_simulated: 'Not simulated',
};

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
    effects: '',
    goldfishState: '',
    goldfishReason: '',
  };
}

function statText(value: StatValue | undefined): string {
  if (value === undefined) return '';
  return Array.isArray(value) ? value.map(statText).join('; ') : String(value);
}

/** The form of a stored card: its detail, which has the effects in the written form. */
export function formOf(card: CardDetail): FormState {
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
    effects: card.effects_text,
    goldfishState: card.goldfish?.state ?? '',
    goldfishReason: card.goldfish?.reason ?? '',
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

/** The keywords as the card states them: `Name` or `Name: value`, empty rows left out. */
function keywordsOf(state: FormState): string[] {
  return state.keywords
    .filter((k) => k.name.trim() !== '')
    .map((k) => (k.value.trim() === '' ? k.name.trim() : `${k.name.trim()}: ${k.value.trim()}`));
}

/** The goldfish note as typed, `null` without a state. */
export function noteOf(state: FormState): GoldfishNote | null {
  return state.goldfishState === '' ? null : { state: state.goldfishState, reason: state.goldfishReason };
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
    keywords: keywordsOf(state),
    text: text(state.text),
    stats,
    // The backend reads the written form with the game's words in place of `effects`.
    effects: [],
    effects_text: state.effects,
    goldfish: noteOf(state),
  };
}

/** What the effect reader is told of the card besides its text: the type, the stats of
 * that type as typed, the name (the text may call the card by it), colour and keywords. */
export function factsOf(form: CardForm, state: FormState): CardFactsInput {
  const given = (s: string) => (s.trim() === '' ? null : s.trim());
  const stats: Record<string, string> = {};
  for (const [id] of statsOfType(form, state.type)) {
    const typed = (state.stats[id] ?? '').trim();
    if (typed !== '') stats[id] = typed;
  }
  return { name: given(state.name), type: given(state.type), color: given(state.color), keywords: keywordsOf(state), stats };
}

/** Whether the form states exactly what `reading` proposes: its effects and its note. */
export function usesReading(state: FormState, reading: EffectReading): boolean {
  const note = noteOf(state);
  const sameNote =
    reading.note === null ? note === null : note !== null && note.state === reading.note.state && note.reason.trim() === reading.note.reason;
  return state.effects.trim() === reading.effects_text && sameNote;
}

/** The problem messages per form field: `stats.power[1]` counts as `stats.power`. */
export function problemsByField(problems: { field: string; message: string }[]): Map<string, string[]> {
  const byField = new Map<string, string[]>();
  for (const p of problems) {
    // An effect's or the note's part (`effects[0].steps[1]`, `goldfish.reason`) is its field's.
    const field = p.field
      .replace(/\[\d+\]$/, '')
      .replace(/^(stats\.[^.[]+).*$/, '$1')
      .replace(/^(effects|goldfish)\b.*$/, '$1');
    const key = field.startsWith('keywords') ? p.field : field;
    byField.set(key, [...(byField.get(key) ?? []), p.message]);
  }
  return byField;
}
