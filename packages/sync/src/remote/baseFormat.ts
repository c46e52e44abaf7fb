import * as l10n from '@vscode/l10n';
import * as path from 'path';
import { CAMPAIGN_FILE_SUFFIX, code, isCampaignFileName, isObject, JsonObject } from '@campaign-studio/core';
import { Environment, normalizeBaseUrl } from './environments';

/**
 * Base snapshots: the normalized remote campaign as it was last fetched (or pushed), in a sidecar
 * `.campaigns/base/<id>.json`. This module holds what every reader shares: the format, its
 * checks, the one rule for which sidecar belongs to a campaign file, and the one rule for which
 * environment a base belongs to. The extension (fetch, diff, push, the remote state it tells the
 * language server), the language server and `campaign-lint` all go through it, so the editor and
 * CI see the same remote state.
 *
 * File format (version 2):
 * ```json
 * { "format": "campaign-studio-base", "version": 2,
 *   "environment": "staging", "workspaceId": "…", "baseUrl": "https://…",
 *   "id": "…", "fetchedAt": "2025-01-01T10:00:00.000Z",
 *   "campaign": { …request shape, as written to the file… },
 *   "aside": { "created_at": "…", … }, "notes": [ { "path": "/scheduling_details", "message": "…" } ] }
 * ```
 * A base belongs to the environment named `environment` in the workspace `workspaceId`: that pair
 * is its identity. `baseUrl` (optional) only records where it was read from and decides nothing,
 * so a sandbox that restarts on another port keeps its fetched campaigns pushable.
 *
 * Version 1 had the same fields with `baseUrl` required, and push compared the URL and workspace.
 * Readers still take version 1 and see it as version 2 (`migratedFrom: 1`, in memory only); push
 * rewrites such a sidecar as version 2 when it uses it. Its URL tells one thing more: a version-1
 * base of another name but of the current URL and workspace was fetched before the environment
 * was renamed, and takes the new name. Writers write version 2 only.
 *
 * Which sidecar: the campaign's id is the file's own `id` (fetch writes it, and it is read-only),
 * else the id in a fetched file's name (`<slug>.<id>.campaign.json`). Its base is
 * `.campaigns/base/<id>.json` in the file's folder or in the nearest parent folder that has one
 * (fetch writes it at the root of the workspace folder). The sidecar must name the same `id`.
 */

export const BASE_FOLDER = '.campaigns/base';
export const BACKUP_FOLDER = '.campaigns/backup';
/** The version writers write; readers also take version 1. */
export const BASE_FORMAT_VERSION = 2;

export interface NormalizationNote {
  /** JSON pointer of the component concerned. */
  path: string;
  message: string;
}

export interface BaseSnapshot {
  format: 'campaign-studio-base';
  version: 2;
  /** The environment it was fetched from, by name and workspace: its identity (push refuses another one's base). */
  environment: string;
  workspaceId: string;
  /** Where it was read from, for a person reading the file; in version 2 it never decides anything. */
  baseUrl?: string;
  /** The campaign id (the file name's id). */
  id: string;
  /** ISO 8601, when the remote was read. */
  fetchedAt: string;
  /** The normalized remote: exactly what fetch wrote into the file. */
  campaign: JsonObject;
  /** Response-only fields set aside by normalization. */
  aside: JsonObject;
  notes: NormalizationNote[];
  /** In memory only, never written: the sidecar on disk is still in version 1 (read as version 2). */
  migratedFrom?: 1;
}

export class BaseSnapshotError extends Error {
  /** What is wrong with the sidecar, without its path (for a report that names it already). */
  readonly reason: string;
  constructor(message: string, reason?: string) {
    super(message);
    this.reason = reason ?? message;
  }
}

/** Ids as they can name a file: letters, digits, `_` and `-` (the service's are 24 hex digits). */
const SAFE_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function isSafeId(id: unknown): id is string {
  return typeof id === 'string' && SAFE_ID.test(id);
}

/** The id in a fetched campaign's file name (`<slug>.<id>.campaign.json`), or undefined for other names. */
export function idFromFileName(fileName: string): string | undefined {
  if (!isCampaignFileName(fileName)) return undefined;
  const base = fileName.replace(/\\/g, '/').split('/').pop() ?? '';
  const m = /\.([A-Za-z0-9_-]{1,64})$/.exec(base.slice(0, -CAMPAIGN_FILE_SUFFIX.length));
  return m ? m[1] : undefined;
}

