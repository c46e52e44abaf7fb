import * as l10n from '@vscode/l10n';
import { canonical } from './model';
import { isServiceError } from '../remote/errors';
import { isObject, parsePointer, toPointer, unescapeSegment } from '@campaign-studio/core';

/**
 * The service's error envelope (`error.target`, `error.details[].target`) turned into findings on
 * JSON pointers of the user's file, for the language server's `RemoteFindingsNotification`.
 * Targets come as dotted paths (`delivery_controls.queue_duration`), with bracketed indexes
 * (`goals[0].goal_name`), or as pointers; the pointer names the deepest part that exists in the
 * file, so the diagnostic sits on the right line even when the target is a missing field.
 */

export interface ServiceErrorEnvelope {
  response_id?: string;
  error: {
    code?: string;
    message?: string;
    target?: string;
    details?: Array<{ target?: string; message?: string; code?: string }>;
    request_id?: string;
  };
}

export interface RemoteFinding {
  rule: string;
  path: string;
  message: string;
  severity: 'error' | 'warning' | 'information' | 'hint';
}

/** A remote finding and the state of the file it was about, so it can be cleared once fixed. */
export interface TrackedFinding extends RemoteFinding {
  /** Top-level key the finding belongs to ('' for the whole document). */
  component: string;
  /** Canonical JSON of that component when the service judged it. */
  snapshot: string;
}

const PREFIXES = ['$.', '$', 'body.', 'request.', 'data.', 'campaign.'];

