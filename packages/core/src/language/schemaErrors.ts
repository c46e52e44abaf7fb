import * as validators from '../generated/validators';
import type { AjvError, CompiledValidator } from '../generated/validators';
import ruleTableJson from '../generated/ruleTable.json';
import { get, parsePointer } from './pointer';
import { DocumentKind, Finding, Fix, Severity } from './types';
import { ruleDefinition, ruleSeverity } from '../rules/catalog';
import { didYouMean } from './strings';

/**
 * Turns the errors of the precompiled validators into findings: a rule id from the nearest
 * `x-rule` in the schema, a plain message (the rule's own message that `x-messages` names for the
 * keyword, or one built from the keyword), and the generic fixes that follow from the schema
 * alone (wrong case of an enum value, a near-miss key).
 */

interface RuleEntry { rule?: string; severity?: Severity; messages?: Record<string, string>; known?: string[]; unknownRule?: string }
const ruleTable = ruleTableJson as Record<string, RuleEntry>;

const VALIDATORS: Record<DocumentKind, CompiledValidator> = {
  campaign: validators.campaign,
  search: validators.search,
  campaignrc: validators.campaignrc,
};

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
  const segs = key.slice(hash + 1).split('/').filter(s => s !== '');
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
  const validate = VALIDATORS[kind];
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

function code(s: unknown): string {
  return '`' + (typeof s === 'string' ? s : JSON.stringify(s)) + '`';
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
  string: 'a string', integer: 'a whole number', number: 'a number', boolean: '`true` or `false`',
  object: 'an object', array: 'an array', null: '`null`',
};

function fill(template: string, vars: Record<string, unknown>): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m));
}

