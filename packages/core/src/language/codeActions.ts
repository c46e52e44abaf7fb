import * as l10n from '@vscode/l10n';
import * as jsonc from 'jsonc-parser';
import type { CodeAction, TextEdit } from 'vscode-languageserver-types';
import { commaExpected, ParsedDocument, trailingComma } from './parse';
import { positionAt, Range, rangesFor, valueOffsets } from './ranges';
import { get, parsePointer, toPointer } from '../model/pointer';
import { toDiagnostics } from './diagnostics';
import { defaultSchemas, describe, jsonType, SchemaSet, schemasAt, Segment, valueAt } from './schemaWalk';
import { editContext, EditContext } from './editingContext';
import { COMPONENT_SNIPPETS, expandSnippet, SKELETON_SNIPPETS, snippetsAt, splitBody } from './snippets';
import { detectIndentation, eolOf, FormattingSettings } from './formatting';
import { DocumentKind, Finding, Fix, FixEdit, WorkspaceSettings } from '../model/types';
import { ruleDefinition } from '../rules/catalog';
import { FixContext as RuleFixContext } from '../rules/define';
import { code, fix, isObj } from '../rules/util';

/**
 * Quick fixes and "fix all". Every diagnostic's structural fixes (`Finding.fixes`: replaceValue,
 * renameKey, remove, insert on JSON pointers) become text edits made with jsonc-parser's `modify`,
 * formatted with the editor's indentation. Fixes the rule modules do not attach come from three
 * more places, so that every fix rules.md names exists whatever module reports the finding:
 * the schema's `x-fix` (`renameTo`, `moveTo`), the `fix` of the rule's definition, and two
 * generic fixes (add a missing property with a placeholder; remove a property that does not
 * apply, for rules whose definition says `removesInapplicable`).
 */

export const QUICKFIX = 'quickfix';
/** Our own fix-all kind, under `source.fixAll` so that `editor.codeActionsOnSave` runs it. */
export const FIX_ALL_KIND = 'source.fixAll.campaign-studio';

export interface CodeActionInput {
  uri: string;
  parsed: ParsedDocument;
  kind: DocumentKind;
  settings: WorkspaceSettings;
  /** The document's findings (the same the diagnostics came from). */
  findings: Finding[];
  /** The range the editor asks about (the cursor or the selection). */
  range: Range;
  /** The ranges of `findings`, in order, when the caller has them (computed once per version). */
  ranges?: readonly Range[];
  /** Requested kinds (`CodeActionContext.only`); undefined = quick fixes. */
  only?: string[];
  /** The editor's indentation; the document's own indentation wins when it has one. */
  formatting?: Partial<FormattingSettings> & { detectIndentation?: boolean };
  schemas?: SchemaSet;
  /** The document's version, named in fix-all actions' `data`. */
  version?: number;
  /** The client resolves code actions' edits (`codeAction/resolve`): fix-all's edit waits for it. */
  resolveLater?: boolean;
}

// ---------------------------------------------------------------------------------------------
// Applying structural edits

/**
 * The text after one fix. Every edit's path names a place in the document as it was before the
 * fix (as LSP text edits all refer to the original text); edits are applied in order, and each
 * later path is carried through the earlier edits (a renamed key, a removed array item).
 */
export function applyFix(text: string, edits: readonly FixEdit[], fmt: FormattingSettings): string {
  const bom = text.charCodeAt(0) === 0xfeff ? '\ufeff' : '';
  let body = bom ? text.slice(1) : text;
  const done: FixEdit[] = [];
  for (const e of edits) {
    let path: string | undefined = e.path;
    for (const d of done) path = path === undefined ? undefined : rebase(path, d);
    if (path === undefined) continue;
    const moved = { ...e, path } as FixEdit;
    body = applyEdit(body, moved, fmt);
    done.push(moved);
  }
  return bom + body;
}

