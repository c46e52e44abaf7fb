import * as l10n from '@vscode/l10n';
import { dequal } from 'dequal';
import {
  code,
  componentName,
  isAuthorField,
  isComponent,
  isKnownNonComponent,
  isObject,
  isReadOnlyField,
  setMember,
} from '@campaign-studio/core';
/**
 * The vocabulary of the write side: which top-level fields of a campaign document are components
 * (sent whole, rule P4), which are read-only metadata (rule D8, never sent), and a structural
 * equality that ignores key order. Plain TypeScript: no `vscode` import, so tests and the CLI can
 * use it.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type CampaignDoc = Record<string, unknown>;

/** A top-level key that is neither a component, nor identity, authorship or read-only metadata. */
export function isUnknownTopLevel(key: string): boolean {
  return !isComponent(key) && !isKnownNonComponent(key);
}

/**
 * JSON text with object keys sorted at every level: two values are the same campaign content
 * exactly when their canonical forms are equal. Array order is significant (filters, goals).
 */
export function canonical(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'undefined';
  if (Array.isArray(value)) return '[' + value.map(v => (v === undefined ? 'null' : canonical(v))).join(',') + ']';
  const o = value as Record<string, unknown>;
  const keys = Object.keys(o)
    .filter(k => o[k] !== undefined)
    .sort();
  return '{' + keys.map(k => JSON.stringify(k) + ':' + canonical(o[k])).join(',') + '}';
}

/** A deep copy with object keys sorted: what the preview shows, so key order never shows as a diff. */
export function sorted(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(sorted);
  const o = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(o).sort()) if (o[k] !== undefined) setMember(out, k, sorted(o[k]));
  return out;
}

/** The keys of a document that carry campaign content (everything but read-only and authorship). */
export function contentKeys(doc: CampaignDoc): string[] {
  return Object.keys(doc).filter(k => !isReadOnlyField(k) && !isAuthorField(k));
}

/** The document without its read-only metadata and authorship: what the user writes. */
export function contentOf(doc: CampaignDoc): CampaignDoc {
  const out: CampaignDoc = {};
  for (const k of contentKeys(doc)) setMember(out, k, doc[k]);
  return out;
}

/** The same campaign content (components and identity), ignoring key order and metadata. */
export function sameContent(a: CampaignDoc, b: CampaignDoc): boolean {
  const keys = new Set([...contentKeys(a), ...contentKeys(b)]);
  for (const k of keys) if (!dequal(a[k], b[k])) return false;
  return true;
}

/** `updated_at` and `version_number`: the markers that say the remote was written. */
export interface RemoteStamp {
  updated_at?: string;
  version_number?: number;
  updated_by?: string;
}

export function stampOf(record: CampaignDoc): RemoteStamp {
  const s: RemoteStamp = {};
  if (typeof record.updated_at === 'string') s.updated_at = record.updated_at;
  if (typeof record.version_number === 'number') s.version_number = record.version_number;
  if (typeof record.updated_by === 'string') s.updated_by = record.updated_by;
  return s;
}

/** The campaign's name (`basic_details.name`), when it has one. */
export function campaignNameOf(doc: CampaignDoc): string | undefined {
  const bd = doc.basic_details;
  return isObject(bd) && typeof bd.name === 'string' ? bd.name : undefined;
}

/** The campaign id a document names: `id` (V5), else `campaign_id`. */
export function campaignIdOf(doc: CampaignDoc): string | undefined {
  if (typeof doc.id === 'string' && doc.id) return doc.id;
  if (typeof doc.campaign_id === 'string' && doc.campaign_id) return doc.campaign_id;
  return undefined;
}

/** Components or fields as code: "`basic_details` and `utm_params`". */
export function list(names: readonly string[]): string {
  return joined(names.map(code));
}

/** Components by the names people read, for a notification: "Basic details and Content". */
export function componentsNamed(keys: readonly string[]): string {
  return joined(keys.map(componentName));
}

/** A campaign in a sentence: its name in quotes, or "campaign <id>" when it has none. */
export function campaignTitle(name: string | undefined, id: string): string {
  return name
    ? l10n.t({ message: '“{0}”', args: [name], comment: "a campaign's name, quoted, in a sentence" })
    : l10n.t('campaign {0}', id);
}

function joined(c: readonly string[]): string {
  if (c.length === 0) return l10n.t({ message: 'nothing', comment: 'an empty list of components or fields' });
  return c.length === 1
    ? c[0]
    : l10n.t({
        message: '{0} and {1}',
        args: [c.slice(0, -1).join(', '), c[c.length - 1]],
        comment: 'a list: its items but the last, comma-separated, then its last item',
      });
}
