import * as l10n from '@vscode/l10n';
import { isObject } from '@campaign-studio/core';
import { CampaignDoc, ConflictChoice, ConflictQuestion, FieldConflict, list, previewText, sorted } from '@campaign-studio/sync';
import type { ChoiceKind, ConflictRow, ConflictViewState } from './conflictMessages';
import { absent, whoAndWhen } from './review';

/**
 * The state of one "Resolve conflicts" view, without VS Code: a choice per conflicting field
 * (yours, theirs, or a value written by hand), whether each is usable, what the view draws, and
 * the texts of the diffs it opens. The webview only draws `state()`; the commands and the
 * webview's messages both change the session through the same methods. Its texts go through
 * `@vscode/l10n` (no VS Code here), which the extension gives its own bundle.
 */

/** An absent field shows in the columns and diffs as in the push review. */
export { absent };

/** How wide a value may be on one line in the view's narrow columns before it is laid out. */
const COLUMN_WIDTH = 40;

export type EditResult = { ok: true; value: unknown } | { ok: false; error: string };

/** A value written by hand: JSON text, or the field removed when that is ticked. */
export function parseEdit(text: string, remove: boolean): EditResult {
  if (remove) return { ok: true, value: undefined };
  const trimmed = text.trim();
  if (!trimmed) {
    return {
      ok: false,
      error: l10n.t(
        'The value is empty: write it as JSON ("text", 42, true, null, [ … ] or { … }), or tick "Remove the field" to remove it.',
      ),
    };
  }
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (e) {
    if (looksLikeText(trimmed))
      return {
        ok: false,
        error: l10n.t(
          'Text goes in double quotes: {0}. Numbers, true, false, null, [ … ] and { … } are written as in the file.',
          JSON.stringify(trimmed),
        ),
      };
    return { ok: false, error: l10n.t('Not valid JSON: {0}. Write the value as in the file.', e instanceof Error ? e.message : String(e)) };
  }
}

