import * as l10n from '@vscode/l10n';
import type * as Validators from '../generated/validators';
import type { AjvError } from '../generated/validators';
import ruleTableJson from '../generated/ruleTable.json';
import { get, join, parsePointer } from '../model/pointer';
import { DocumentKind, Finding, Fix, Severity } from '../model/types';
import { ruleDefinition, ruleSeverity } from '../rules/catalog';
import { closestValue, code, didYouMean, visible } from '../model/strings';
import { changeTo } from '../rules/util';

/**
 * Turns the errors of the precompiled validators into findings: a rule id from the nearest
 * `x-rule` in the schema, a plain message (the rule's own message that `x-messages` names for the
 * keyword, or one built from the keyword), and the generic fixes that follow from the schema
 * alone (wrong case of an enum value, a near-miss key).
 */

interface RuleEntry {
  rule?: string;
  severity?: Severity;
  messages?: Record<string, string>;
  known?: string[];
  unknownRule?: string;
  /** A discriminator's values (`filter_type`). */
  tagValues?: string[];
}
const ruleTable = ruleTableJson as Record<string, RuleEntry>;

/**
 * The precompiled validators, one per document kind, evaluated at their first use rather than
 * when the bundle loads: a quarter of a megabyte of schema code stays off a process's start-up
 * until something is checked (the server loads them right after answering `initialize`, while
 * the editor sends its first document). `require` evaluates the module once and keeps it.
 */
export function loadValidators(): typeof Validators {
  return require('../generated/validators') as typeof Validators;
}

const TOP_FILE: Record<DocumentKind, string> = {
  campaign: 'campaign.schema.json',
  search: 'search.schema.json',
  campaignrc: 'campaignrc.schema.json',
};

/** `components/x.schema.json#/a/b` or `#/a/b` → `x.schema.json#/a/b`. */
export function schemaKey(kind: DocumentKind, schemaPath: string): string {
  let file = TOP_FILE[kind];
  let rest = schemaPath;
  const at = schemaPath.indexOf('.schema.json');
  if (!schemaPath.startsWith('#') && at >= 0) {
    const ref = schemaPath.slice(0, at + '.schema.json'.length);
    file = ref.slice(ref.lastIndexOf('/') + 1);
    rest = schemaPath.slice(ref.length);
  }
  if (rest.startsWith('#')) rest = rest.slice(1);
  return `${file}#${rest}`;
}

/** The nearest annotated schema node at or above `key`, with the entries merged nearest-first. */
type LookupResult = { rule: string; severity?: Severity; messages: Record<string, string>; entryKey: string };
/** Schema paths are a finite set, so their lookups are remembered (results are never mutated). */
const lookups = new Map<string, LookupResult>();

export function lookup(key: string): LookupResult {
  let hit = lookups.get(key);
  if (!hit) {
    hit = lookupUncached(key);
    lookups.set(key, hit);
  }
  return hit;
}

function lookupUncached(key: string): LookupResult {
  const hash = key.indexOf('#');
  const file = key.slice(0, hash);
  const segs = key
    .slice(hash + 1)
    .split('/')
    .filter(s => s !== '');
  const names: Record<string, string> = {};
  let severity: Severity | undefined;
  for (let n = segs.length; n >= 0; n--) {
    const k = `${file}#${n ? '/' + segs.slice(0, n).join('/') : ''}`;
    const e = ruleTable[k];
    if (!e) continue;
    if (e.messages) for (const [m, t] of Object.entries(e.messages)) if (!(m in names)) names[m] = t;
    if (e.severity && !severity) severity = e.severity;
    if (e.rule) return { rule: e.rule, severity, messages: ruleMessages(e.rule, names), entryKey: k };
  }
  return { rule: 'D7', severity, messages: ruleMessages('D7', names), entryKey: `${file}#` };
}

/**
 * A schema names its messages by keyword (`"x-messages": { "pattern": "notEmail" }`); their text
 * is in the definition of the rule the schema node belongs to, with the rule's other wording.
 */
function ruleMessages(rule: string, names: Record<string, string>): Record<string, string> {
  const texts = ruleDefinition(rule)?.messages ?? {};
  const out: Record<string, string> = {};
  for (const [keyword, name] of Object.entries(names)) if (texts[name] !== undefined) out[keyword] = texts[name];
  return out;
}

export function schemaFindings(kind: DocumentKind, value: unknown): Finding[] {
  const validate = loadValidators()[kind];
  if (validate(value)) return [];
  const out: Finding[] = [];
  const seen = new Set<string>();
  for (const err of validate.errors ?? []) {
    const f = toFinding(kind, value, err);
    if (!f) continue;
    const id = `${f.rule}|${f.path}|${f.target ?? ''}`;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(f);
  }
  return out;
}

