import * as l10n from '@vscode/l10n';
import * as jsonc from 'jsonc-parser';
import type { CompletionItem, CompletionList, Command } from 'vscode-languageserver-types';
import { ParsedDocument } from './parse';
import { offsetAt, Position, positionAt } from './ranges';
import { nodeAt } from './nodeAt';
import { defaultSchemas, describe, propertySchemas, SchemaInfo, SchemaSet, schemasAt, SchemaSnippet, Segment, valueAt } from './schemaWalk';
import { allowedValues, applicability, applies, contextValues, editContext, EditContext } from './editingContext';
import { propertyMarkdown } from './hover';
import type { RuleLink } from './ruleLinks';
import { bodyText, COMPONENT_SNIPPETS, escapeSnippet, expandSnippet, SKELETON_SNIPPETS, snippetsAt, splitBody } from './snippets';
import { parsePointer } from '../model/pointer';
import { isObject } from '../model/json';
import { validate } from './validate';
import { detectIndentation } from './formatting';
import { plainText } from '../model/strings';
import { DocumentKind, Finding, WorkspaceSettings } from '../model/types';

/**
 * Completions: property names allowed at the cursor for this channel and delivery type (required
 * ones first, those present left out), values allowed by the schema and narrowed by context, and
 * whole-component snippets where their value goes (never inside a string). Inside a string the
 * edit replaces the whole string: every edit replaces whole JSON tokens, so an insert range that
 * stopped at the cursor would cut a string in two, and plain text edits serve every client.
 */

/**
 * What the editor's completion takes, from its capabilities. Each is false when the editor does
 * not say so: the choice every LSP client handles.
 */
export interface CompletionClient {
  /** Snippet syntax (`$1`, `${1:x}`); without it, plain text with each placeholder's default. */
  snippets: boolean;
  /** Markdown documentation; without it, plain text. */
  markdown: boolean;
  /** `labelDetails`: whether a key is required, and its type, beside every label. */
  labelDetails: boolean;
}

export const PLAIN_CLIENT: CompletionClient = { snippets: false, markdown: false, labelDetails: false };

export interface CompletionInput {
  parsed: ParsedDocument;
  kind: DocumentKind;
  settings: WorkspaceSettings;
  position: Position;
  schemas?: SchemaSet;
  /** Re-open the suggestions after inserting a key whose value has choices (VS Code's command). */
  triggerSuggest?: boolean;
  /** The document's findings; computed on demand when not given (missing properties rank first). */
  findings?: () => Finding[];
  /** What the editor takes; `PLAIN_CLIENT` when not given. */
  client?: CompletionClient;
  /** Where a rule's documentation opens for this editor (the hover's links); the web page when not given. */
  ruleLink?: RuleLink;
}

// LSP numbers, kept here so that this module stays free of the protocol runtime.
const Kind = { Value: 12, Property: 10, Snippet: 15, EnumMember: 20, Module: 9, Keyword: 14 } as const satisfies Record<
  string,
  CompletionItem['kind']
>;
const SNIPPET = 2;
const PLAIN_TEXT = 1;
const AS_IS = 1;

const TRIGGER_SUGGEST: Command = { title: 'Suggest', command: 'editor.action.triggerSuggest' };

interface Builder {
  items: CompletionItem[];
  labels: Set<string>;
  add(item: CompletionItem): void;
}

function builder(): Builder {
  const b: Builder = {
    items: [],
    labels: new Set(),
    add(item) {
      const id = `${item.kind}:${item.label}`;
      if (b.labels.has(id)) return;
      b.labels.add(id);
      b.items.push(item);
    },
  };
  return b;
}

function isInComment(text: string, start: number, offset: number): boolean {
  // Strict JSON (most documents) has no comments to be in.
  if (text.indexOf('/', start) < 0 || text.lastIndexOf('/', offset) < start) return false;
  const scanner = jsonc.createScanner(text, false);
  scanner.setPosition(start);
  let token = scanner.scan();
  while (token !== jsonc.SyntaxKind.EOF && scanner.getTokenOffset() + scanner.getTokenLength() < offset) token = scanner.scan();
  return (
    (token === jsonc.SyntaxKind.LineCommentTrivia || token === jsonc.SyntaxKind.BlockCommentTrivia) && scanner.getTokenOffset() <= offset
  );
}