/** The campaign a file belongs to: its own `id`, else the id in its name; undefined when neither can name a base. */
export function baseIdOf(fileName: string, doc: unknown): string | undefined {
  const own = isObject(doc) ? doc.id : undefined;
  if (typeof own === 'string' && own) return isSafeId(own) ? own : undefined;
  return idFromFileName(fileName);
}

/** Where the base of campaign `id` lives under a folder. */
export function baseSnapshotPath(folder: string, id: string): string {
  if (!isSafeId(id)) throw new BaseSnapshotError(l10n.t`\`${id}\` is not a campaign id that can name a file.`);
  return path.join(folder, ...BASE_FOLDER.split('/'), `${id}.json`);
}

/** The folder a base snapshot belongs to: the one holding `.campaigns/`. */
export function workspaceOfBase(baseFile: string): string {
  return path.resolve(path.dirname(baseFile), ...BASE_FOLDER.split('/').map(() => '..'));
}

/**
 * The sidecars that may hold the base of `id` for the file `fileName`, nearest first: its own
 * folder's, then each parent's up to the root. The first one that exists is the file's base.
 */
export function baseSnapshotCandidates(fileName: string, id: string): string[] {
  if (!isSafeId(id)) return [];
  const out: string[] = [];
  let dir = path.dirname(path.resolve(fileName));
  for (;;) {
    out.push(baseSnapshotPath(dir, id));
    const parent = path.dirname(dir);
    if (parent === dir) return out;
    dir = parent;
  }
}

/** The fields a sidecar of each version must hold as non-empty strings. */
const REQUIRED_STRINGS = {
  1: ['environment', 'baseUrl', 'workspaceId', 'id', 'fetchedAt'],
  2: ['environment', 'workspaceId', 'id', 'fetchedAt'],
} as const;

/** Why a sidecar of a later format version cannot be read, or undefined when it is not one. */
function newerFormat(v: unknown): string | undefined {
  if (!isObject(v) || v.format !== 'campaign-studio-base' || typeof v.version !== 'number' || v.version <= BASE_FORMAT_VERSION)
    return undefined;
  return l10n.t(
    'its format version {0} is not supported: a newer Campaign Studio wrote it (this one reads versions 1 and {1})',
    `\`${v.version}\``,
    BASE_FORMAT_VERSION,
  );
}

/** Checks a parsed snapshot of version 1 or 2; a sentence about what is wrong, or undefined. */
export function checkBaseSnapshot(v: unknown): string | undefined {
  if (!isObject(v)) return l10n.t('it is not a JSON object');
  if (v.format !== 'campaign-studio-base') return l10n.t('`format` is not `campaign-studio-base`');
  if (v.version === undefined) return l10n.t('{0} is missing', '`version`');
  if (v.version !== 1 && v.version !== 2)
    return newerFormat(v) ?? l10n.t('`version` is {0}, not 1 or {1}', `\`${String(v.version)}\``, BASE_FORMAT_VERSION);
  for (const k of REQUIRED_STRINGS[v.version]) {
    if (typeof v[k] !== 'string' || !(v[k] as string)) return l10n.t('{0} is missing', `\`${k}\``);
  }
  if (v.baseUrl !== undefined && typeof v.baseUrl !== 'string') return l10n.t('{0} is not a string', '`baseUrl`');
  if (!isObject(v.campaign)) return l10n.t('{0} is not an object', '`campaign`');
  if (v.aside !== undefined && !isObject(v.aside)) return l10n.t('{0} is not an object', '`aside`');
  if (v.notes !== undefined && !Array.isArray(v.notes)) return l10n.t('{0} is not a list', '`notes`');
  return undefined;
}

/**
 * The snapshot in the text of the sidecar `file`, as version 2 whichever version it is in. A
 * damaged one (not JSON, not the format, or the base of another campaign than `id` when given)
 * or one of a later version throws a `BaseSnapshotError` saying what to do.
 */
