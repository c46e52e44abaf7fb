import { parse, ParsedDocument } from '../../src/language/parse';
import { defaultSchemas, propertySchemas, schemasAt } from '../../src/language/schemaWalk';
import { positionAt, Position } from '../../src/language/ranges';
import { CompletionClient, doComplete } from '../../src/language/completion';
import { doHover } from '../../src/language/hover';
import { DocumentKind, WorkspaceSettings } from '../../src/model/types';
import type { CompletionItem, TextEdit } from 'vscode-languageserver-types';

/**
 * Helpers for the editing tests: a `|` in a test string marks the cursor. Documents are written
 * as JSON text so that the cursor can sit anywhere, inside strings and half-typed keys included.
 */

export interface CursorDoc {
  parsed: ParsedDocument;
  position: Position;
  text: string;
  offset: number;
}

export function atCursor(withBar: string): CursorDoc {
  const offset = withBar.indexOf('|');
  if (offset < 0) throw new Error('no | cursor in the test text');
  const text = withBar.slice(0, offset) + withBar.slice(offset + 1);
  const parsed = parse(text);
  return { parsed, position: positionAt(parsed, offset), text, offset };
}

export interface Opts {
  kind?: DocumentKind;
  settings?: Partial<WorkspaceSettings>;
  /** The editor's completion capabilities; VS Code's by default. */
  client?: CompletionClient;
}

export const VSCODE_CLIENT: CompletionClient = { snippets: true, markdown: true, labelDetails: true };

export function settingsOf(o: Opts): WorkspaceSettings {
  return { features: {}, ...o.settings } as WorkspaceSettings;
}

export function completions(withBar: string, o: Opts = {}): CompletionItem[] {
  const c = atCursor(withBar);
  return doComplete({
    parsed: c.parsed,
    kind: o.kind ?? 'campaign',
    settings: settingsOf(o),
    position: c.position,
    client: o.client ?? VSCODE_CLIENT,
  }).items;
}

/** Labels in the order an editor shows them (by sortText). */
export function labels(items: CompletionItem[]): string[] {
  return [...items].sort((a, b) => (a.sortText ?? a.label).localeCompare(b.sortText ?? b.label)).map(i => i.label);
}

export function hoverText(withBar: string, o: Opts = {}): string | undefined {
  const c = atCursor(withBar);
  const h = doHover({ parsed: c.parsed, kind: o.kind ?? 'campaign', settings: settingsOf(o), position: c.position });
  if (!h) return undefined;
  const contents = h.contents as { value: string };
  return contents.value;
}

/** The text after applying one completion item's edit. */
export function applyCompletion(withBar: string, item: CompletionItem): string {
  const c = atCursor(withBar);
  const e = item.textEdit as TextEdit;
  const starts = c.parsed.lineStarts();
  const start = starts[e.range.start.line] + e.range.start.character;
  const end = starts[e.range.end.line] + e.range.end.character;
  return c.text.slice(0, start) + e.newText + c.text.slice(end);
}

/** A campaign document head as JSON text (without the closing brace), for building test texts. */
export function head(channel: string, type: string, extra = ''): string {
  return `{\n  "channel": "${channel}",\n  "campaign_delivery_type": "${type}",${extra ? '\n  ' + extra + ',' : ''}\n`;
}

/** Every key the schema defines at the top level and one level into each object component of `doc`. */
export function schemaKeys(doc: string): string[][] {
  const set = defaultSchemas();
  const value = parse(doc).value;
  const out: string[][] = [];
  for (const k of propertySchemas(set, schemasAt(set, 'campaign', value, []), value).keys()) {
    out.push([k]);
    const withComponent = parse(`${doc.slice(0, doc.lastIndexOf('}'))}, "${k}": {} }`).value;
    for (const j of propertySchemas(set, schemasAt(set, 'campaign', withComponent, [k]), {}).keys()) out.push([k, j]);
  }
  return out;
}