/** Where `path` is after `done` was applied; undefined when `done` removed it. */
export function rebase(path: string, done: FixEdit): string | undefined {
  const p = [...parsePointer(path)];
  const d = parsePointer(done.path);
  const under = d.length <= p.length && d.every((s, i) => s === p[i]);
  if (done.kind === 'renameKey' && under) {
    p[d.length - 1] = done.newKey;
    return toPointer(p);
  }
  if (done.kind === 'remove') {
    if (under) return undefined;
    // A later item of the same array moves up by one.
    const last = d.length - 1;
    const i = Number(d[last]);
    if (
      last >= 0 &&
      Number.isInteger(i) &&
      p.length > last &&
      d.slice(0, last).every((s, k) => s === p[k]) &&
      /^\d+$/.test(p[last]) &&
      Number(p[last]) > i
    ) {
      p[last] = String(Number(p[last]) - 1);
      return toPointer(p);
    }
  }
  return path;
}

function jsonPath(root: jsonc.Node | undefined, pointer: string): jsonc.Segment[] {
  const segs = parsePointer(pointer);
  const out: jsonc.Segment[] = [];
  let node = root;
  for (const s of segs) {
    if (node?.type === 'array') {
      const i = s === '-' ? -1 : Number(s);
      out.push(Number.isInteger(i) ? i : s);
      node = i >= 0 ? node.children?.[i] : undefined;
    } else {
      out.push(s);
      node = node?.type === 'object' ? lastProperty(node, s)?.children?.[1] : undefined;
    }
  }
  return out;
}

function lastProperty(obj: jsonc.Node, key: string): jsonc.Node | undefined {
  let hit: jsonc.Node | undefined;
  for (const p of obj.children ?? []) if (p.children?.[0]?.value === key) hit = p;
  return hit;
}

function applyEdit(text: string, e: FixEdit, fmt: FormattingSettings): string {
  const root = jsonc.parseTree(text, [], { allowTrailingComma: true });
  const options: jsonc.ModificationOptions = {
    formattingOptions: { tabSize: fmt.tabSize, insertSpaces: fmt.insertSpaces, eol: fmt.eol ?? eolOf(text) },
  };
  const path = jsonPath(root, e.path);
  switch (e.kind) {
    case 'replaceValue':
    case 'insert': {
      if (e.kind === 'insert' && path.length && path[path.length - 1] === '-') path[path.length - 1] = -1;
      return jsonc.applyEdits(text, jsonc.modify(text, path, e.value, options));
    }
    case 'remove': {
      if (!root || path.length === 0 || !jsonc.findNodeAtLocation(root, path)) return text;
      return jsonc.applyEdits(text, jsonc.modify(text, path, undefined, options));
    }
    case 'renameKey': {
      if (!root || path.length === 0) return text;
      const parent = jsonc.findNodeAtLocation(root, path.slice(0, -1));
      const last = path[path.length - 1];
      if (!parent || parent.type !== 'object' || typeof last !== 'string') return text;
      const prop = lastProperty(parent, last);
      const key = prop?.children?.[0];
      if (!key) return text;
      return text.slice(0, key.offset) + JSON.stringify(e.newKey) + text.slice(key.offset + key.length);
    }
  }
}

/** One text edit (offsets) turning `before` into `after`: the span between common prefix and suffix. */
export function diffEdit(before: string, after: string): { start: number; end: number; text: string } | undefined {
  if (before === after) return undefined;
  let p = 0;
  const max = Math.min(before.length, after.length);
  while (p < max && before.charCodeAt(p) === after.charCodeAt(p)) p++;
  let s = 0;
  while (s < max - p && before.charCodeAt(before.length - 1 - s) === after.charCodeAt(after.length - 1 - s)) s++;
  return { start: p, end: before.length - s, text: after.slice(p, after.length - s) };
}

function toTextEdit(parsed: ParsedDocument, e: { start: number; end: number; text: string }): TextEdit {
  return { range: { start: positionAt(parsed, e.start), end: positionAt(parsed, e.end) }, newText: e.text };
}