/** Nothing yet, or only `{}`: where a whole campaign skeleton fits. */
function isEmptyDocument(parsed: ParsedDocument): boolean {
  // Strict JSON's root is its value: no position tree is needed to see it is an empty object.
  if (parsed.strict && !parsed.hasTree()) return isObject(parsed.value) && Object.keys(parsed.value).length === 0;
  const root = parsed.tree();
  return !root || (root.type === 'object' && (root.children?.length ?? 0) === 0);
}

/** The word left of the cursor (what a person is typing, without quotes). */
function currentWord(text: string, offset: number): string {
  let i = offset - 1;
  while (i >= 0 && ' \t\n\r\v":{[,]}'.indexOf(text.charAt(i)) === -1) i--;
  return text.substring(i + 1, offset);
}

/** Whether a comma is needed after an insertion at `offset`. */
function separatorAfter(text: string, offset: number): string {
  const scanner = jsonc.createScanner(text, true);
  scanner.setPosition(offset);
  switch (scanner.scan()) {
    case jsonc.SyntaxKind.CommaToken:
    case jsonc.SyntaxKind.CloseBraceToken:
    case jsonc.SyntaxKind.CloseBracketToken:
    case jsonc.SyntaxKind.EOF:
      return '';
    default:
      return ',';
  }
}

export function doComplete(input: CompletionInput): CompletionList {
  const { parsed } = input;
  const items = completionItems(input);
  const plain = plainInsert(parsed, input.position);
  return { isIncomplete: false, items: items.map(i => forClient(i, input.client ?? PLAIN_CLIENT, plain)) };
}

function completionItems(input: CompletionInput): CompletionItem[] {
  const { parsed } = input;
  const set = input.schemas ?? defaultSchemas();
  const body = parsed.bom ? parsed.text.slice(1) : parsed.text;
  const off = Math.max(0, offsetAt(parsed, input.position) - parsed.bom);
  const out = builder();
  if (input.kind === 'campaign' && isEmptyDocument(parsed)) skeletonItems(parsed, out);
  let node = nodeAt(parsed, off, true);
  // Scan for comments from the innermost node only: the whole document would cost a full scan.
  if (!parsed.strict && isInComment(body, node ? node.offset : 0, off)) return out.items;
  const ctx = editContext(input.kind, parsed.value, input.settings);
  const toRange = (start: number, end: number) => ({
    start: positionAt(parsed, start + parsed.bom),
    end: positionAt(parsed, end + parsed.bom),
  });

  if (node && off === node.offset + node.length && off > 0) {
    const ch = body[off - 1];
    if ((node.type === 'object' && ch === '}') || (node.type === 'array' && ch === ']')) node = node.parent;
  }
  const word = currentWord(body, off);
  let overwrite: { start: number; end: number };
  if (node && (node.type === 'string' || node.type === 'number' || node.type === 'boolean' || node.type === 'null')) {
    overwrite = { start: node.offset, end: node.offset + node.length };
  } else {
    let start = off - word.length;
    if (start > 0 && body[start - 1] === '"') start--;
    overwrite = { start, end: off };
  }
  const range = toRange(overwrite.start, overwrite.end);

  // Property names.
  let addValue = true;
  let currentProperty: jsonc.Node | undefined;
  let objectNode: jsonc.Node | undefined = node;
  if (node && node.type === 'string' && node.parent?.type === 'property' && node.parent.children?.[0] === node) {
    currentProperty = node.parent;
    addValue = node.parent.colonOffset === undefined;
    objectNode = node.parent.parent;
  }
  if (objectNode && objectNode.type === 'object' && objectNode.offset !== off) {
    const path = jsonc.getNodePath(objectNode);
    const present = parsed.syntax.length ? keysWritten(body, objectNode, currentProperty) : keysOfTree(objectNode, currentProperty);
    const sep = addValue ? separatorAfter(body, overwrite.end) : '';
    propertyCompletions({
      ctx,
      set,
      path,
      present,
      addValue,
      sep,
      range,
      out,
      triggerSuggest: !!input.triggerSuggest,
      ruleLink: input.ruleLink,
      findings: input.findings ?? (() => validate(parsed, { kind: input.kind, settings: input.settings })),
    });
  }

  // Values.
  valueCompletions({ ctx, set, node: currentProperty ? undefined : node, off, body, range, out });
  return out.items;
}

