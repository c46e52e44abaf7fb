import * as jsonc from 'jsonc-parser';

/**
 * Text edits on the user's file that keep everything else byte for byte: a component replaced or
 * removed, the new id of a draft inserted. Pure functions of the text, so tests can assert bytes.
 */

interface TextEdit { offset: number; length: number; content: string }

export interface Indentation { insertSpaces: boolean; tabSize: number; eol: string }

/** The indentation a file already uses (first indented line), so inserted text matches it. */
export function detectIndentation(text: string): Indentation {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const m = /\n([ \t]+)\S/.exec(text);
  if (!m) return { insertSpaces: true, tabSize: 2, eol };
  if (m[1].startsWith('\t')) return { insertSpaces: false, tabSize: 1, eol };
  return { insertSpaces: true, tabSize: m[1].length, eol };
}

function options(text: string, getInsertionIndex?: jsonc.ModificationOptions['getInsertionIndex']): jsonc.ModificationOptions {
  return { formattingOptions: detectIndentation(text), getInsertionIndex };
}

/** Sets (or, with `undefined`, removes) a top-level property. */
function setTopLevel(text: string, key: string, value: unknown): TextEdit[] {
  return jsonc.modify(text, [key], value, options(text));
}

/** Applies several top-level changes in one pass. */
export function applyTopLevel(text: string, changes: ReadonlyArray<{ key: string; value: unknown }>): string {
  let out = text;
  for (const c of changes) out = jsonc.applyEdits(out, setTopLevel(out, c.key, c.value));
  return out;
}

/**
 * Writes the id of a newly created draft at the top of the file (and its status), leaving every
 * other byte as it was.
 */
export function writeNewId(text: string, id: string, status = 'DRAFT'): string {
  let out = jsonc.applyEdits(text, jsonc.modify(text, ['id'], id, options(text, () => 0)));
  out = jsonc.applyEdits(out, jsonc.modify(out, ['status'], status, options(out, props => Math.min(1, props.length))));
  return out;
}
