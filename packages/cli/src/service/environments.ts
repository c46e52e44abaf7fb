import * as l10n from '@vscode/l10n';
import * as fs from 'fs';
import * as path from 'path';
import { parse as parseJsonc, ParseError } from 'jsonc-parser';
import { Environment, parseEnvironments } from '@campaign-studio/sync';
import { CliError, CliIO, ConfigError, plain } from '../io';

/**
 * Where the CLI finds its environments: a committed file without secrets
 * (`campaign.environments.json`, the extension's `campaignStudio.environments` entries under
 * `environments`), else the extension's own setting in `.vscode/settings.json`, so that a folder
 * set up in VS Code works as it is. For scripts, `--base-url` and `--workspace-id` (or
 * `CAMPAIGN_BASE_URL`, `CAMPAIGN_WORKSPACE_ID`) define one without any file. Keys come only from
 * `CAMPAIGN_API_KEY_<NAME>`, `CAMPAIGN_API_KEY` or `--api-key-file`, and are never printed.
 */

export const ENVIRONMENTS_FILE = 'campaign.environments.json';

/** What the command line says about the service. */
export interface ServiceOptions {
  env?: string;
  environments?: string;
  baseUrl?: string;
  workspaceId?: string;
  email?: string;
  apiKeyFile?: string;
  /** No progress on stderr. */
  quiet?: boolean;
}

/** The parseArgs options every command that talks to the service accepts. */
export const SERVICE_OPTIONS = {
  env: { type: 'string' },
  environments: { type: 'string' },
  'base-url': { type: 'string' },
  'workspace-id': { type: 'string' },
  email: { type: 'string' },
  'api-key-file': { type: 'string' },
  quiet: { type: 'boolean', short: 'q' },
} as const;

export const SERVICE_HELP = `service options:
  --env NAME               the environment to use (default: the file's own, as fetched,
                           or the only one defined)
  --environments FILE      environments file (default: the nearest ${ENVIRONMENTS_FILE},
                           else .vscode/settings.json's campaignStudio.environments)
  --base-url URL           define the environment on the command line instead
  --workspace-id ID        (with --base-url; also CAMPAIGN_BASE_URL, CAMPAIGN_WORKSPACE_ID)
  --email ADDRESS          for created_by / updated_by (also CAMPAIGN_EMAIL)
  --api-key-file FILE      the API key (default: CAMPAIGN_API_KEY_<ENV>, then CAMPAIGN_API_KEY)
  -q, --quiet              no progress on stderr (shown when a command takes more than 2 s:
                           a bar on a terminal, else a line every 10 s)

Many campaigns are read 15 to a call (POST /v5/campaigns/search), paced to the service's
limits (10 calls a second, 100 a minute, 6000 an hour); a command that needs more than 2 s
says first how many calls it needs and how long the limits make it take.`;

export function serviceOptions(values: Record<string, unknown>): ServiceOptions {
  const s = (k: string): string | undefined => (typeof values[k] === 'string' ? (values[k] as string) : undefined);
  return {
    env: s('env'),
    environments: s('environments'),
    baseUrl: s('base-url'),
    workspaceId: s('workspace-id'),
    email: s('email'),
    apiKeyFile: s('api-key-file'),
    quiet: values.quiet === true,
  };
}

/** The environments this run may use, and where they were defined (for messages). */
export interface EnvironmentSet {
  environments: Environment[];
  /** Where they came from: a file, or "the command line". */
  source: string;
  /** The name given with `--env` (or `CAMPAIGN_ENV`). */
  chosen?: string;
  /** The folder they were defined for: the committed promotion files (links, values) live there. */
  folder: string;
}

export function loadEnvironments(o: ServiceOptions, io: CliIO): EnvironmentSet {
  const env = io.env ?? {};
  const chosen = o.env ?? env.CAMPAIGN_ENV;
  const baseUrl = o.baseUrl ?? env.CAMPAIGN_BASE_URL;
  const workspaceId = o.workspaceId ?? env.CAMPAIGN_WORKSPACE_ID;
  if (baseUrl !== undefined || workspaceId !== undefined) {
    return {
      environments: [commandLineEnvironment(chosen ?? 'default', baseUrl, workspaceId, o.email ?? env.CAMPAIGN_EMAIL)],
      source: 'the command line',
      chosen,
      folder: io.cwd,
    };
  }
  const file = o.environments ? path.resolve(io.cwd, o.environments) : findEnvironmentsFile(io.cwd);
  if (!file) {
    throw new ConfigError(
      l10n.t`no environment is defined: add a ${ENVIRONMENTS_FILE} (see docs/cli.md, "Campaigns as code"), or give --base-url URL --workspace-id ID.`,
    );
  }
  const set = readEnvironmentsFile(file, io);
  const email = o.email ?? env.CAMPAIGN_EMAIL;
  const loaded = { ...set, environments: email ? set.environments.map(e => ({ ...e, email })) : set.environments, chosen };
  if (chosen && !loaded.environments.some(e => sameName(e.name, chosen))) throw new ConfigError(unknownEnvironment(loaded, chosen));
  return loaded;
}

