import { isObject } from '@campaign-studio/core';
import { CampaignDoc, ConflictChoice, ConflictQuestion, FieldConflict, list, previewText, sorted } from '@campaign-studio/sync';
import type { ChoiceKind, ConflictRow, ConflictViewState } from './conflictMessages';
import { ABSENT, whoAndWhen } from './review';

/**
 * The state of one "Resolve conflicts" view, without VS Code: a choice per conflicting field
 * (yours, theirs, or a value written by hand), whether each is usable, what the view draws, and
 * the texts of the diffs it opens. The webview only draws `state()`; the commands and the
 * webview's messages both change the session through the same methods.
 */

/** An absent field shows in the columns and diffs as in the push review. */
export { ABSENT };

/** How wide a value may be on one line in the view's narrow columns before it is laid out. */
const COLUMN_WIDTH = 40;

export type EditResult = { ok: true; value: unknown } | { ok: false; error: string };

/** A value written by hand: JSON text, or the field removed when that is ticked. */
export function parseEdit(text: string, remove: boolean): EditResult {
  if (remove) return { ok: true, value: undefined };
  const trimmed = text.trim();
  if (!trimmed) {
    return { ok: false, error: 'The value is empty: write it as JSON ("text", 42, true, null, [ … ] or { … }), or tick "Remove the field" to remove it.' };
  }
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (e) {
    if (looksLikeText(trimmed)) return { ok: false, error: `Text goes in double quotes: ${JSON.stringify(trimmed)}. Numbers, true, false, null, [ … ] and { … } are written as in the file.` };
    return { ok: false, error: `Not valid JSON: ${e instanceof Error ? e.message : String(e)}. Write the value as in the file.` };
  }
}

