import type { ConflictQuestion, FieldConflict } from '@campaign-studio/sync';

/**
 * The words and texts of the push's questions, as pure functions of what the flow hands the
 * editor: the VS Code layer only shows them.
 */

/** Longest value shown in one line of a list; the whole value is in the body below it. */
const VALUE_WIDTH = 80;

/** A value in one line, as compact JSON; `(absent)` for a field that is not there. */
export function compactJson(value: unknown, width = VALUE_WIDTH): string {
  if (value === undefined) return '(absent)';
  const text = JSON.stringify(value);
  return text.length > width ? `${text.slice(0, width - 1)}…` : text;
}

/** "colleague@example.com at 2024-05-01T10:00:00Z", or what is known of it. */
export function whoAndWhen(by: string | undefined, at: string | undefined): string | undefined {
  if (by && at) return `${by} at ${at}`;
  return by ?? (at ? `someone at ${at}` : undefined);
}

/** The texts of one conflict's question when no richer view is given: yours, theirs or cancel. */
export interface ConflictPickText {
  title: string;
  placeHolder: string;
  yours: { label: string; detail: string };
  theirs: { label: string; detail: string };
  cancel: { label: string; detail: string };
}

export function conflictPickText(q: ConflictQuestion, index: number): ConflictPickText {
  const c: FieldConflict = q.conflicts[index];
  const who = whoAndWhen(q.remoteUpdatedBy, q.remoteUpdatedAt) ?? 'someone else';
  return {
    title: `Conflict ${index + 1} of ${q.conflicts.length}: \`${c.path}\` changed on ${q.environment} (by ${who}) and in ${q.fileName}`,
    placeHolder: `When fetched: ${compactJson(c.base)}`,
    yours: { label: '$(account) Yours', detail: `${compactJson(c.local)}: the push sends it, replacing the service's value` },
    theirs: { label: '$(cloud) Theirs', detail: `${compactJson(c.remote)}: ${q.fileName} takes the service's value, and it is not sent` },
    cancel: { label: '$(close) Cancel the push', detail: `Nothing is sent, and ${q.fileName} and its base stay as they are` },
  };
}