/** The campaign skeletons, each replacing the whole (empty) document. */
function skeletonItems(parsed: ParsedDocument, out: Builder): void {
  const whole = { start: positionAt(parsed, parsed.bom), end: positionAt(parsed, parsed.text.length) };
  SKELETON_SNIPPETS.forEach((s, i) =>
    out.add({
      label: s.name,
      kind: Kind.Snippet,
      detail: l10n.t('campaign skeleton'),
      documentation: { kind: 'markdown', value: (s.description ?? '') + '\n\n```json\n' + previewOf(bodyText(s)) + '\n```' },
      filterText: Array.isArray(s.prefix) ? s.prefix[0] : s.prefix,
      sortText: String(i).padStart(3, '0'),
      insertTextFormat: SNIPPET,
      textEdit: { range: whole, newText: bodyText(s) },
    }),
  );
}

/** The keys of an object in the parsed tree, but the one being typed. */
function keysOfTree(obj: jsonc.Node, typed: jsonc.Node | undefined): Set<string> {
  const keys = new Set<string>();
  for (const p of obj.children ?? []) {
    const k = p.children?.[0]?.value;
    if (p !== typed && typeof k === 'string') keys.add(k);
  }
  return keys;
}

/**
 * The keys written in an object, read from its tokens, but the one being typed. After a syntax
 * error the tree can miss some: a new key typed above an existing one, before its colon and
 * comma, swallows the next property.
 */
function keysWritten(body: string, obj: jsonc.Node, typed: jsonc.Node | undefined): Set<string> {
  const keys = new Set<string>();
  const typedKey = typed?.children?.[0]?.offset;
  const end = obj.offset + obj.length;
  const scanner = jsonc.createScanner(body, true);
  scanner.setPosition(obj.offset);
  let depth = 0;
  let last: { value: string; offset: number } | undefined;
  for (let t = scanner.scan(); t !== jsonc.SyntaxKind.EOF && scanner.getTokenOffset() < end; t = scanner.scan()) {
    if (t === jsonc.SyntaxKind.OpenBraceToken || t === jsonc.SyntaxKind.OpenBracketToken) depth++;
    else if (t === jsonc.SyntaxKind.CloseBraceToken || t === jsonc.SyntaxKind.CloseBracketToken) depth--;
    else if (t === jsonc.SyntaxKind.ColonToken && depth === 1 && last && last.offset !== typedKey) keys.add(last.value);
    last =
      t === jsonc.SyntaxKind.StringLiteral && depth === 1
        ? { value: scanner.getTokenValue(), offset: scanner.getTokenOffset() }
        : undefined;
  }
  return keys;
}

/** How a snippet's text becomes plain text at the cursor: the line's indentation and the file's unit. */
interface PlainInsert {
  lineIndent: string;
  unit: string;
}

function plainInsert(parsed: ParsedDocument, position: Position): PlainInsert {
  const lineStart = parsed.lineStarts()[position.line] ?? 0;
  const lineIndent = /^[ \t]*/.exec(parsed.text.slice(lineStart, lineStart + 200))![0];
  const detected = detectIndentation(parsed.text);
  return { lineIndent, unit: detected && !detected.insertSpaces ? '\t' : ' '.repeat(detected?.tabSize ?? 2) };
}

/**
 * An item as the editor takes it: without snippet support, the text each placeholder's default
 * gives, indented as the editor would indent a snippet; without markdown, plain documentation.
 */
