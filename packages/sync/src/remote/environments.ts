import * as l10n from '@vscode/l10n';
import { code, FEATURE_FLAGS, isObject, WorkspaceSettings } from '@campaign-studio/core';
/**
 * Environments: where the service lives and which workspace to use. They come from the
 * `campaignStudio.environments` setting; the API key never does (it lives in the editor's secret
 * storage). Everything here is checked, and every problem is a sentence saying what to fix.
 */

export interface Environment {
  /** Unique, shown in the status bar and in `campaign://<name>/<id>`. */
  name: string;
  /** The data-center host, e.g. `https://api-01.example.com`; no trailing slash. */
  baseUrl: string;
  workspaceId: string;
  /** The service's short name inside header names: `<prefix>-APPKEY`, `X-<prefix>-Request-Id`. */
  headerPrefix: string;
  /** The user's email, for `created_by` / `updated_by`. */
  email?: string;
  /** Writes ask an extra confirmation, and the status bar shows a warning colour. */
  production: boolean;
  /** Time budget of one read (a campaign, a page of search), retries included; default 15. */
  readTimeoutSeconds?: number;
  /** Time budget of one write; default 60. */
  writeTimeoutSeconds?: number;
  /**
   * The workspace's features and subscription categories, in the shape of `.campaignrc.json`:
   * what a promotion into this environment is checked with. Undefined when not declared.
   */
  settings?: WorkspaceSettings;
}

/** Budgets may range from one second to ten minutes. */
const BUDGET_RANGE = { min: 1, max: 600 };

const DEFAULT_HEADER_PREFIX = 'SVC';

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\]|::1)$/i;
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$/;
const PREFIX = /^[A-Za-z0-9][A-Za-z0-9-]{0,31}$/;
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
/** The C0 and C1 controls, DEL, and the bidi controls that reorder the text after them. */
const CONTROL = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

/**
 * Characters each field cannot hold, and why: they are refused where the field is read, instead of
 * failing each call later as a network error that is retried ("Could not reach …"). A workspace id
 * is any text a header value carries (the spec gives no format): no control character and nothing
 * past U+00FF, since a header is bytes; spaces and `:` are refused below with their own reason.
 */
const FIELD_CHARACTERS: ReadonlyArray<{ field: string; pattern: RegExp; why: () => string }> = [
  { field: 'name', pattern: CONTROL, why: () => l10n.t('a name cannot hold (it appears in `campaign://<name>/<id>` and in messages)') },
  {
    field: 'baseUrl',
    pattern: /[\s\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/,
    why: () => l10n.t('an address cannot hold (it would be dropped or encoded into another address)'),
  },
  {
    field: 'workspaceId',
    pattern: /[\u0000-\u001F\u007F-\u009F]|[^\u0000-\u00FF]/,
    why: () =>
      l10n.t(
        "the `SVC-APPKEY` header that carries the workspace id cannot hold: copy the id again from the dashboard's workspace settings",
      ),
  },
  { field: 'headerPrefix', pattern: CONTROL, why: () => l10n.t('a header name cannot hold') },
  { field: 'email', pattern: CONTROL, why: () => l10n.t('an email address cannot hold') },
];

/** Each field of `o` holding a character it cannot, said with the character's code point and position. */
function characterProblems(o: Record<string, unknown>): string[] {
  return FIELD_CHARACTERS.flatMap(({ field, pattern, why }) => {
    const value = o[field];
    const m = typeof value === 'string' ? pattern.exec(value.trim()) : null;
    if (!m) return [];
    const character = `U+${m[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
    return [l10n.t('{0} holds {1} at character {2}, which {3}', `\`${field}\``, character, m.index + 1, why())];
  });
}

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK.test(hostname);
}