function list(values: unknown[]): string {
  const shown = values.slice(0, 12).map(code);
  return shown.join(', ') + (values.length > 12 ? ', …' : '');
}

function typeName(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'object') return 'an object';
  if (typeof v === 'number') return Number.isInteger(v) ? 'a number' : 'a decimal number';
  if (typeof v === 'string') return 'a string';
  if (typeof v === 'boolean') return 'a boolean';
  return typeof v;
}

const TYPE_WORDS: Record<string, string> = {
  string: 'a string',
  integer: 'a whole number',
  number: 'a number',
  boolean: '`true` or `false`',
  object: 'an object',
  array: 'an array',
  null: '`null`',
};

/** A template's placeholders: `{name}` → `name`. */
const PLACEHOLDER = /{([^}]+)}/g;

/**
 * A rule's message template filled in: the one place every definition's `messages` are formatted,
 * through l10n. Only the placeholders the template names are read (a `{value}` or an `{allowed}`
 * list is written out only then), each string made visible.
 */
function fill(template: string, vars: TemplateVars): string {
  const shown: Record<string, l10n.L10nReplacement> = {};
  for (const [, name] of template.matchAll(PLACEHOLDER)) {
    const v = vars[name];
    const text = typeof v === 'function' ? v() : v;
    shown[name] = typeof text === 'string' ? visible(text) : (text as l10n.L10nReplacement);
  }
  return l10n.t(template, shown);
}

/** What a rule's message template may use; a function is called only when the template names it. */
type TemplateVars = Record<string, unknown>;

/** One validator error, with what every keyword's message says about the place it is at. */
interface SchemaError {
  kind: DocumentKind;
  err: AjvError;
  info: LookupResult;
  /** The value at the error's instance path. */
  value: unknown;
  /** The last segment of the instance path (an index for an array item). */
  prop: string;
  /** The nearest property name on the path, or `the document`. */
  parentName: string;
  /** The object the error is in, for "… in `basic_details`". */
  where: string;
  /** The value named in a sentence: `` `name` ``, or "each item of `tags`". */
  subject: string;
  Subject: string;
  /** "for `name`", or "in `tags`" for an array item. */
  forProp: string;
  /** What a rule's message template may use: `{property}`, `{value}`, `{missing}`, … */
  vars: TemplateVars;
}

/**
 * What one keyword says about an error; the rest of the finding comes from the place. The message
 * is written only when the rule's definition has none of its own for the keyword.
 */
interface Described {
  message: () => string;
  /** The allowed value meant, said after a rule's own message too. */
  suggestion?: string;
  path?: string;
  target?: 'key';
  fixes?: Fix[];
  rule?: string;
  severity?: Severity;
}

function toFinding(kind: DocumentKind, doc: unknown, err: AjvError): Finding | undefined {
  if (explainedElsewhere(err)) return undefined;
  const e = schemaError(kind, doc, err);
  const described = (DESCRIBE[err.keyword] ?? describeOther)(e);
  const f: Finding = {
    rule: described.rule ?? e.info.rule,
    path: described.path ?? err.instancePath,
    message: withSuggestion(ruleMessage(e), described.suggestion) ?? described.message(),
    severity: described.severity ?? e.info.severity ?? ruleSeverity(e.info.rule, 'error'),
  };
  if (described.target) f.target = described.target;
  if (described.fixes?.length) f.fixes = described.fixes;
  return f;
}

/** `if` only says which branch failed; the branch's own errors say what is wrong. */
function explainedElsewhere(err: AjvError): boolean {
  return (
    err.keyword === 'if' || err.keyword === 'allOf' || err.keyword === 'anyOf' || (err.keyword === 'oneOf' && !!err.params?.passingSchemas)
  );
}

function schemaError(kind: DocumentKind, doc: unknown, err: AjvError): SchemaError {
  const segs = parsePointer(err.instancePath);
  const prop = segs.length ? segs[segs.length - 1] : '';
  const parentName = segs.length ? (segs.filter(s => !/^\d+$/.test(s)).slice(-1)[0] ?? 'the document') : 'the document';
  const value = get(doc, err.instancePath);
  // An array item is named by its array (`each item of \`tags\``), not by its index.
  const isItem = /^\d+$/.test(prop);
  return {
    kind,
    err,
    info: lookup(schemaKey(kind, err.schemaPath)),
    value,
    prop,
    parentName,
    // An object inside an array is named with its index (`filters[0]`), so the message says which.
    where: err.instancePath === '' ? 'the document' : code(isItem ? `${parentName}[${prop}]` : parentName),
    subject: isItem ? `each item of ${code(parentName)}` : code(prop),
    Subject: isItem ? `Each item of ${code(parentName)}` : code(prop),
    forProp: isItem ? `in ${code(parentName)}` : `for ${code(prop || 'the document')}`,
    vars: templateVars(prop, parentName, value),
  };
}