function forClient(item: CompletionItem, client: CompletionClient, plain: PlainInsert): CompletionItem {
  const out = { ...item };
  if (!client.snippets && item.insertTextFormat === SNIPPET && item.textEdit) {
    out.insertTextFormat = PLAIN_TEXT;
    out.insertTextMode = AS_IS;
    out.textEdit = { ...item.textEdit, newText: indentLines(expandSnippet(item.textEdit.newText), plain) };
  }
  if (!client.markdown && item.documentation && typeof item.documentation !== 'string')
    out.documentation = plainText(item.documentation.value);
  if (client.labelDetails && item.detail) out.labelDetails = { description: item.detail };
  return out;
}

function indentLines(text: string, plain: PlainInsert): string {
  return text
    .split('\n')
    .map((line, i) => {
      const tabs = /^\t*/.exec(line)![0].length;
      return (i === 0 ? '' : plain.lineIndent) + plain.unit.repeat(tabs) + line.slice(tabs);
    })
    .join('\n');
}

// ---------------------------------------------------------------------------------------------

interface PropertyArgs {
  ctx: EditContext;
  set: SchemaSet;
  path: Segment[];
  present: Set<string>;
  addValue: boolean;
  sep: string;
  range: { start: Position; end: Position };
  out: Builder;
  triggerSuggest: boolean;
  findings: () => Finding[];
  ruleLink?: RuleLink;
}

/** Names of the properties that some rule reports missing directly under `path`. */
function missingUnder(findings: Finding[], doc: unknown, path: Segment[]): Set<string> {
  const out = new Set<string>();
  for (const f of findings) {
    if (f.path === '' || f.range) continue;
    const segs = parsePointer(f.path);
    if (segs.length !== path.length + 1) continue;
    if (!path.every((s, i) => String(s) === segs[i])) continue;
    if (valueAt(doc, segs) === undefined) out.add(segs[segs.length - 1]);
  }
  return out;
}

function propertyCompletions(a: PropertyArgs): void {
  const { ctx, set, path } = a;
  const objectApplied = schemasAt(set, ctx.kind, ctx.doc, path);
  const objectValue = valueAt(ctx.doc, path);
  const objectInfo = describe(objectApplied);
  const props = propertySchemas(set, objectApplied, objectValue);
  let required = new Set(objectInfo.required);
  try {
    required = new Set([...required, ...missingUnder(a.findings(), ctx.doc, path)]);
  } catch {
    // Ranking only: without findings the schema's `required` still ranks.
  }
  const order = objectInfo.order ?? [];
  const keys = [...props.keys()].sort((x, y) => rank(order, x) - rank(order, y));
  let i = 0;
  for (const key of keys) {
    i++;
    if (a.present.has(key)) continue;
    const applied = props.get(key)!;
    const info = describe(applied);
    // Read-only metadata is never written by hand; names with an `x-fix` or marked `deprecated`
    // are known mistakes (listed so that they get a targeted diagnostic), never suggestions.
    if (
      info.readOnly ||
      applied.some(
        x =>
          x.node.schema['x-fix'] !== undefined || x.node.schema.deprecated === true || typeof x.node.schema.deprecationMessage === 'string',
      )
    )
      continue;
    if (info.types.length === 0 && !info.values) info.types = inferTypes(objectInfo, key);
    const childPath = [...path, key];
    const fallback = applicability(ctx, childPath);
    if (
      !applies(ctx, {
        channels: info.channels ?? fallback?.channels,
        deliveryTypes: info.deliveryTypes ?? fallback?.deliveryTypes,
        feature: fallback?.feature,
      })
    )
      continue;
    const isRequired = required.has(key);
    const { text, choices } = a.addValue ? valueTemplate(set, ctx, childPath, info) : { text: '', choices: false };
    const insert = a.addValue ? `${JSON.stringify(key)}: ${text}${a.sep}` : JSON.stringify(key);
    const item: CompletionItem = {
      label: key,
      kind: Kind.Property,
      detail: `${isRequired ? l10n.t({ message: 'required', comment: "a property completion's detail" }) : l10n.t({ message: 'optional', comment: "a property completion's detail" })}${info.types.length ? ' · ' + info.types.join(' | ') : ''}`,
      documentation: { kind: 'markdown', value: propertyMarkdown(ctx, childPath, applied, set, { heading: false, ruleLink: a.ruleLink }) },
      filterText: JSON.stringify(key),
      sortText: `${isRequired ? '0' : '1'}${String(i).padStart(3, '0')}`,
      insertTextFormat: SNIPPET,
      textEdit: { range: a.range, newText: insert },
    };
    if (choices && a.triggerSuggest) item.command = TRIGGER_SUGGEST;
    a.out.add(item);
    // Whole-component snippets for a property not yet there.
    if (a.addValue) {
      for (const s of snippetsAt(ctx, childPath)) {
        const { value } = splitBody(s);
        a.out.add({
          label: s.name,
          kind: Kind.Snippet,
          detail: l10n.t('snippet'),
          documentation: {
            kind: 'markdown',
            value: (s.description ?? '') + '\n\n```json\n' + previewOf(`${JSON.stringify(key)}: ${value}`) + '\n```',
          },
          filterText: JSON.stringify(key),
          sortText: `${isRequired ? '0' : '1'}${String(i).padStart(3, '0')}~`,
          insertTextFormat: SNIPPET,
          textEdit: { range: a.range, newText: `${JSON.stringify(key)}: ${value}${a.sep}` },
        });
      }
    }
  }
  localeKeys(a);
}