export function parseBaseSnapshot(text: string, file: string, id?: string): BaseSnapshot {
  const unusable = (reason: string) =>
    new BaseSnapshotError(
      l10n.t('The base snapshot {0} cannot be used: {1}. Fetch the campaign again to rebuild it.', file, reason),
      reason,
    );
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw unusable(l10n.t('it is not valid JSON ({0})', (e as Error).message));
  }
  const newer = newerFormat(parsed);
  if (newer)
    throw new BaseSnapshotError(
      l10n.t(
        'The base snapshot {0} cannot be used: {1}. Update Campaign Studio to read it, or fetch the campaign again to rebuild it in version {2}.',
        file,
        newer,
        BASE_FORMAT_VERSION,
      ),
      newer,
    );
  const other =
    isObject(parsed) && id !== undefined && parsed.id !== id
      ? l10n.t('it is the base of campaign {0}, not of {1}', `\`${String(parsed.id)}\``, `\`${id}\``)
      : undefined;
  const problem = checkBaseSnapshot(parsed);
  if (problem) throw unusable(l10n.t('it is damaged: {0}', problem));
  if (other) throw unusable(other);
  return asVersion2(parsed as JsonObject);
}

/**
 * A checked sidecar in the version-2 shape. Version 1 differs only in its number and in `baseUrl`
 * being required, so a version-1 sidecar keeps every field, `baseUrl` included.
 */
function asVersion2(v: JsonObject): BaseSnapshot {
  const { migratedFrom: _inMemoryOnly, ...fields } = v;
  const notes = ((v.notes ?? []) as unknown[]).filter(isNote);
  const snap = { ...fields, version: BASE_FORMAT_VERSION, aside: v.aside ?? {}, notes } as unknown as BaseSnapshot;
  return v.version === 1 ? { ...snap, migratedFrom: 1 } : snap;
}

function isNote(n: unknown): n is NormalizationNote {
  return isObject(n) && typeof n.path === 'string' && typeof n.message === 'string';
}

/** What decides which environment a base belongs to. */
type BaseEnvironment = Pick<Environment, 'name' | 'workspaceId' | 'baseUrl'>;

/**
 * `snap` as the base of `env`, or undefined when it is another environment's. A base belongs to
 * the environment of its name and workspace id; its URL decides nothing, so a sandbox restarted on
 * another port keeps its bases. Version 1 pinned the URL and workspace instead: a version-1 base
 * of another name but of this URL and workspace was fetched before the environment was renamed,
 * and takes the new name.
 */
export function baseOfEnvironment(snap: BaseSnapshot, env: BaseEnvironment): BaseSnapshot | undefined {
  if (snap.workspaceId !== env.workspaceId) return undefined;
  if (snap.environment === env.name) return snap;
  const renamed = snap.migratedFrom === 1 && snap.baseUrl !== undefined && normalizeBaseUrl(snap.baseUrl) === normalizeBaseUrl(env.baseUrl);
  return renamed ? { ...snap, environment: env.name } : undefined;
}

/**
 * Why the base of campaign `id` is not `env`'s, naming both environments (name and workspace),
 * and the two ways out: the environment it came from, or a fetch from this one.
 */
export function foreignBaseMessage(id: string, snap: BaseSnapshot, env: BaseEnvironment): string {
  const refetch = l10n.t(
    'fetch the campaign again from {0} ("Campaign Studio: Fetch Campaign into Workspace"), which makes {0}\'s copy its base (when the file has local edits, fetch asks before replacing them and keeps a copy under {1})',
    code(env.name),
    code(`${BACKUP_FOLDER}/`),
  );
  if (snap.environment === env.name) {
    return l10n.t(
      'the base snapshot of campaign {0} was fetched from environment {1} in workspace {2}, but the current environment {1} uses workspace {3}: the name is the same, the workspace ids differ. Switch ("Campaign Studio: Switch Environment") to an environment of workspace {2}, or {4}.',
      id,
      code(env.name),
      code(snap.workspaceId),
      code(env.workspaceId),
      refetch,
    );
  }
  return l10n.t(
    'the base snapshot of campaign {0} was fetched from environment {1} (workspace {2}), but the current environment is {3} (workspace {4}). Switch to {1} ("Campaign Studio: Switch Environment"), or {5}.',
    id,
    code(snap.environment),
    code(snap.workspaceId),
    code(env.name),
    code(env.workspaceId),
    refetch,
  );
}

/**
 * What the rules know of a fetched campaign (rules P1–P5, H5): the status it had when read, and
 * the campaign as read (a base snapshot's `campaign`, or the remote itself for a read-only view).
 */
export function remoteStateOf(campaign: JsonObject): { status: string; base: JsonObject } {
  const status = campaign.status;
  return { status: typeof status === 'string' && status ? status : 'UNKNOWN', base: campaign };
}