function commandLineEnvironment(
  name: string,
  baseUrl: string | undefined,
  workspaceId: string | undefined,
  email: string | undefined,
): Environment {
  if (!baseUrl) throw new ConfigError(l10n.t('--workspace-id needs --base-url (or CAMPAIGN_BASE_URL) too.'));
  if (!workspaceId) throw new ConfigError(l10n.t('--base-url needs --workspace-id (or CAMPAIGN_WORKSPACE_ID) too.'));
  const parsed = parseEnvironments([{ name, baseUrl, workspaceId, email }]);
  if (parsed.problems.length)
    throw new ConfigError(
      plain(
        parsed.problems[0].replace(
          /^`campaignStudio\.environments\[0\]`|^environment `[^`]*`/,
          'the environment given on the command line',
        ),
      ),
    );
  return parsed.environments[0];
}

/** The nearest `campaign.environments.json`, else the nearest `.vscode/settings.json` that defines environments. */
function findEnvironmentsFile(from: string): string | undefined {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    const own = path.join(dir, ENVIRONMENTS_FILE);
    if (fs.existsSync(own)) return own;
    const settings = path.join(dir, '.vscode', 'settings.json');
    if (fs.existsSync(settings) && readText(settings).includes('campaignStudio.environments')) return settings;
    if (path.dirname(dir) === dir) return undefined;
  }
}

function readText(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (e) {
    throw new ConfigError(l10n.t`${file}: cannot read: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}.`);
  }
}

function readEnvironmentsFile(file: string, io: CliIO): Omit<EnvironmentSet, 'chosen'> {
  const shown = path.relative(io.cwd, file) || file;
  const errors: ParseError[] = [];
  const doc = parseJsonc(readText(file), errors, { allowTrailingComma: true });
  if (errors.length || doc === null || typeof doc !== 'object' || Array.isArray(doc)) {
    throw new ConfigError(
      l10n.t`${shown} is not a JSON object: write { "environments": [ { "name": …, "baseUrl": …, "workspaceId": … } ] }.`,
    );
  }
  const settings = path.basename(file) === 'settings.json';
  const key = settings ? 'campaignStudio.environments' : 'environments';
  const raw = (doc as Record<string, unknown>)[key];
  if (!Array.isArray(raw))
    throw new ConfigError(
      l10n.t('{0} has no "{1}" array: write {2}.', shown, key, `{ "${key}": [ { "name": …, "baseUrl": …, "workspaceId": … } ] }`),
    );
  const parsed = parseEnvironments(raw);
  if (parsed.problems.length)
    throw new ConfigError(l10n.t`${shown}: ${plain(parsed.problems[0].replace(/`campaignStudio\.environments\[/g, `\`${key}[`))}`);
  if (!parsed.environments.length) throw new ConfigError(l10n.t`${shown} defines no environment: add one to "${key}".`);
  const dir = path.dirname(file);
  return { environments: parsed.environments, source: shown, folder: settings ? path.dirname(dir) : dir };
}

/** The environment named `name`, or a one-line error naming those that exist. */
export function environmentNamed(set: EnvironmentSet, name: string): Environment {
  const found = set.environments.find(e => sameName(e.name, name));
  if (found) return found;
  throw new CliError(unknownEnvironment(set, name));
}

function sameName(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

function unknownEnvironment(set: Omit<EnvironmentSet, 'chosen'>, name: string): string {
  return `unknown environment "${name}": ${set.source} defines ${set.environments.map(e => e.name).join(', ')}.`;
}

/** The environment of a command without a file to tell it: `--env`, or the only one. */
export function theEnvironment(set: EnvironmentSet): Environment {
  if (set.chosen) return environmentNamed(set, set.chosen);
  if (set.environments.length === 1) return set.environments[0];
  throw new ConfigError(
    l10n.t`${set.source} defines ${set.environments.length} environments (${set.environments.map(e => e.name).join(', ')}): choose one with --env NAME.`,
  );
}

/** The key of `env`: `CAMPAIGN_API_KEY_<NAME>` (upper case, other characters as `_`), `CAMPAIGN_API_KEY`, or `--api-key-file`. */
export function apiKeyFor(env: Environment, o: ServiceOptions, io: CliIO): string {
  if (o.apiKeyFile) {
    const key = readText(path.resolve(io.cwd, o.apiKeyFile)).trim();
    if (!key) throw new ConfigError(l10n.t`--api-key-file ${o.apiKeyFile} is empty: put the workspace's API key in it.`);
    return key;
  }
  const own = `CAMPAIGN_API_KEY_${env.name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
  const key = io.env?.[own]?.trim() || io.env?.CAMPAIGN_API_KEY?.trim();
  if (key) return key;
  throw new ConfigError(
    l10n.t`no API key for environment "${env.name}": set CAMPAIGN_API_KEY (or ${own}), or give --api-key-file FILE. The dashboard shows the key in the workspace settings.`,
  );
}