/** Types of a property the schema leaves untyped, read from the parent's snippets and examples. */
function inferTypes(parent: SchemaInfo, key: string): string[] {
  const samples: unknown[] = [];
  for (const s of parent.snippets)
    if (s.body && typeof s.body === 'object' && key in (s.body as object)) samples.push((s.body as Record<string, unknown>)[key]);
  for (const e of parent.examples)
    if (e && typeof e === 'object' && key in (e as object)) samples.push((e as Record<string, unknown>)[key]);
  if (samples.length === 0) {
    // The component snippets show every field with a value of the right type.
    const re = new RegExp(`"${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}":\\s*([^\\n]*)`);
    for (const s of COMPONENT_SNIPPETS) {
      const m = re.exec(s.body.join('\n'));
      if (!m) continue;
      const c = expandSnippet(m[1]).trim().charAt(0);
      return c === '"' ? ['string'] : c === '{' ? ['object'] : c === '[' ? ['array'] : c === 't' || c === 'f' ? ['boolean'] : ['number'];
    }
  }
  for (const v of samples) {
    if (typeof v === 'string' && v.startsWith('^')) continue;
    if (v === null) return ['null'];
    if (Array.isArray(v)) return ['array'];
    if (typeof v === 'number') return [Number.isInteger(v) ? 'integer' : 'number'];
    return [typeof v];
  }
  return [];
}

function rank(order: string[], key: string): number {
  const i = order.indexOf(key);
  return i < 0 ? order.length : i;
}

/** In `campaign_content.content`: the `default` locale and the locales listed in `locales`. */
function localeKeys(a: PropertyArgs): void {
  const p = a.path.map(String).join('/');
  if (a.ctx.kind !== 'campaign' || p !== 'campaign_content/content') return;
  const listed = valueAt(a.ctx.doc, ['campaign_content', 'locales']);
  const locales = [
    'default',
    ...(Array.isArray(listed) ? listed.filter((l): l is string => typeof l === 'string' && l !== 'default') : []),
  ];
  const channelKey = a.ctx.channel === 'EMAIL' ? 'email' : 'push';
  locales.forEach((loc, i) => {
    if (a.present.has(loc)) return;
    const insert = a.addValue
      ? `${JSON.stringify(loc)}: {\n\t"\${1:variation_1}": {\n\t\t"${channelKey}": {$0}\n\t}\n}${a.sep}`
      : JSON.stringify(loc);
    a.out.add({
      label: loc,
      kind: Kind.Module,
      detail: loc === 'default' ? l10n.t('the default locale (always required)') : l10n.t('a locale listed in `locales`'),
      documentation: {
        kind: 'markdown',
        value: l10n.t('Keyed content shape: {0} (rules C3, C4).', '`content[locale][variation] = { ' + channelKey + ': {…} }`'),
      },
      filterText: JSON.stringify(loc),
      sortText: `0${String(i).padStart(3, '0')}`,
      insertTextFormat: SNIPPET,
      textEdit: { range: a.range, newText: insert },
    });
  });
}