/** Words typed without quotes: not the start of any other JSON value. */
function looksLikeText(text: string): boolean {
  return !/^["{[\d-]/.test(text) && !/^(true|false|null)\b/.test(text);
}

/** A value as the view shows it: compact JSON, keys sorted, laid out when too wide for a column. */
export function columnJson(value: unknown, width = COLUMN_WIDTH): string {
  return value === undefined ? absent() : layout(sorted(value), '', width);
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
  return `{\n${Object.keys(v)
    .map(k => `${inner}${JSON.stringify(k)}: ${layout(v[k], inner, width)}`)
    .join(',\n')}\n${indent}}`;
}

/** A side of a diff document: the value as pretty JSON, or `(absent)`. */
export function documentText(value: unknown): string {
  return value === undefined ? `${absent()}\n` : previewText(value);
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
  const refuse = (why: string) =>
    new Error(
      `${why} ${l10n.t('Give `{ id, choice }`: `id` is the conflict\'s id or path (`basic_details.name`), `choice` is "local" (yours), "remote" (theirs) or "edit" (with `value`, or `remove: true`).')}`,
    );
  if (!isObject(arg) || typeof arg.id !== 'string') throw refuse(l10n.t('No conflict named.'));
  const choice = arg.choice;
  if (choice !== 'local' && choice !== 'remote' && choice !== 'edit')
    throw refuse(l10n.t('Unknown choice {0}.', String(JSON.stringify(choice))));
  const hasValue = Object.prototype.hasOwnProperty.call(arg, 'value');
  if (choice !== 'edit' && (hasValue || arg.remove !== undefined))
    throw refuse(l10n.t('A `value` or `remove` goes with the choice "edit" only.'));
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
export interface DiffSide {
  name: string;
  text: string;
}

/** A diff to open: its title and its two sides. */
export interface DiffTexts {
  title: string;
  left: DiffSide;
  right: DiffSide;
}

export class ConflictSession {
  private readonly rows: Row[];

  constructor(readonly question: ConflictQuestion) {
    this.rows = question.conflicts.map(conflict => ({
      conflict,
      columns: columnsOf(conflict),
      editText: editPrefill(conflict.local),
      remove: false,
    }));
  }

  /** The conflict an id or a path names; throws listing the ones there are. */
  private row(idOrPath: string): Row {
    const row = this.rows.find(r => r.conflict.id === idOrPath) ?? this.rows.find(r => r.conflict.path === idOrPath);
    if (!row)
      throw new Error(
        l10n.t('This view has no conflict {0}; it has {1}.', JSON.stringify(idOrPath), list(this.rows.map(r => r.conflict.path))),
      );
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
      if (!row.choice) return [l10n.t('`{0}` has no choice yet: yours, theirs or an edit.', row.conflict.path)];
      const { editError } = statusOf(row);
      return editError ? [l10n.t('The edit of `{0}` cannot be used. {1}', row.conflict.path, editError)] : [];
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
    const campaign = q.campaignName
      ? l10n.t('Campaign "{0}" ({1}) on {2}', q.campaignName, q.campaignId, q.environment)
      : l10n.t('Campaign ({0}) on {1}', q.campaignId, q.environment);
    return {
      campaign,
      theirsBy: theirsBy(q),
      rows,
      decided,
      ready: decided === rows.length,
      intro: intro(campaign, rows.length),
      progress: progress(decided, rows.length),
    };
  }

  /** The field as fetched against yours (`local`) or theirs (`remote`). */
  fieldDiff(idOrPath: string, side: 'local' | 'remote'): DiffTexts {
    const c = this.row(idOrPath).conflict;
    const q = this.question;
    return {
      title:
        side === 'local'
          ? l10n.t('{0}: base (as fetched) ↔ yours ({1})', c.path, q.fileName)
          : l10n.t('{0}: base (as fetched) ↔ theirs ({1}, {2})', c.path, q.environment, theirsBy(q)),
      left: { name: `${sideName('base')}.json`, text: documentText(c.base) },
      right: { name: `${sideName(side === 'local' ? 'yours' : 'theirs')}.json`, text: documentText(c[side]) },
    };
  }

  /** The components the conflicts are in, as the file has them now and as the merge leaves them. */
  resultDiff(): DiffTexts {
    const components = [...new Set(this.rows.map(r => r.conflict.segments[0]).filter((s): s is string => typeof s === 'string'))];
    const result = this.question.result(this.partialChoices());
    return {
      title: l10n.t('{0}: now ↔ after the merge ({1})', this.question.fileName, components.join(', ')),
      left: { name: `${sideName('now')}.json`, text: documentText(pick(this.question.local, components)) },
      right: { name: `${sideName('merged')}.json`, text: documentText(pick(result, components)) },
    };
  }
}

/** The file name of a diff's side, without its extension. */
function sideName(side: 'base' | 'yours' | 'theirs' | 'now' | 'merged'): string {
  switch (side) {
    case 'base':
      return l10n.t({ message: 'base', comment: 'the file name of a diff side: the field as fetched' });
    case 'yours':
      return l10n.t({ message: 'yours', comment: 'the file name of a diff side: the field in your file' });
    case 'theirs':
      return l10n.t({ message: 'theirs', comment: 'the file name of a diff side: the field on the service' });
    case 'now':
      return l10n.t({ message: 'now', comment: 'the file name of a diff side: the file as it is now' });
    case 'merged':
      return l10n.t({ message: 'merged', comment: 'the file name of a diff side: the file after the merge' });
  }
}

function intro(campaign: string, fields: number): string {
  const conflicts =
    fields === 1
      ? l10n.t(
          '{0}: 1 field changed both in your file and on the service since you fetched it; every other change merged by itself.',
          campaign,
        )
      : l10n.t(
          '{0}: {1} fields changed both in your file and on the service since you fetched it; every other change merged by itself.',
          campaign,
          fields,
        );
  return `${conflicts} ${l10n.t('Choose what each field keeps. Continue writes the result into your file and opens the push review: nothing is sent until you confirm it there.')}`;
}

function progress(decided: number, fields: number): string {
  return fields === 1 ? l10n.t('{0} of 1 field decided', decided) : l10n.t('{0} of {1} fields decided', decided, fields);
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
  const view: ConflictRow = {
    id: c.id,
    path: c.path,
    ...row.columns,
    choice: row.choice,
    editText: row.editText,
    remove: row.remove,
    keepFor: l10n.t('Keep for {0}', c.path),
    valueLabel: l10n.t('The value of {0}, as JSON', c.path),
  };
  if (editError) view.error = editError;
  return view;
}

function theirsBy(q: ConflictQuestion): string {
  return l10n.t(
    'changed by {0}',
    whoAndWhen(q.remoteUpdatedBy, q.remoteUpdatedAt) ?? l10n.t('someone else (the service does not say who)'),
  );
}

function pick(doc: CampaignDoc, keys: string[]): CampaignDoc {
  const out: CampaignDoc = {};
  for (const k of keys) if (doc[k] !== undefined) out[k] = doc[k];
  return out;
}