/** The problem with a base URL, or undefined when it is acceptable. */
export function checkBaseUrl(raw: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return l10n.t("{0} is not a URL: write the service's address, such as `https://api-01.example.com`.", `\`${raw}\``);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return l10n.t('{0} uses {1}: the service is reached over `https://`.', `\`${raw}\``, `\`${url.protocol}\``);
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    return l10n.t(
      '{0} uses plain `http://`, which would send the API key unencrypted: use `https://` (plain `http://` is accepted only for this machine, such as `http://127.0.0.1:8080` for the emulator).',
      `\`${raw}\``,
    );
  }
  if (url.username || url.password)
    return l10n.t(
      "{0} must not carry credentials in the URL: the API key is asked for at sign-in and kept in the editor's secret storage.",
      `\`${url.origin}\``,
    );
  if (url.search || url.hash)
    return l10n.t('{0} has a query or fragment: give only the scheme, host and optional path prefix.', `\`${raw}\``);
  return undefined;
}

/** Base URL without a trailing slash. */
export function normalizeBaseUrl(raw: string): string {
  return raw.trim().replace(/\/+$/, '');
}

export interface ParsedEnvironments {
  environments: Environment[];
  /** One sentence per problem; the environment concerned is skipped. */
  problems: string[];
}

/** Reads the `campaignStudio.environments` setting value. Never throws. */
export function parseEnvironments(raw: unknown): ParsedEnvironments {
  const environments: Environment[] = [];
  const problems: string[] = [];
  if (raw === undefined || raw === null) return { environments, problems };
  if (!Array.isArray(raw)) {
    problems.push(
      l10n.t(
        '`campaignStudio.environments` must be an array of environments, such as {0}.',
        '`[{ "name": "staging", "baseUrl": "https://…", "workspaceId": "…" }]`',
      ),
    );
    return { environments, problems };
  }
  const seen = new Set<string>();
  raw.forEach((item, i) => {
    const where = `\`campaignStudio.environments[${i}]\``;
    if (!item || typeof item !== 'object' || Array.isArray(item)) {
      problems.push(l10n.t('{0} must be an object with `name`, `baseUrl` and `workspaceId`.', where));
      return;
    }
    const o = item as Record<string, unknown>;
    const name = typeof o.name === 'string' ? o.name.trim() : '';
    const label = name ? l10n.t('environment {0}', code(name)) : where;
    const unsendable = characterProblems(o);
    if (unsendable.length) {
      problems.push(`${label}: ${unsendable.join('; ')}.`);
      return;
    }
    const errs: string[] = [];
    if (!name) errs.push(l10n.t('`name` is required'));
    else if (!NAME.test(name))
      errs.push(l10n.t('`name` may hold letters, digits, `.`, `_` and `-` only (it appears in `campaign://<name>/<id>`)'));
    else if (seen.has(name.toLowerCase())) errs.push(l10n.t('`name` is used twice: names must be unique'));
    const baseUrl = typeof o.baseUrl === 'string' ? normalizeBaseUrl(o.baseUrl) : '';
    if (!baseUrl) errs.push(l10n.t('`baseUrl` is required'));
    else {
      const p = checkBaseUrl(baseUrl);
      if (p) errs.push(p.replace(/\.$/, ''));
    }
    const workspaceId = typeof o.workspaceId === 'string' ? o.workspaceId.trim() : '';
    if (!workspaceId) errs.push(l10n.t('`workspaceId` is required (the dashboard shows it in the workspace settings)'));
    else if (/[\s:]/.test(workspaceId)) errs.push(l10n.t('`workspaceId` must not contain spaces or `:`'));
    let headerPrefix = DEFAULT_HEADER_PREFIX;
    if (o.headerPrefix !== undefined && o.headerPrefix !== null && o.headerPrefix !== '') {
      if (typeof o.headerPrefix !== 'string' || !PREFIX.test(o.headerPrefix))
        errs.push(l10n.t('`headerPrefix` must be letters, digits and `-`, such as `SVC`'));
      else headerPrefix = o.headerPrefix;
    }
    let email: string | undefined;
    if (o.email !== undefined && o.email !== null && o.email !== '') {
      if (typeof o.email !== 'string' || !EMAIL.test(o.email))
        errs.push(l10n.t('`email` must be an email address (it fills `created_by` / `updated_by`)'));
      else email = o.email;
    }
    if (o.production !== undefined && typeof o.production !== 'boolean') errs.push(l10n.t('`production` must be `true` or `false`'));
    const budgets = readBudgets(o, errs);
    const settings = readSettings(o, errs);
    if (errs.length) {
      problems.push(`${label}: ${errs.join('; ')}.`);
      return;
    }
    seen.add(name.toLowerCase());
    environments.push({ name, baseUrl, workspaceId, headerPrefix, email, production: o.production === true, ...budgets, ...settings });
  });
  return { environments, problems };
}