/**
 * `{value}` is written out only when a message uses it: for an error on an object (an unknown
 * key in a huge document) that would copy the whole object once per error.
 */
function templateVars(prop: string, parentName: string, value: unknown): TemplateVars {
  return { property: prop, parent: parentName, value: () => (typeof value === 'string' ? value : JSON.stringify(value)) };
}

/** The message the rule's definition gives for this keyword at this schema node, filled in. */
function ruleMessage(e: SchemaError): string | undefined {
  const keyword = e.err.keyword;
  const custom = e.info.messages[keyword] ?? (keyword === 'discriminator' ? e.info.messages.enum : undefined);
  return custom ? fill(custom, e.vars) : undefined;
}

/** A rule's own message for a wrong value, followed by the value meant when one is close. */
function withSuggestion(message: string | undefined, suggestion: string | undefined): string | undefined {
  return message !== undefined && suggestion !== undefined ? `${message} ${l10n.t('Did you mean {0}?', code(suggestion))}` : message;
}

const DESCRIBE: Record<string, (e: SchemaError) => Described> = {
  required: describeRequired,
  additionalProperties: describeUnknownKey,
  enum: describeNotAllowed,
  const: describeNotAllowed,
  type: describeType,
  minimum: describeBound,
  exclusiveMinimum: describeBound,
  maximum: describeBound,
  exclusiveMaximum: describeBound,
  minItems: e =>
    sized(e, () => l10n.t('{0} needs at least {1} item{2}.', code(e.prop), e.err.params.limit, e.err.params.limit === 1 ? '' : 's')),
  maxItems: e =>
    sized(e, () => l10n.t('{0} takes at most {1} item{2}.', code(e.prop), e.err.params.limit, e.err.params.limit === 1 ? '' : 's')),
  minLength: e =>
    sized(e, () =>
      e.err.params.limit === 1
        ? l10n.t`${e.Subject} must not be empty.`
        : l10n.t('{0} needs at least {1} characters.', e.Subject, e.err.params.limit),
    ),
  maxLength: e => sized(e, () => l10n.t('{0} takes at most {1} characters.', e.Subject, e.err.params.limit)),
  maxProperties: e => sized(e, () => l10n.t('{0} takes at most {1} properties.', e.where, e.err.params.limit)),
  uniqueItems: describeDuplicate,
  pattern: e => ({ message: () => l10n.t('{0} does not have the form {1} needs.', code(e.value), e.subject) }),
  propertyNames: describeKeyName,
  discriminator: describeDiscriminator,
  not: e => ({ message: () => l10n.t`${code(e.prop || 'this')} is not allowed here.` }),
  dependencies: describeDependency,
  dependentRequired: describeDependency,
};

function describeOther(e: SchemaError): Described {
  return { message: () => l10n.t('{0} is not valid here ({1}).', code(e.prop || 'This value'), e.err.keyword) };
}

function describeRequired({ err, where, vars }: SchemaError): Described {
  const missing = String(err.params.missingProperty);
  vars.missing = missing;
  return { message: () => l10n.t('{0} is required in {1}.', code(missing), where), path: join(err.instancePath, missing) };
}