/** The value inserted after a completed key, as a snippet. */
function valueTemplate(set: SchemaSet, ctx: EditContext, path: Segment[], info: SchemaInfo): { text: string; choices: boolean } {
  const values = allowedValues(set, ctx, path, info).values;
  if (values && values.length === 1) return { text: escapeSnippet(JSON.stringify(values[0].value)), choices: false };
  if (values && values.length > 1) {
    if (values.every(v => typeof v.value === 'string')) return { text: '"$1"', choices: true };
    return { text: '$1', choices: true };
  }
  if (info.default !== undefined && (typeof info.default !== 'object' || info.default === null)) {
    const d = JSON.stringify(info.default);
    return {
      text: typeof info.default === 'string' ? `"\${1:${escapeSnippet(String(info.default))}}"` : `\${1:${escapeSnippet(d)}}`,
      choices: false,
    };
  }
  const t = info.types;
  if (t.length === 1 || (t.length > 1 && t.every(x => x === 'integer' || x === 'number'))) {
    switch (t[0]) {
      case 'object':
        return { text: '{$1}', choices: false };
      case 'array':
        return { text: '[$1]', choices: false };
      case 'string':
        return { text: '"$1"', choices: false };
      case 'integer':
      case 'number':
        return { text: '${1:0}', choices: false };
      case 'boolean':
        return { text: '${1|true,false|}', choices: false };
      case 'null':
        return { text: 'null', choices: false };
    }
  }
  return { text: '$1', choices: false };
}

function previewOf(snippet: string): string {
  return snippet
    .replace(/\$\{\d+\|([^,|]*)[^}]*\|\}/g, '$1')
    .replace(/\$\{\d+:([^}]*)\}/g, '$1')
    .replace(/\$\{?\d+\}?/g, '')
    .replace(/\t/g, '  ');
}

// ---------------------------------------------------------------------------------------------

interface ValueArgs {
  ctx: EditContext;
  set: SchemaSet;
  node: jsonc.Node | undefined;
  off: number;
  body: string;
  range: { start: Position; end: Position };
  out: Builder;
}