function readBudgets(o: Record<string, unknown>, errs: string[]): Pick<Environment, 'readTimeoutSeconds' | 'writeTimeoutSeconds'> {
  const out: Pick<Environment, 'readTimeoutSeconds' | 'writeTimeoutSeconds'> = {};
  for (const key of ['readTimeoutSeconds', 'writeTimeoutSeconds'] as const) {
    const v = o[key];
    if (v === undefined || v === null) continue;
    if (typeof v !== 'number' || !Number.isFinite(v) || v < BUDGET_RANGE.min || v > BUDGET_RANGE.max)
      errs.push(l10n.t('{0} must be a number of seconds from {1} to {2}', `\`${key}\``, BUDGET_RANGE.min, BUDGET_RANGE.max));
    else out[key] = v;
  }
  return out;
}

/**
 * `settings`: the `.campaignrc.json` shape, for the workspace this environment is. Read here
 * without the rule engine (the editor's client reads environments too, and holds no rules).
 */
function readSettings(o: Record<string, unknown>, errs: string[]): Pick<Environment, 'settings'> {
  if (o.settings === undefined || o.settings === null) return {};
  const read = settingsOf(o.settings);
  if (typeof read === 'string') {
    errs.push(
      l10n.t(
        '`settings` must be shaped like `.campaignrc.json`, {0}: {1}',
        '`{ "features": { "audienceLimit": true, … }, "subscriptionCategories": ["…"] }`',
        read,
      ),
    );
    return {};
  }
  return { settings: read };
}

/** The settings, or what is wrong with them. */
function settingsOf(raw: unknown): WorkspaceSettings | string {
  if (!isObject(raw)) return l10n.t('an object');
  const { features = {}, subscriptionCategories, ...other } = raw;
  const unknownKey = Object.keys(other)[0];
  if (unknownKey !== undefined) return l10n.t('{0} is not one of its settings', code(unknownKey));
  if (!isObject(features)) return l10n.t('`features` must be an object');
  const unknownFlag = Object.keys(features).find(k => !(FEATURE_FLAGS as readonly string[]).includes(k));
  if (unknownFlag !== undefined) return l10n.t('{0} is not a feature ({1})', code(unknownFlag), FEATURE_FLAGS.join(', '));
  const notFlag = FEATURE_FLAGS.find(k => features[k] !== undefined && typeof features[k] !== 'boolean');
  if (notFlag) return l10n.t('{0} must be `true` or `false`', code(`features.${notFlag}`));
  if (
    subscriptionCategories !== undefined &&
    !(Array.isArray(subscriptionCategories) && subscriptionCategories.every(c => typeof c === 'string'))
  )
    return l10n.t('`subscriptionCategories` must be a list of strings');
  const settings: WorkspaceSettings = { features: {} };
  for (const k of FEATURE_FLAGS) if (typeof features[k] === 'boolean') settings.features[k] = features[k] as boolean;
  if (Array.isArray(subscriptionCategories)) settings.subscriptionCategories = [...new Set(subscriptionCategories as string[])];
  return settings;
}

/** The key under which an environment's API key is kept in secret storage. */
export function secretKeyFor(env: Pick<Environment, 'baseUrl' | 'workspaceId'>): string {
  return `campaignStudio.apiKey:${env.workspaceId}@${normalizeBaseUrl(env.baseUrl)}`;
}