/** A key the closed object does not list, with a rename when it is a near miss of a known one. */
function describeUnknownKey({ kind, err, value, where, vars }: SchemaError): Described {
  // The closed object itself (not the nearest node with an x-rule) lists the known keys.
  const objectEntry = ruleTable[schemaKey(kind, err.schemaPath).replace(/\/additionalProperties$/, '')];
  const key = String(err.params.additionalProperty);
  vars.key = key;
  const path = join(err.instancePath, key);
  const known = objectEntry?.known ?? [];
  vars.known = () => list(known);
  // Membership tests against the object, not a scan of its keys per error: an object with a
  // huge number of unknown keys must stay linear.
  const obj = value && typeof value === 'object' ? (value as object) : {};
  const present = (k: string): boolean => Object.prototype.hasOwnProperty.call(obj, k);
  const guess =
    didYouMean(
      key,
      known.filter(k => !present(k)),
    ) ?? didYouMean(key, known);
  vars.suggestion = guess ?? '';
  const base = { path, target: 'key' as const, ...unknownKeyRule(kind, objectEntry) };
  if (guess && present(guess)) {
    // The intended key is already there: this one is a leftover copy, and renaming it would
    // make a duplicate key.
    return {
      ...base,
      message: () =>
        l10n.t(
          '{0} is not a property of {1}: did you mean {2}? {3} is already set, so remove this copy.',
          code(key),
          where,
          code(guess),
          code(guess),
        ),
      fixes: [
        { title: l10n.t('Remove `{0}` (`{1}` is already set)', visible(key), guess), edits: [{ kind: 'remove', path }], isPreferred: true },
      ],
    };
  }
  const fixes: Fix[] = guess
    ? [{ title: l10n.t`Rename to \`${guess}\``, edits: [{ kind: 'renameKey', path, newKey: guess }], isPreferred: true }]
    : [];
  fixes.push({ title: l10n.t`Remove \`${visible(key)}\``, edits: [{ kind: 'remove', path }] });
  return {
    ...base,
    message: () =>
      l10n.t('{0} is not a property of {1}', code(key), where) +
      (guess ? l10n.t`: did you mean ${code(guess)}?` : l10n.t`. Remove it, or check the spelling against the spec.`),
    fixes,
  };
}

/**
 * An unknown key is rule D7 at any depth, whichever rule governs the object's own fields, unless
 * the object names a rule of its own for them (`x-unknown-rule`). A settings file keeps its rule
 * (W1) and its severity: a misspelt flag silently reads as unknown.
 */
function unknownKeyRule(kind: DocumentKind, objectEntry: RuleEntry | undefined): Pick<Described, 'rule' | 'severity'> {
  if (kind === 'campaignrc') return {};
  const rule = objectEntry?.unknownRule ?? 'D7';
  return { rule, severity: ruleSeverity(rule, 'warning') };
}

/** A value outside `enum` / `const`, with a fix when only its case or its type is off. */
function describeNotAllowed({ err, value, forProp, vars }: SchemaError): Described {
  const allowed: unknown[] = err.keyword === 'enum' ? err.params.allowedValues : [err.params.allowedValue];
  vars.allowed = () => list(allowed);
  const caseMatch =
    typeof value === 'string' ? allowed.find(a => typeof a === 'string' && a.toLowerCase() === value.toLowerCase()) : undefined;
  const sameText =
    typeof value !== 'string' && value !== null && typeof value !== 'object'
      ? allowed.find(a => typeof a === 'string' && a === String(value))
      : undefined;
  const fixTo = caseMatch ?? sameText;
  const near = fixTo === undefined ? closestValue(value, allowed) : undefined;
  if (near !== undefined) {
    vars.suggestion = near;
    return {
      message: () =>
        l10n.t(
          '{0} is not allowed {1}: did you mean {2}? Use {3}.',
          code(value),
          forProp,
          code(near),
          allowed.length === 1 ? code(allowed[0]) : 'one of ' + list(allowed),
        ),
      suggestion: near,
      fixes: [changeTo(err.instancePath, near)],
    };
  }
  if (fixTo === undefined) {
    return {
      message: () =>
        l10n.t(
          '{0} is not allowed {1}: use {2}.',
          code(value),
          forProp,
          allowed.length === 1 ? code(allowed[0]) : 'one of ' + list(allowed),
        ),
    };
  }
  return {
    message: () =>
      l10n.t(
        '{0} is not allowed {1}: {2}, use {3}.',
        code(value),
        forProp,
        caseMatch !== undefined ? 'the case matters' : 'it must be a string',
        code(fixTo),
      ),
    fixes: [
      {
        title: l10n.t`Change to ${code(fixTo)}`,
        edits: [{ kind: 'replaceValue', path: err.instancePath, value: fixTo }],
        isPreferred: true,
      },
    ],
  };
}

function describeType({ kind, err, value, prop, Subject, vars }: SchemaError): Described {
  const want = String(err.params.type)
    .split(',')
    .map(t => TYPE_WORDS[t] ?? t)
    .join(' or ');
  vars.type = want;
  const fixes = typeFixes(err, value);
  if (err.instancePath !== '')
    return { message: () => l10n.t('{0} must be {1}, not {2}.', prop ? Subject : code('The document'), want, typeName(value)), fixes };
  // Nothing else can be checked: an error, under the rule of the document's first required key.
  return {
    message: () =>
      l10n.t(
        'A {0} is one JSON object, not {1}.',
        kind === 'campaignrc' ? 'settings file' : kind === 'search' ? 'search request' : 'campaign document',
        typeName(value),
      ),
    rule: kind === 'campaignrc' ? 'W1' : kind === 'search' ? 'R1' : 'D2',
    severity: 'error',
    fixes,
  };
}