/** The indentation edits use: the document's own when it has one, else the editor's, else 2 spaces. */
export function formattingFor(text: string, given?: CodeActionInput['formatting']): FormattingSettings {
  const detected = given?.detectIndentation === false ? undefined : detectIndentation(text);
  return {
    tabSize: detected?.tabSize ?? given?.tabSize ?? 2,
    insertSpaces: detected?.insertSpaces ?? given?.insertSpaces ?? true,
    eol: eolOf(text),
  };
}

// ---------------------------------------------------------------------------------------------
// Where fixes come from

/** What a rule's own fix is given, and what the schema's and the generic fixes also need. */
interface FixContext extends RuleFixContext {
  ctx: EditContext;
  set: SchemaSet;
}

/** `x-fix` on the schema of the property a finding names: `renameTo` a sibling, `moveTo` a relative path. */
function schemaFixes(f: FixContext): Fix[] {
  if (f.value === undefined || f.segs.length === 0) return [];
  const out: Fix[] = [];
  for (const a of schemasAt(f.set, f.ctx.kind, f.doc, f.segs)) {
    const x = a.node.schema['x-fix'];
    if (!isObj(x)) continue;
    const parent = isObj(f.parent) ? f.parent : {};
    if (typeof x.renameTo === 'string') {
      out.push(
        parent[x.renameTo] === undefined
          ? fix(l10n.t('Rename to {0}', code(x.renameTo)), [{ kind: 'renameKey', path: f.finding.path, newKey: x.renameTo }], true)
          : fix(l10n.t('Remove {0} ({1} is set)', code(f.key), code(x.renameTo)), [{ kind: 'remove', path: f.finding.path }], true),
      );
    }
    if (typeof x.moveTo === 'string') {
      const target = toPointer([...f.segs.slice(0, -1), ...x.moveTo.split('/')]);
      if (get(f.doc, target) === undefined) {
        out.push(
          fix(
            l10n.t('Move to {0}', code(x.moveTo.replace(/\//g, '.'))),
            [
              { kind: 'insert', path: target, value: f.value },
              { kind: 'remove', path: f.finding.path },
            ],
            true,
          ),
        );
      }
    }
  }
  return out;
}

/** A missing property: add it with a placeholder (one fix per value when there are a few). */
function missingFixes(f: FixContext): Fix[] {
  if (f.value !== undefined || f.segs.length === 0 || f.finding.range) return [];
  const parentPath = f.segs.slice(0, -1);
  const parentValue = valueAt(f.doc, parentPath);
  if (parentValue !== undefined && !isObj(parentValue)) return [];
  if (/^\d+$/.test(f.key) || f.key === '-') return [];
  const values = describe(schemasAt(f.set, f.ctx.kind, f.doc, f.segs)).values;
  if (values && values.length > 1 && values.length <= 8) {
    return values.map(v =>
      fix(l10n.t('Add {0}: {1}', code(f.key), code(v.value)), [{ kind: 'insert', path: f.finding.path, value: v.value }]),
    );
  }
  const value = placeholder(f.ctx, f.set, f.segs, 0);
  const shown = JSON.stringify(value);
  return [
    fix(shown.length <= 40 ? l10n.t('Add {0}', `\`"${f.key}": ${shown}\``) : l10n.t('Add {0} with placeholders', code(f.key)), [
      { kind: 'insert', path: f.finding.path, value },
    ]),
  ];
}

/** A present property that does not apply here: remove it. */
function notApplicableFixes(f: FixContext): Fix[] {
  if (!ruleDefinition(f.finding.rule)?.removesInapplicable || f.value === undefined || f.finding.target !== 'key' || f.segs.length === 0)
    return [];
  return [fix(l10n.t('Remove {0}', code(f.key)), [{ kind: 'remove', path: f.finding.path }])];
}

let snippetExamples: Map<string, unknown[]> | undefined;

/** Example values by property name, from the snippets with their placeholders' defaults. */
function examplesByKey(): Map<string, unknown[]> {
  if (snippetExamples) return snippetExamples;
  const map = new Map<string, unknown[]>();
  const visit = (v: unknown): void => {
    if (Array.isArray(v)) {
      v.forEach(visit);
      return;
    }
    if (!isObj(v)) return;
    for (const [k, x] of Object.entries(v)) {
      if (!map.has(k)) map.set(k, []);
      map.get(k)!.push(x);
      visit(x);
    }
  };
  for (const s of [...COMPONENT_SNIPPETS, ...SKELETON_SNIPPETS]) {
    const { key, value } = splitBody(s);
    try {
      const parsed = JSON.parse(expandSnippet(value));
      visit(key ? { [key]: parsed } : parsed);
    } catch {
      // A snippet that is not JSON once expanded is reported by its own test.
    }
  }
  snippetExamples = map;
  return map;
}

/** A value that fits the place: a component snippet's, the schema's default/example/first value, or an empty one. */
export function placeholder(ctx: EditContext, set: SchemaSet, segs: readonly Segment[], depth: number): unknown {
  const key = String(segs[segs.length - 1] ?? '');
  const own = snippetsAt(ctx, segs)[0];
  if (own) {
    try {
      return JSON.parse(expandSnippet(splitBody(own).value));
    } catch {
      /* fall through */
    }
  }
  const info = describe(schemasAt(set, ctx.kind, ctx.doc, segs));
  const fits = (v: unknown): boolean =>
    info.types.length === 0 || info.types.includes(jsonType(v)) || (jsonType(v) === 'integer' && info.types.includes('number'));
  if (info.values?.length) return info.values[0].value;
  if (info.default !== undefined && fits(info.default)) return info.default;
  for (const e of info.examples) if (fits(e)) return e;
  for (const e of examplesByKey().get(key) ?? []) if (fits(e)) return e;
  const t = info.types[0];
  if (t === 'object' && depth < 3) {
    const o: Record<string, unknown> = {};
    for (const r of info.required) o[r] = placeholder(ctx, set, [...segs, r], depth + 1);
    return o;
  }
  if (t === 'array') return [];
  if (t === 'integer' || t === 'number') return 0;
  if (t === 'boolean') return false;
  if (t === 'null') return null;
  return '';
}

/** Every fix for one finding: its own, then the schema's, its rule definition's and the generic ones. */
export function fixesFor(
  finding: Finding,
  doc: unknown,
  kind: DocumentKind,
  settings: WorkspaceSettings,
  set: SchemaSet = defaultSchemas(),
): Fix[] {
  const segs = parsePointer(finding.path);
  const fctx: FixContext = {
    finding,
    doc,
    ctx: editContext(kind, doc, settings),
    set,
    segs,
    value: finding.range ? undefined : get(doc, finding.path),
    parent: valueAt(doc, segs.slice(0, -1)),
    key: segs[segs.length - 1] ?? '',
  };
  const all: Fix[] = [...(finding.fixes ?? [])];
  if (!finding.range) {
    try {
      all.push(
        ...schemaFixes(fctx),
        ...(ruleDefinition(finding.rule)?.fix?.(fctx) ?? []),
        ...missingFixes(fctx),
        ...notApplicableFixes(fctx),
      );
    } catch {
      // A fix provider never stands in the way of the finding's own fixes.
    }
  }
  const seen = new Set<string>();
  const out: Fix[] = [];
  let preferred = false;
  for (const f of all) {
    const id = JSON.stringify(f.edits);
    if (seen.has(id)) continue;
    seen.add(id);
    // One preferred fix per finding: the first one offered.
    if (f.isPreferred && preferred) out.push({ title: f.title, edits: f.edits });
    else out.push(f);
    preferred ||= !!f.isPreferred;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Code actions

function overlaps(a: Range, b: Range): boolean {
  const before = (p: { line: number; character: number }, q: { line: number; character: number }) =>
    p.line < q.line || (p.line === q.line && p.character < q.character);
  return !before(a.end, b.start) && !before(b.end, a.start);
}

function wants(only: string[] | undefined, kind: string): boolean {
  if (!only || only.length === 0) return kind === QUICKFIX;
  return only.some(o => kind === o || kind.startsWith(o + '.'));
}

/**
 * The findings whose diagnostics overlap `range`, in order. `ranges` are the ranges of all
 * `findings` when the caller has them (else one pass over the text finds them all, see
 * `rangesFor`): only these findings' fixes are computed, whatever the size of the file.
 */
export function findingsInRange(
  parsed: ParsedDocument,
  findings: readonly Finding[],
  range: Range,
  ranges: readonly Range[] = rangesFor(parsed, findings),
): Finding[] {
  return findings.filter((_, i) => overlaps(ranges[i], range));
}

/** What `codeAction/resolve` needs to compute a fix-all action's edit: the whole file, or one rule's findings. */
export interface FixAllData {
  uri: string;
  version: number;
  /** Only this rule's findings; every rule's when absent. */
  rule?: string;
}

interface Candidate {
  title: string;
  isPreferred?: boolean;
  edit: { start: number; end: number; text: string };
}

/** Each fix of a finding as one text edit on the current text (fixes that change nothing are left out). */
function candidates(input: Omit<CodeActionInput, 'range' | 'only'>, f: Finding, fmt: FormattingSettings, set: SchemaSet): Candidate[] {
  const out: Candidate[] = [];
  for (const x of fixesFor(f, input.parsed.value, input.kind, input.settings, set)) {
    const edit = fixEdit(input.parsed, x.edits, fmt);
    if (edit) out.push({ title: x.title, isPreferred: x.isPreferred, edit });
  }
  out.push(...syntaxFixes(input.parsed, f));
  return out;
}

/** Whether fix-all would fix this finding, told from its fixes' flags without making their edits. */
function hasPreferredFix(input: Omit<CodeActionInput, 'range' | 'only'>, f: Finding, set: SchemaSet): boolean {
  return (
    fixesFor(f, input.parsed.value, input.kind, input.settings, set).some(x => x.isPreferred) ||
    syntaxFixes(input.parsed, f).some(x => x.isPreferred)
  );
}

/**
 * Fixes of the text itself (rule D1), which no JSON pointer can name: a trailing comma goes (the
 * service takes strict JSON, and nothing is lost), a missing comma between two entries comes,
 * a comment can be removed with its line.
 */
function syntaxFixes(parsed: ParsedDocument, f: Finding): Candidate[] {
  if (f.rule !== 'D1' || !f.range) return [];
  const text = parsed.text;
  const { start, end } = f.range;
  const token = text.slice(start, end);
  if (token === ',' && f.message === trailingComma()) {
    return [{ title: l10n.t('Remove the trailing comma'), isPreferred: true, edit: { start, end, text: '' } }];
  }
  if (f.message === commaExpected()) {
    const at = endOfPreviousEntry(parsed, start - parsed.bom);
    return at === undefined
      ? []
      : [{ title: l10n.t('Add the missing comma'), isPreferred: true, edit: { start: at + parsed.bom, end: at + parsed.bom, text: ',' } }];
  }
  if (/^\/[/*]/.test(token)) {
    // The comment's whole line when nothing else is on it.
    let from = start;
    while (from > 0 && (text[from - 1] === ' ' || text[from - 1] === '\t')) from--;
    let to = end;
    while (to < text.length && (text[to] === ' ' || text[to] === '\t')) to++;
    const ownLine = (from === 0 || text[from - 1] === '\n') && (to === text.length || text[to] === '\n' || text[to] === '\r');
    if (ownLine && text[to] === '\r') to++;
    if (ownLine && text[to] === '\n') to++;
    return [{ title: l10n.t('Remove the comment'), edit: { start: from, end: to, text: '' } }];
  }
  return [];
}

/**
 * Where the entry before the one starting at `offset` ends, in the body: the comma goes there,
 * before any comment that follows the entry.
 */
function endOfPreviousEntry(parsed: ParsedDocument, offset: number): number | undefined {
  const root = parsed.tree();
  let node = root ? jsonc.findNodeAtOffset(root, offset, false) : undefined;
  if (node?.parent?.type === 'property') node = node.parent;
  const siblings = node?.parent?.children ?? [];
  const previous = siblings[siblings.indexOf(node!) - 1];
  return node && previous ? previous.offset + previous.length : undefined;
}

/**
 * The code actions at `input.range`: the quick fixes of the diagnostics there, and fix-all when
 * `only` asks for it. With `resolveLater`, fix-all actions (the file's, and "fix all of this rule")
 * come without their edit and with `data` (`FixAllData`) for `codeAction/resolve`, since their edit
 * costs a fix of every finding of the file. Without it, "fix all of this rule" is left out: a client
 * that cannot resolve has the file's fix-all among the source actions, computed only when it asks
 * for them, so that a request at one line never pays for the whole file.
 */
export function codeActions(input: CodeActionInput): CodeAction[] {
  const set = input.schemas ?? defaultSchemas();
  const { parsed, uri } = input;
  const fmt = formattingFor(parsed.text, input.formatting);
  const data = (rule?: string): FixAllData => ({ uri, version: input.version ?? 0, ...(rule === undefined ? {} : { rule }) });
  const out: CodeAction[] = [];
  if (wants(input.only, QUICKFIX)) {
    for (const f of findingsInRange(parsed, input.findings, input.range, input.ranges)) {
      const fixes = candidates(input, f, fmt, set);
      if (!fixes.length) continue;
      const diagnostic = toDiagnostics(parsed, [f])[0];
      for (const x of fixes) {
        out.push({
          title: x.title,
          kind: QUICKFIX,
          diagnostics: [diagnostic],
          isPreferred: x.isPreferred || undefined,
          edit: { changes: { [uri]: [toTextEdit(parsed, x.edit)] } },
        });
      }
      // Another finding of this rule that fix-all would fix too: one action fixes them all, its edit made on resolve.
      if (
        input.resolveLater &&
        fixes.some(x => x.isPreferred) &&
        input.findings.some(o => o !== f && o.rule === f.rule && hasPreferredFix(input, o, set))
      ) {
        out.push({
          title: l10n.t('Fix all {0} problems in this file', f.rule),
          kind: QUICKFIX,
          diagnostics: [diagnostic],
          data: data(f.rule),
        });
      }
    }
  }
  if (wants(input.only, FIX_ALL_KIND)) {
    const title = l10n.t('Fix all auto-fixable Campaign Studio problems');
    if (input.resolveLater) {
      if (input.findings.length) out.push({ title, kind: FIX_ALL_KIND, data: data() });
    } else {
      const edits = fixAllEdits(input, fmt);
      if (edits.length) out.push({ title, kind: FIX_ALL_KIND, edit: { changes: { [uri]: edits } } });
    }
  }
  return out;
}

/** The edits of a fix-all action offered with `data`: every preferred fix of the file, or of its rule. */
export function resolveFixAll(input: Omit<CodeActionInput, 'range' | 'only'>, data: Pick<FixAllData, 'rule'>): TextEdit[] {
  const rule = data.rule;
  return fixAllEdits(input, undefined, rule === undefined ? undefined : r => r === rule);
}

/**
 * One fix as one text edit. It is made on the smallest object or array that holds every place the
 * fix changes, not on the whole text: jsonc-parser's \`modify\` parses all the text it is given,
 * a second per fix on a 10 MB file. The value is preceded by its line's indentation, from which
 * jsonc-parser indents what it inserts, so the edit is the one the whole text would give.
 */
function fixEdit(
  parsed: ParsedDocument,
  edits: readonly FixEdit[],
  fmt: FormattingSettings,
): { start: number; end: number; text: string } | undefined {
  const scope = fixScope(parsed, edits);
  if (!scope) {
    const after = safeApply(parsed.text, edits, fmt);
    return after === undefined ? undefined : diffEdit(parsed.text, after);
  }
  const text = parsed.text;
  const lineStart = text.lastIndexOf('\n', scope.start - 1) + 1;
  const indent = /^[ \t]*/.exec(text.slice(lineStart, scope.start))![0];
  const before = indent + text.slice(scope.start, scope.end);
  const relative = edits.map(e => ({ ...e, path: toPointer(parsePointer(e.path).slice(scope.depth)) }) as FixEdit);
  const after = safeApply(before, relative, fmt);
  const edit = after === undefined ? undefined : diffEdit(before, after);
  if (!edit || edit.start < indent.length) return edit;
  const shift = scope.start - indent.length;
  return { start: edit.start + shift, end: edit.end + shift, text: edit.text };
}

/** The deepest object or array that holds the parent of every edit's place, when it is not the root. */
function fixScope(parsed: ParsedDocument, edits: readonly FixEdit[]): { start: number; end: number; depth: number } | undefined {
  if (!edits.length) return undefined;
  const parents = edits.map(e => parsePointer(e.path).slice(0, -1));
  let common = parents[0];
  for (const p of parents) {
    let i = 0;
    while (i < common.length && i < p.length && common[i] === p[i]) i++;
    common = common.slice(0, i);
  }
  for (let depth = common.length; depth > 0; depth--) {
    const segs = common.slice(0, depth);
    const value = valueAt(parsed.value, segs);
    if (value === null || typeof value !== 'object') continue;
    const at = valueOffsets(parsed, toPointer(segs));
    if (at) return { ...at, depth };
  }
  return undefined;
}

function safeApply(text: string, edits: readonly FixEdit[], fmt: FormattingSettings): string | undefined {
  try {
    return applyFix(text, edits, fmt);
  } catch {
    return undefined;
  }
}

/**
 * The edits that apply every preferred fix of the file (of the rules `ruleFilter` accepts): each
 * fix's edit computed on the original text, and only those that do not overlap one already taken.
 */
export function fixAllEdits(
  input: Omit<CodeActionInput, 'range' | 'only'>,
  fmt = formattingFor(input.parsed.text, input.formatting),
  ruleFilter: (rule: string) => boolean = () => true,
): TextEdit[] {
  const set = input.schemas ?? defaultSchemas();
  const { parsed } = input;
  const taken: Array<{ start: number; end: number; text: string }> = [];
  for (const f of input.findings) {
    if (!ruleFilter(f.rule)) continue;
    const e = candidates(input, f, fmt, set).find(x => x.isPreferred)?.edit;
    if (!e) continue;
    if (
      taken.some(
        t =>
          (e.start < t.end && t.start < e.end) ||
          (e.start === e.end && e.start >= t.start && e.start <= t.end) ||
          (t.start === t.end && t.start >= e.start && t.start <= e.end),
      )
    )
      continue;
    taken.push(e);
  }
  taken.sort((a, b) => a.start - b.start);
  return taken.map(e => toTextEdit(parsed, e));
}

/** The text after a set of non-overlapping LSP text edits, as an editor applies them. */
export function applyTextEdits(parsed: ParsedDocument, edits: TextEdit[]): string {
  const offsets = edits
    .map(e => ({ start: offsetOf(parsed, e.range.start), end: offsetOf(parsed, e.range.end), text: e.newText }))
    .sort((a, b) => b.start - a.start);
  let text = parsed.text;
  for (const e of offsets) text = text.slice(0, e.start) + e.text + text.slice(e.end);
  return text;
}

function offsetOf(parsed: ParsedDocument, p: { line: number; character: number }): number {
  const starts = parsed.lineStarts();
  return p.line >= starts.length ? parsed.text.length : starts[p.line] + p.character;
}