function toFinding(kind: DocumentKind, doc: unknown, err: AjvError): Finding | undefined {
  // `if` only says which branch failed; the branch's own errors say what is wrong.
  if (err.keyword === 'if' || err.keyword === 'allOf' || err.keyword === 'anyOf' || err.keyword === 'oneOf' && err.params?.passingSchemas) return undefined;
  const info = lookup(schemaKey(kind, err.schemaPath));
  const segs = parsePointer(err.instancePath);
  const prop = segs.length ? segs[segs.length - 1] : '';
  const parentName = segs.length ? segs.filter(s => !/^\d+$/.test(s)).slice(-1)[0] ?? 'the document' : 'the document';
  const value = get(doc, err.instancePath);
  // An object inside an array is named with its index (`filters[0]`), so the message says which.
  const where = err.instancePath === '' ? 'the document' : code(/^\d+$/.test(prop) ? `${parentName}[${prop}]` : parentName);
  let rule = info.rule;
  let severity: Severity = info.severity ?? ruleSeverity(info.rule, 'error');
  // `{value}` is written out only when a message uses it: for an error on an object (an unknown
  // key in a huge document) that would copy the whole object once per error.
  let valueText: string | undefined;
  const vars: Record<string, unknown> = {
    property: prop,
    parent: parentName,
    get value() { return valueText ??= typeof value === 'string' ? value : JSON.stringify(value); },
    set value(v: unknown) { valueText = String(v); },
  };
  // An array item is named by its array (`each item of \`tags\``), not by its index.
  const isItem = /^\d+$/.test(prop);
  const subject = isItem ? `each item of ${code(parentName)}` : code(prop);
  const Subject = isItem ? `Each item of ${code(parentName)}` : code(prop);
  const forProp = isItem ? `in ${code(parentName)}` : `for ${code(prop || 'the document')}`;
  let path = err.instancePath;
  let target: 'key' | 'value' | undefined;
  let message: string;
  const fixes: Fix[] = [];

  switch (err.keyword) {
    case 'required': {
      const missing = String(err.params.missingProperty);
      vars.missing = missing;
      path = `${err.instancePath}/${missing.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      message = `${code(missing)} is required in ${where}.`;
      break;
    }
    case 'additionalProperties': {
      // An unknown key is rule D7 at any depth, whichever rule governs the object's own fields.
      // A settings file keeps its rule (W1) and its severity: a misspelt flag silently reads as unknown.
      // The closed object itself (not the nearest node with an x-rule) lists the known keys, and
      // may name a rule of its own for unknown keys (`x-unknown-rule`).
      const objectEntry = ruleTable[schemaKey(kind, err.schemaPath).replace(/\/additionalProperties$/, '')];
      if (kind !== 'campaignrc') { rule = objectEntry?.unknownRule ?? 'D7'; severity = ruleSeverity(rule, 'warning'); }
      const key = String(err.params.additionalProperty);
      vars.key = key;
      path = `${err.instancePath}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      target = 'key';
      const known = objectEntry?.known ?? [];
      // Membership tests against the object, not a scan of its keys per error: an object with a
      // huge number of unknown keys must stay linear.
      const obj = value && typeof value === 'object' ? value as object : {};
      const present = (k: string): boolean => Object.prototype.hasOwnProperty.call(obj, k);
      const guess = didYouMean(key, known.filter(k => !present(k))) ?? didYouMean(key, known);
      vars.suggestion = guess ?? '';
      if (guess && present(guess)) {
        // The intended key is already there: this one is a leftover copy, and renaming it would
        // make a duplicate key.
        message = `${code(key)} is not a property of ${where}: did you mean ${code(guess)}? ${code(guess)} is already set, so remove this copy.`;
        fixes.push({ title: `Remove \`${key}\` (\`${guess}\` is already set)`, edits: [{ kind: 'remove', path }], isPreferred: true });
      } else {
        message = `${code(key)} is not a property of ${where}` + (guess ? `: did you mean ${code(guess)}?` : `. Remove it, or check the spelling against the spec.`);
        if (guess) fixes.push({ title: `Rename to \`${guess}\``, edits: [{ kind: 'renameKey', path, newKey: guess }], isPreferred: true });
        fixes.push({ title: `Remove \`${key}\``, edits: [{ kind: 'remove', path }] });
      }
      vars.known = list(known);
      break;
    }
    case 'enum':
    case 'const': {
      const allowed: unknown[] = err.keyword === 'enum' ? err.params.allowedValues : [err.params.allowedValue];
      vars.allowed = list(allowed);
      message = `${code(value)} is not allowed ${forProp}: use ${allowed.length === 1 ? code(allowed[0]) : 'one of ' + list(allowed)}.`;
      const caseMatch = typeof value === 'string' ? allowed.find(a => typeof a === 'string' && a.toLowerCase() === value.toLowerCase()) : undefined;
      const sameText = typeof value !== 'string' && value !== null && typeof value !== 'object' ? allowed.find(a => typeof a === 'string' && a === String(value)) : undefined;
      const fixTo = caseMatch ?? sameText;
      if (fixTo !== undefined) {
        message = `${code(value)} is not allowed ${forProp}: ${caseMatch !== undefined ? 'the case matters' : 'it must be a string'}, use ${code(fixTo)}.`;
        fixes.push({ title: `Change to ${code(fixTo)}`, edits: [{ kind: 'replaceValue', path, value: fixTo }], isPreferred: true });
      }
      break;
    }
    case 'type': {
      const want = String(err.params.type).split(',').map(t => TYPE_WORDS[t] ?? t).join(' or ');
      vars.type = want;
      message = `${prop ? Subject : code('The document')} must be ${want}, not ${typeName(value)}.`;
      if (err.instancePath === '') {
        message = `A ${kind === 'campaignrc' ? 'settings file' : kind === 'search' ? 'search request' : 'campaign document'} is one JSON object, not ${typeName(value)}.`;
        // Nothing else can be checked: an error, under the rule of the document's first required key.
        rule = kind === 'campaignrc' ? 'W1' : kind === 'search' ? 'R1' : 'D2';
        severity = 'error';
      }
      if (err.params.type === 'string' && (typeof value === 'number' || typeof value === 'boolean')) {
        fixes.push({ title: `Change to the string "${String(value)}"`, edits: [{ kind: 'replaceValue', path, value: String(value) }], isPreferred: true });
      } else if ((err.params.type === 'integer' || err.params.type === 'number') && typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)) && (err.params.type === 'number' || Number.isInteger(Number(value)))) {
        fixes.push({ title: `Change to the number ${Number(value)}`, edits: [{ kind: 'replaceValue', path, value: Number(value) }], isPreferred: true });
      } else if (err.params.type === 'array' && value !== undefined && !Array.isArray(value) && typeof value !== 'object') {
        fixes.push({ title: `Wrap in an array`, edits: [{ kind: 'replaceValue', path, value: [value] }], isPreferred: true });
      } else if (err.params.type === 'boolean' && (value === 'true' || value === 'false')) {
        fixes.push({ title: `Change to ${value}`, edits: [{ kind: 'replaceValue', path, value: value === 'true' }], isPreferred: true });
      }
      break;
    }
    case 'minimum': case 'exclusiveMinimum': case 'maximum': case 'exclusiveMaximum': {
      const op = { minimum: 'at least', exclusiveMinimum: 'more than', maximum: 'at most', exclusiveMaximum: 'less than' }[err.keyword];
      vars.limit = err.params.limit;
      message = `${Subject} must be ${op} ${err.params.limit}, not ${JSON.stringify(value)}.`;
      break;
    }
    case 'minItems': message = `${code(prop)} needs at least ${err.params.limit} item${err.params.limit === 1 ? '' : 's'}.`; vars.limit = err.params.limit; break;
    case 'maxItems': message = `${code(prop)} takes at most ${err.params.limit} item${err.params.limit === 1 ? '' : 's'}.`; vars.limit = err.params.limit; break;
    case 'minLength': message = err.params.limit === 1 ? `${Subject} must not be empty.` : `${Subject} needs at least ${err.params.limit} characters.`; vars.limit = err.params.limit; break;
    case 'maxLength': message = `${Subject} takes at most ${err.params.limit} characters.`; vars.limit = err.params.limit; break;
    case 'maxProperties': message = `${where} takes at most ${err.params.limit} properties.`; vars.limit = err.params.limit; break;
    case 'uniqueItems': {
      // ajv names the pair in either order depending on the item type: the later one is the copy.
      const first = Math.min(Number(err.params.i), Number(err.params.j));
      const copy = Math.max(Number(err.params.i), Number(err.params.j));
      message = `${code(prop)} lists the same value twice (items ${first} and ${copy}): keep one.`;
      path = `${err.instancePath}/${copy}`;
      fixes.push({ title: 'Remove the duplicate', edits: [{ kind: 'remove', path }], isPreferred: true });
      break;
    }
    case 'pattern': message = `${code(value)} does not have the form ${subject} needs.`; break;
    case 'propertyNames': {
      message = `${code(err.params.propertyName)} is not allowed as a key of ${where}.`;
      path = `${err.instancePath}/${String(err.params.propertyName).replace(/~/g, '~0').replace(/\//g, '~1')}`;
      target = 'key';
      vars.key = err.params.propertyName;
      break;
    }
    case 'discriminator': {
      const tag = String(err.params.tag);
      vars.tag = tag;
      if (err.params.error === 'tag' && (value as Record<string, unknown> | undefined)?.[tag] === undefined) {
        path = `${err.instancePath}/${tag}`;
        message = `${code(tag)} is required: it says which kind of object this is.`;
      } else {
        path = `${err.instancePath}/${tag}`;
        const got = (value as Record<string, unknown> | undefined)?.[tag];
        message = `${code(got)} is not a known ${code(tag)}.`;
        vars.value = typeof got === 'string' ? got : JSON.stringify(got);
      }
      break;
    }
    case 'not': message = `${code(prop || 'this')} is not allowed here.`; break;
    case 'dependencies': case 'dependentRequired': {
      const missing = String(err.params.missingProperty);
      vars.missing = missing;
      vars.property = err.params.property;
      path = `${err.instancePath}/${missing}`;
      message = `${code(missing)} is required when ${code(err.params.property)} is present.`;
      break;
    }
    default:
      message = `${code(prop || 'This value')} is not valid here (${err.keyword}).`;
  }
  const custom = info.messages[err.keyword] ?? (err.keyword === 'discriminator' ? info.messages.enum : undefined);
  if (custom) message = fill(custom, vars);
  const f: Finding = { rule, path, message, severity };
  if (target) f.target = target;
  if (fixes.length) f.fixes = fixes;
  return f;
}