/** Words typed without quotes: not the start of any other JSON value. */
function looksLikeText(text: string): boolean {
  return !/^["{[\d-]/.test(text) && !/^(true|false|null)\b/.test(text);
}

/** A value as the view shows it: compact JSON, keys sorted, laid out when too wide for a column. */
export function columnJson(value: unknown, width = COLUMN_WIDTH): string {
  return value === undefined ? ABSENT : layout(sorted(value), '', width);
}

function oneLine(v: unknown): string {
  if (Array.isArray(v)) return v.length ? `[${v.map(oneLine).join(', ')}]` : '[]';
  if (isObject(v)) {
    const keys = Object.keys(v);
    return keys.length ? `{ ${keys.map(k => `${JSON.stringify(k)}: ${oneLine(v[k])}`).join(', ')} }` : '{}';
  }
  return JSON.stringify(v) ?? 'null';
}

function layout(v: unknown, indent: string, width: number): string {
  const flat = oneLine(v);
  if (indent.length + flat.length <= width || !(Array.isArray(v) || isObject(v))) return flat;
  const inner = `${indent}  `;
  if (Array.isArray(v)) return `[\n${v.map(e => inner + layout(e, inner, width)).join(',\n')}\n${indent}]`;
  return `{\n${Object.keys(v).map(k => `${inner}${JSON.stringify(k)}: ${layout(v[k], inner, width)}`).join(',\n')}\n${indent}}`;
}

/** A side of a diff document: the value as pretty JSON, or `(absent)`. */
export function documentText(value: unknown): string {
  return value === undefined ? `${ABSENT}\n` : previewText(value);
}

/** What `campaignStudio.conflicts.choose` is given: `{ id, choice, value?, remove? }`. */
export interface ChooseArgs {
  /** The conflict's id, or its path as shown (`basic_details.name`). */
  id: string;
  choice: ChoiceKind;
  /** With `edit`: the value to write (any JSON value). */
  value?: unknown;
  hasValue: boolean;
  /** With `edit`: remove the field. */
  remove: boolean;
}

/** Checks the argument of the choose command; throws saying what it expects. */
export function chooseArgs(arg: unknown): ChooseArgs {
  const expected = 'Give `{ id, choice }`: `id` is the conflict\'s id or path (`basic_details.name`), `choice` is "local" (yours), "remote" (theirs) or "edit" (with `value`, or `remove: true`).';
  if (!isObject(arg) || typeof arg.id !== 'string') throw new Error(`No conflict named. ${expected}`);
  const choice = arg.choice;
  if (choice !== 'local' && choice !== 'remote' && choice !== 'edit') throw new Error(`Unknown choice ${JSON.stringify(choice)}. ${expected}`);
  const hasValue = Object.prototype.hasOwnProperty.call(arg, 'value');
  if (choice !== 'edit' && (hasValue || arg.remove !== undefined)) throw new Error(`A \`value\` or \`remove\` goes with the choice "edit" only. ${expected}`);
  return { id: arg.id, choice, value: arg.value, hasValue, remove: arg.remove === true };
}

interface Row {
  conflict: FieldConflict;
  /** The three sides as the view's columns show them; the values never change, so they are laid out once. */
  columns: Pick<ConflictRow, 'base' | 'local' | 'remote'>;
  choice?: ChoiceKind;
  editText: string;
  remove: boolean;
}

/** One side of a diff: the virtual document's file name and text. */
export interface DiffSide { name: string; text: string }

/** A diff to open: its title and its two sides. */
export interface DiffTexts { title: string; left: DiffSide; right: DiffSide }

export class ConflictSession {
  private readonly rows: Row[];

  constructor(readonly question: ConflictQuestion) {
    this.rows = question.conflicts.map(conflict => ({ conflict, columns: columnsOf(conflict), editText: editPrefill(conflict.local), remove: false }));
  }

  /** The conflict an id or a path names; throws listing the ones there are. */
  private row(idOrPath: string): Row {
    const row = this.rows.find(r => r.conflict.id === idOrPath) ?? this.rows.find(r => r.conflict.path === idOrPath);
    if (!row) throw new Error(`This view has no conflict ${JSON.stringify(idOrPath)}; it has ${list(this.rows.map(r => r.conflict.path))}.`);
    return row;
  }

  conflict(idOrPath: string): FieldConflict {
    return this.row(idOrPath).conflict;
  }

  choose(idOrPath: string, choice: ChoiceKind): void {
    this.row(idOrPath).choice = choice;
  }

  /** The hand-written value's text; writing it chooses "edit". */
  edit(idOrPath: string, text: string): void {
    const row = this.row(idOrPath);
    row.choice = 'edit';
    row.editText = text;
  }

  /** Ticks or clears "Remove the field" of the edit; either chooses "edit". */
  setRemove(idOrPath: string, remove: boolean): void {
    const row = this.row(idOrPath);
    row.choice = 'edit';
    row.remove = remove;
  }

  /** The choose command: a choice, and for "edit" the value (as JSON text) or the removal. */
  apply(args: ChooseArgs): void {
    if (args.choice !== 'edit') return this.choose(args.id, args.choice);
    if (!args.hasValue && !args.remove) return this.choose(args.id, 'edit');
    if (args.hasValue) this.edit(args.id, args.value === undefined ? '' : JSON.stringify(args.value, null, 2));
    this.setRemove(args.id, args.remove);
  }

  /** The usable choices so far: what the preview shows (a field without one keeps yours). */
  partialChoices(): Record<string, ConflictChoice> {
    return this.usableChoices().choices;
  }

  /** Why Continue cannot go on yet, one line per field; empty when every field has a usable choice. */
  problems(): string[] {
    return this.rows.flatMap(row => {
      if (!row.choice) return [`\`${row.conflict.path}\` has no choice yet: yours, theirs or an edit.`];
      const { editError } = statusOf(row);
      return editError ? [`The edit of \`${row.conflict.path}\` cannot be used. ${editError}`] : [];
    });
  }

  /** A choice for every field, keyed by conflict id, once each is usable; undefined before. */
  choices(): Record<string, ConflictChoice> | undefined {
    const { choices, all } = this.usableChoices();
    return all ? choices : undefined;
  }

  /** The usable choices, keyed by conflict id, and whether every field has one (then `problems()` is empty). */
  private usableChoices(): { choices: Record<string, ConflictChoice>; all: boolean } {
    const choices: Record<string, ConflictChoice> = {};
    let all = true;
    for (const row of this.rows) {
      const { usable } = statusOf(row);
      if (usable === undefined) all = false;
      else choices[row.conflict.id] = usable;
    }
    return { choices, all };
  }

  state(): ConflictViewState {
    const q = this.question;
    const statuses = this.rows.map(statusOf);
    const rows = this.rows.map((row, i) => toView(row, statuses[i]));
    const decided = statuses.filter(s => s.usable !== undefined).length;
    return {
      campaign: `Campaign ${q.campaignName ? `"${q.campaignName}" ` : ''}(${q.campaignId}) on ${q.environment}`,
      theirsBy: theirsBy(q),
      rows,
      decided,
      ready: decided === rows.length,
    };
  }

  /** The field as fetched against yours (`local`) or theirs (`remote`). */
  fieldDiff(idOrPath: string, side: 'local' | 'remote'): DiffTexts {
    const c = this.row(idOrPath).conflict;
    const name = side === 'local' ? 'yours' : 'theirs';
    const where = side === 'local' ? `yours (${this.question.fileName})` : `theirs (${this.question.environment}, ${theirsBy(this.question)})`;
    return {
      title: `${c.path}: base (as fetched) ↔ ${where}`,
      left: { name: 'base.json', text: documentText(c.base) },
      right: { name: `${name}.json`, text: documentText(c[side]) },
    };
  }

  /** The components the conflicts are in, as the file has them now and as the merge leaves them. */
  resultDiff(): DiffTexts {
    const components = [...new Set(this.rows.map(r => r.conflict.segments[0]).filter((s): s is string => typeof s === 'string'))];
    const result = this.question.result(this.partialChoices());
    return {
      title: `${this.question.fileName}: now ↔ after the merge (${components.join(', ')})`,
      left: { name: 'now.json', text: documentText(pick(this.question.local, components)) },
      right: { name: 'merged.json', text: documentText(pick(result, components)) },
    };
  }
}

/** What a row's choice amounts to: the choice the merge can use, or why its edit cannot be used. */
interface RowStatus {
  usable?: ConflictChoice;
  editError?: string;
}

function statusOf(row: Row): RowStatus {
  if (row.choice === 'local' || row.choice === 'remote') return { usable: row.choice };
  if (row.choice !== 'edit') return {};
  const parsed = parseEdit(row.editText, row.remove);
  return parsed.ok ? { usable: { value: parsed.value } } : { editError: parsed.error };
}

function editPrefill(local: unknown): string {
  return local === undefined ? '' : JSON.stringify(local, null, 2);
}

function columnsOf(c: FieldConflict): Row['columns'] {
  return { base: columnJson(c.base), local: columnJson(c.local), remote: columnJson(c.remote) };
}

function toView(row: Row, { editError }: RowStatus): ConflictRow {
  const c = row.conflict;
  const view: ConflictRow = { id: c.id, path: c.path, ...row.columns, choice: row.choice, editText: row.editText, remove: row.remove };
  if (editError) view.error = editError;
  return view;
}

function theirsBy(q: ConflictQuestion): string {
  return `changed by ${whoAndWhen(q.remoteUpdatedBy, q.remoteUpdatedAt) ?? 'someone else (the service does not say who)'}`;
}

function pick(doc: CampaignDoc, keys: string[]): CampaignDoc {
  const out: CampaignDoc = {};
  for (const k of keys) if (doc[k] !== undefined) out[k] = doc[k];
  return out;
}