/** The value in the type the schema wants, when it is plainly written in another. */
function typeFixes(err: AjvError, value: unknown): Fix[] {
  const path = err.instancePath;
  const type = err.params.type;
  if (type === 'string' && (typeof value === 'number' || typeof value === 'boolean')) {
    return [
      {
        title: l10n.t`Change to the string "${String(value)}"`,
        edits: [{ kind: 'replaceValue', path, value: String(value) }],
        isPreferred: true,
      },
    ];
  }
  if (
    (type === 'integer' || type === 'number') &&
    typeof value === 'string' &&
    value.trim() !== '' &&
    Number.isFinite(Number(value)) &&
    (type === 'number' || Number.isInteger(Number(value)))
  ) {
    return [
      {
        title: l10n.t`Change to the number ${Number(value)}`,
        edits: [{ kind: 'replaceValue', path, value: Number(value) }],
        isPreferred: true,
      },
    ];
  }
  if (type === 'array' && value !== undefined && !Array.isArray(value) && typeof value !== 'object') {
    return [{ title: l10n.t`Wrap in an array`, edits: [{ kind: 'replaceValue', path, value: [value] }], isPreferred: true }];
  }
  if (type === 'boolean' && (value === 'true' || value === 'false')) {
    return [{ title: l10n.t`Change to ${value}`, edits: [{ kind: 'replaceValue', path, value: value === 'true' }], isPreferred: true }];
  }
  return [];
}

const BOUND_WORDS: Record<string, string> = {
  minimum: 'at least',
  exclusiveMinimum: 'more than',
  maximum: 'at most',
  exclusiveMaximum: 'less than',
};

function describeBound(e: SchemaError): Described {
  return sized(e, () =>
    l10n.t('{0} must be {1} {2}, not {3}.', e.Subject, BOUND_WORDS[e.err.keyword], e.err.params.limit, JSON.stringify(e.value)),
  );
}

/** A message about a limit (`{limit}` in the rule's templates). */
function sized({ err, vars }: SchemaError, message: () => string): Described {
  vars.limit = err.params.limit;
  return { message };
}

function describeDuplicate({ err, prop }: SchemaError): Described {
  // ajv names the pair in either order depending on the item type: the later one is the copy.
  const first = Math.min(Number(err.params.i), Number(err.params.j));
  const copy = Math.max(Number(err.params.i), Number(err.params.j));
  const path = `${err.instancePath}/${copy}`;
  return {
    message: () => l10n.t('{0} lists the same value twice (items {1} and {2}): keep one.', code(prop), first, copy),
    path,
    fixes: [{ title: l10n.t('Remove the duplicate'), edits: [{ kind: 'remove', path }], isPreferred: true }],
  };
}

function describeKeyName({ err, where, vars }: SchemaError): Described {
  vars.key = err.params.propertyName;
  return {
    message: () => l10n.t('{0} is not allowed as a key of {1}.', code(err.params.propertyName), where),
    path: join(err.instancePath, String(err.params.propertyName)),
    target: 'key',
  };
}

function describeDiscriminator({ kind, err, value, vars }: SchemaError): Described {
  const tag = String(err.params.tag);
  vars.tag = tag;
  const path = `${err.instancePath}/${tag}`;
  const got = (value as Record<string, unknown> | undefined)?.[tag];
  if (err.params.error === 'tag' && got === undefined)
    return { message: () => l10n.t`${code(tag)} is required: it says which kind of object this is.`, path };
  vars.value = typeof got === 'string' ? got : JSON.stringify(got);
  const near = closestValue(got, discriminatorValues(kind, err));
  if (near === undefined) return { message: () => l10n.t('{0} is not a known {1}.', code(got), code(tag)), path };
  vars.suggestion = near;
  return {
    message: () => l10n.t('{0} is not a known {1}: did you mean {2}?', code(got), code(tag), code(near)),
    path,
    suggestion: near,
    fixes: [changeTo(path, near)],
  };
}

function discriminatorValues(kind: DocumentKind, err: AjvError): string[] {
  return ruleTable[schemaKey(kind, err.schemaPath).replace(/\/discriminator$/, '')]?.tagValues ?? [];
}

function describeDependency({ err, vars }: SchemaError): Described {
  const missing = String(err.params.missingProperty);
  vars.missing = missing;
  vars.property = err.params.property;
  return {
    message: () => l10n.t('{0} is required when {1} is present.', code(missing), code(err.params.property)),
    path: `${err.instancePath}/${missing}`,
  };
}