function valueCompletions(a: ValueArgs): void {
  let node = a.node;
  let valueNode: jsonc.Node | undefined;
  let sepOffset = a.off;
  if (node && (node.type === 'string' || node.type === 'number' || node.type === 'boolean' || node.type === 'null')) {
    valueNode = node;
    sepOffset = node.offset + node.length;
    node = node.parent;
  }
  if (!node) return;
  let path: Segment[];
  let arrayNode: jsonc.Node | undefined;
  if (node.type === 'property' && a.off > (node.colonOffset ?? Number.MAX_SAFE_INTEGER)) {
    const v = node.children?.[1];
    if (v && v !== valueNode && a.off > v.offset + v.length) return;
    if (v && v !== valueNode && (v.type === 'object' || v.type === 'array')) return;
    const key = node.children?.[0]?.value;
    if (typeof key !== 'string' || !node.parent) return;
    path = [...jsonc.getNodePath(node.parent), key];
  } else if (node.type === 'array') {
    arrayNode = node;
    const items = node.children ?? [];
    let index = valueNode ? items.indexOf(valueNode) : items.filter(c => c.offset + c.length <= a.off).length;
    if (index < 0) index = items.length;
    path = [...jsonc.getNodePath(node), index];
  } else {
    return;
  }
  const sep = separatorAfter(a.body, sepOffset);
  const { ctx, set } = a;
  const applied = schemasAt(set, ctx.kind, ctx.doc, path);
  const info = describe(applied);
  let values = allowedValues(set, ctx, path, info).values;
  if (arrayNode && values) {
    // Set-like arrays (platforms, days, locales…) do not take a value twice.
    const parentApplied = schemasAt(set, ctx.kind, ctx.doc, path.slice(0, -1));
    if (parentApplied.some(p => p.node.schema.uniqueItems === true) || contextValues(ctx, path)) {
      const others = new Set((arrayNode.children ?? []).filter(c => c !== valueNode).map(c => JSON.stringify(c.value)));
      values = values.filter(v => !others.has(JSON.stringify(v.value)));
    }
  }
  let i = 0;
  const add = (label: string, insert: string, kind: CompletionItem['kind'], doc?: string, filter?: string, snippet = false): void => {
    i++;
    a.out.add({
      label,
      kind,
      documentation: doc ? { kind: 'markdown', value: doc } : undefined,
      filterText: filter ?? insert,
      sortText: String(i).padStart(4, '0'),
      insertTextFormat: snippet ? SNIPPET : 1,
      textEdit: { range: a.range, newText: insert + sep },
    });
  };
  for (const v of values ?? []) {
    const json = JSON.stringify(v.value);
    add(typeof v.value === 'string' ? v.value : json, json, Kind.EnumMember, v.description, json);
  }
  if (!values) {
    if (info.types.includes('boolean')) {
      add('true', 'true', Kind.Keyword);
      add('false', 'false', Kind.Keyword);
    }
    if (info.types.includes('null')) add('null', 'null', Kind.Keyword);
  }
  // A snippet is a whole value: never inside one being written (a string under the cursor).
  if (valueNode) return;
  // The component snippets say where they apply; the schema's own are for places without any.
  const components = snippetsAt(ctx, path);
  for (const s of components.length ? [] : info.snippets) {
    const text = schemaSnippetText(s);
    if (text === undefined) continue;
    add(
      s.label ?? previewOf(text).replace(/\s+/g, ' ').slice(0, 40),
      text,
      Kind.Snippet,
      s.markdownDescription ?? s.description,
      undefined,
      true,
    );
  }
  for (const s of components) {
    const { value } = splitBody(s);
    add(s.name, value, Kind.Snippet, (s.description ?? '') + '\n\n```json\n' + previewOf(value) + '\n```', value, true);
  }
  if (!values) {
    if (info.types.includes('object') && !a.out.items.some(x => x.kind === Kind.Snippet))
      add('{}', '{$1}', Kind.Value, undefined, '{}', true);
    if (info.types.includes('array')) add('[]', '[$1]', Kind.Value, undefined, '[]', true);
  }
}

/** A schema `defaultSnippets` entry as snippet text: `body` (strings with `^` are raw) or `bodyText`. */
function schemaSnippetText(s: SchemaSnippet): string | undefined {
  if (typeof s.bodyText === 'string') return s.bodyText;
  if (s.body === undefined) return undefined;
  return stringifySnippet(s.body, '');
}

function stringifySnippet(v: unknown, indent: string): string {
  if (typeof v === 'string') return v.startsWith('^') ? v.slice(1) : JSON.stringify(v);
  if (Array.isArray(v)) {
    if (v.length === 0) return '[]';
    return '[\n' + v.map(x => indent + '\t' + stringifySnippet(x, indent + '\t')).join(',\n') + '\n' + indent + ']';
  }
  if (v !== null && typeof v === 'object') {
    const entries = Object.entries(v as Record<string, unknown>);
    if (entries.length === 0) return '{}';
    return (
      '{\n' +
      entries.map(([k, x]) => `${indent}\t${JSON.stringify(k)}: ${stringifySnippet(x, indent + '\t')}`).join(',\n') +
      '\n' +
      indent +
      '}'
    );
  }
  return JSON.stringify(v);
}
