import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { spawnSync } from 'child_process';
import { parse as parseYaml } from 'yaml';

/**
 * examples/ci/: the GitHub Actions workflow and the GitLab CI job parse as YAML, and every
 * `campaign` command they run uses a subcommand and options the CLI has: `campaign lint` is
 * compared with its own `--help`; plan and push with theirs once they exist, until then with the
 * list below.
 */

const REPO = path.resolve(__dirname, '../../..');
const CI = path.join(REPO, 'examples', 'ci');
const CAMPAIGN = path.join(REPO, 'dist', 'campaign.js');

interface Invocation {
  file: string;
  where: string;
  subcommand: string;
  args: string[];
}

/** Every `run:` and `script:` text in a parsed CI file, with where it is. */
function shellTexts(node: unknown, where = ''): Array<{ where: string; text: string }> {
  if (Array.isArray(node)) {
    return node.flatMap((item, i) =>
      typeof item === 'string' && /(^|\.)(before_|after_)?script$/.test(where)
        ? [{ where: `${where}[${i}]`, text: item }]
        : shellTexts(item, `${where}[${i}]`),
    );
  }
  if (node && typeof node === 'object') {
    return Object.entries(node).flatMap(([key, value]) => {
      const at = where ? `${where}.${key}` : key;
      return key === 'run' && typeof value === 'string' ? [{ where: at, text: value }] : shellTexts(value, at);
    });
  }
  return [];
}

/** Shell words, with quotes removed (enough for the examples' commands). */
function words(text: string): string[] {
  return [...text.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)].map(m => m[1] ?? m[2] ?? m[3]);
}

/** The `campaign` commands in a shell text: each up to the end of its line or a shell operator or redirection. */
function invocations(file: string): Invocation[] {
  const parsed: unknown = parseYaml(fs.readFileSync(path.join(CI, file), 'utf8'));
  return shellTexts(parsed).flatMap(({ where, text }) =>
    [...text.matchAll(/(?:^|[;&|(]|\bthen|\bdo)\s*campaign\s+([^;&|<>\n]*)/gm)].map(m => {
      const [subcommand, ...args] = words(m[1]);
      return { file, where, subcommand, args };
    }),
  );
}

/** The options and the values of `--format` a subcommand's `--help` names, or undefined when there is no such subcommand. */
function helpOf(subcommand: string): { options: Set<string>; formats: Set<string> } | undefined {
  const r = spawnSync(process.execPath, [CAMPAIGN, subcommand, '--help'], { encoding: 'utf8' });
  if (r.status !== 0) return undefined;
  const formats = [...r.stdout.matchAll(/--format[ =]([\w|]+)/g)].flatMap(m => m[1].split('|'));
  return { options: new Set(r.stdout.match(/--[a-z][a-z-]*/g)), formats: new Set(formats) };
}

const FILES = ['.github/workflows/campaigns.yml', '.github/actions/campaign-cli/action.yml', '.gitlab-ci.yml'];

test('the CI examples parse, and each runs campaign lint, plan and push', () => {
  const used = (file: string) => [...new Set(invocations(file).map(i => i.subcommand))].sort();
  assert.deepEqual(used('.github/workflows/campaigns.yml'), ['lint', 'plan', 'push']);
  assert.deepEqual(used('.gitlab-ci.yml'), ['lint', 'plan', 'push']);
  assert.deepEqual(used('.github/actions/campaign-cli/action.yml'), []);
});

test('every campaign command uses a subcommand and options the CLI has', () => {
  const all = FILES.flatMap(invocations);
  const lintHelp = helpOf('lint');
  assert.ok(lintHelp, 'campaign lint --help works');
  for (const call of all) {
    const at = `${call.file} ${call.where}: campaign ${call.subcommand} ${call.args.join(' ')}`;
    const help = call.subcommand === 'lint' ? lintHelp : helpOf(call.subcommand);
    assert.ok(help, `${at}: no such subcommand`);
    const { options } = help;
    for (const [i, arg] of call.args.entries()) {
      if (!arg.startsWith('--')) continue;
      const [option, inline] = arg.split('=', 2);
      assert.ok(options.has(option), `${at}: ${option} is not an option of campaign ${call.subcommand} (${[...options].join(', ')})`);
      if (option === '--format') {
        const value = inline ?? call.args[i + 1];
        assert.ok(
          help.formats.has(value),
          `${at}: --format ${value} is not one campaign ${call.subcommand} --help lists (${[...help.formats].join(', ')})`,
        );
      }
    }
  }
});

test('the environments the examples name are in their campaign.environments.json, in its format', () => {
  const config = JSON.parse(fs.readFileSync(path.join(CI, 'campaign.environments.json'), 'utf8')) as {
    environments: Array<Record<string, unknown>>;
  };
  assert.deepEqual(Object.keys(config), ['environments']);
  const allowed = new Set(['name', 'baseUrl', 'workspaceId', 'headerPrefix', 'email', 'production']);
  for (const env of config.environments) {
    for (const key of ['name', 'baseUrl', 'workspaceId']) assert.equal(typeof env[key], 'string', `${JSON.stringify(env)}: ${key}`);
    assert.deepEqual(
      Object.keys(env).filter(k => !allowed.has(k)),
      [],
      JSON.stringify(env),
    );
  }
  const names = new Set(config.environments.map(e => e.name));
  for (const call of FILES.flatMap(invocations)) {
    const i = call.args.indexOf('--env');
    if (i >= 0) assert.ok(names.has(call.args[i + 1]), `${call.file} ${call.where}: --env ${call.args[i + 1]}`);
  }
});

test('in the GitHub workflow, each step that plans or pushes has the API key from the CAMPAIGN_API_KEY secret', () => {
  const workflow = parseYaml(fs.readFileSync(path.join(CI, '.github/workflows/campaigns.yml'), 'utf8')) as {
    jobs: Record<string, { steps: Array<{ run?: string; env?: Record<string, string> }> }>;
  };
  const steps = Object.values(workflow.jobs)
    .flatMap(j => j.steps)
    .filter(s => /\bcampaign\s+(plan|push)\b/.test(s.run ?? ''));
  assert.ok(steps.length > 0);
  for (const step of steps) assert.equal(step.env?.CAMPAIGN_API_KEY, '${{ secrets.CAMPAIGN_API_KEY }}', step.run);
});