/** Path segments of a service target; `[]` for the whole document. */
export function targetSegments(target: string): string[] {
  let t = target.trim();
  if (t === '' || t === '$' || t === '/') return [];
  if (t.startsWith('#/')) t = t.slice(1);
  if (t.startsWith('/')) {
    return t.slice(1).split('/').map(unescapeSegment);
  }
  for (const p of PREFIXES) {
    if (t.startsWith(p) && t.length > p.length) {
      t = t.slice(p.length);
      break;
    }
  }
  const segs: string[] = [];
  for (const part of t.split('.')) {
    if (part === '') continue;
    // `filters[0][1]` → filters, 0, 1; `['odd.key']` is rare enough to treat as a plain name.
    const m = /^([^[\]]*)((?:\[[^\]]*\])*)$/.exec(part);
    if (!m) {
      segs.push(part);
      continue;
    }
    if (m[1]) segs.push(m[1]);
    for (const idx of m[2].match(/\[([^\]]*)\]/g) ?? []) segs.push(idx.slice(1, -1).replace(/^['"]|['"]$/g, ''));
  }
  return segs;
}

/**
 * The pointer for a target in `doc`: the full path when it exists; otherwise the full path too
 * when its parent exists (a missing property is shown on its parent's key by `ranges.ts`); else
 * the deepest existing ancestor.
 */
export function targetToPointer(target: string, doc: unknown): string {
  const segs = targetSegments(target);
  let cur: unknown = doc;
  let depth = 0;
  for (const seg of segs) {
    if (Array.isArray(cur)) {
      const i = Number(seg);
      if (!Number.isInteger(i) || i < 0 || i >= cur.length) break;
      cur = cur[i];
    } else if (isObject(cur) && Object.prototype.hasOwnProperty.call(cur, seg)) {
      cur = cur[seg];
    } else {
      break;
    }
    depth++;
  }
  const keep = depth === segs.length ? depth : depth === segs.length - 1 && isObject(cur) ? segs.length : depth;
  return toPointer(segs.slice(0, keep));
}

function text(s: unknown): string {
  return typeof s === 'string' ? s.trim() : '';
}

/**
 * Findings for an error envelope: one per detail (with its own target, or the envelope's), or one
 * for the envelope when there are no details. Exact duplicates are dropped.
 */
export function findingsFromEnvelope(envelope: ServiceErrorEnvelope, doc: unknown): RemoteFinding[] {
  const e = envelope.error;
  const code = text(e.code) || 'SERVICE_ERROR';
  const top = text(e.message);
  const out: RemoteFinding[] = [];
  const seen = new Set<string>();
  const add = (target: string, message: string) => {
    const path = targetToPointer(target, doc);
    const full = rejectedThis(code, `${message || top || l10n.t('no reason given')}${/[.!?]$/.test(message || top) ? '' : '.'}`);
    const k = path + '\n' + full;
    if (seen.has(k)) return;
    seen.add(k);
    out.push({ rule: code, path, message: full, severity: 'error' });
  };
  const details = Array.isArray(e.details) ? e.details.filter(isObject) : [];
  for (const d of details) add(text(d.target) || text(e.target), text(d.message) || top);
  if (details.length === 0) add(text(e.target), top);
  return out;
}

/** A finding of the service: its error code, then its reason (a whole sentence, its stop included). */
export function rejectedThis(code: string, reason: string): string {
  return l10n.t('The service rejected this ({0}): {1}', code, reason);
}

/** The top-level key a pointer is inside ('' for the root). */
export function componentOf(pointer: string): string {
  return parsePointer(pointer)[0] ?? '';
}

export function track(findings: RemoteFinding[], doc: unknown): TrackedFinding[] {
  return findings.map(f => {
    const component = componentOf(f.path);
    return { ...f, component, snapshot: snapshotOf(doc, component) };
  });
}

function snapshotOf(doc: unknown, component: string): string {
  if (!isObject(doc)) return canonical(doc);
  return component === '' ? canonical(doc) : canonical(doc[component]);
}

/**
 * The findings that still describe the file: a finding is cleared as soon as the component it is
 * about changes (the service's verdict no longer applies to it), or when the file is not JSON.
 */
export function stillCurrent(findings: TrackedFinding[], doc: unknown): TrackedFinding[] {
  if (doc === undefined) return [];
  return findings.filter(f => snapshotOf(doc, f.component) === f.snapshot);
}

/** A one-paragraph summary of an envelope for a notification. */
export function describeEnvelope(envelope: ServiceErrorEnvelope): string {
  const e = envelope.error;
  const parts = [
    `${text(e.code) || l10n.t({ message: 'error', comment: 'stands for a missing error code' })}: ${text(e.message) || l10n.t('no message')}`,
  ];
  if (text(e.target)) parts.push(l10n.t('(at {0})', `\`${text(e.target)}\``));
  const details = (Array.isArray(e.details) ? e.details : [])
    .filter(isObject)
    .map(
      d =>
        (text(d.target) ? `\`${text(d.target)}\`: ` : '') +
        (text(d.message) || l10n.t({ message: 'invalid', comment: 'a detail of a service error that gives no message' })),
    );
  if (details.length)
    parts.push('— ' + details.slice(0, 5).join('; ') + (details.length > 5 ? l10n.t('; and {0} more', details.length - 5) : ''));
  if (text(e.request_id) || text(envelope.response_id))
    parts.push(l10n.t('[request {0}]', text(e.request_id) || text(envelope.response_id)));
  return parts.join(' ');
}

/** The error envelope of a call the service answered (with an error, or with what the spec does not describe). */
export function errorEnvelope(e: unknown): ServiceErrorEnvelope | undefined {
  if (!isServiceError(e) || (e.failure.kind !== 'http' && e.failure.kind !== 'badAnswer')) return undefined;
  return {
    response_id: e.requestId,
    error: {
      code: String(e.code),
      message: e.serviceMessage,
      target: e.target,
      details: e.details.map(d => ({ target: d.target, message: d.message })),
      request_id: e.requestId,
    },
  };
}

/** What went wrong with a service call, in a sentence: the envelope when the service sent one. */
export function describeFailure(e: unknown): string {
  const envelope = errorEnvelope(e);
  if (envelope) return describeEnvelope(envelope);
  return e instanceof Error ? e.message : String(e);
}
