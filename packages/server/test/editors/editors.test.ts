import { describe, test, before, after, TestContext } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { spawnSync } from 'child_process';
import { parse as parseToml } from 'smol-toml';
import { kindOf } from '@campaign-studio/core';
import { lint, SEV } from '../../../core/test/helpers/lint';
import { InstalledPackage, installPackage, REPO } from '../../../cli/test/helpers/package';

/**
 * The setups for other editors in docs/other-editors.md, run as written. Each configuration block
 * is read from that page (the fenced block after `<!-- editor-setup:NAME -->`), so it cannot drift from
 * what is tested. Neovim and Emacs are the real editors (Debian's, installed by
 * scripts/ensure-env.mjs), and the server is `campaign-language-server` from the packed npm
 * package, found on the PATH as the page tells users to install it.
 *
 * Each editor opens a campaign, a search request and a .campaignrc.json that break rules, and an
 * unrelated JSON file. A probe running inside the editor (probe.lua, probe.el) waits with the
 * editor's own wait function until every campaign file has diagnostics, and writes what the
 * editor holds as JSON; the test compares it with what the rules report for the same texts.
 */

/** How long an editor may take to show diagnostics: a hang, never a pacing device. */
const EDITOR_TIMEOUT_MS = 30_000;

/** The page that gives the setups, relative to the repository. */
const SETUPS_PAGE = 'docs/other-editors.md';

function setupBlock(name: string): string {
  const page = fs.readFileSync(path.join(REPO, SETUPS_PAGE), 'utf8');
  const m = new RegExp(`<!-- editor-setup:${name} -->\\s*\`\`\`\\w*\\n([\\s\\S]*?)\\n\`\`\``).exec(page);
  if (!m) throw new Error(`${SETUPS_PAGE} has no fenced block after <!-- editor-setup:${name} -->`);
  return m[1] + '\n';
}

/** The workspace the editors open: one mistake of each kind of file, and a JSON file that is none of them. */
const FILES: Record<string, string> = {
  'campaigns/welcome.campaign.json':
    JSON.stringify(
      {
        channel: 'PUSH',
        campaign_delivery_type: 'ONE_TIME',
        created_by: 'dev@example.com',
        scheduling_details: { delivery_type: 'AT_FIXED_TIME', start_time: '2030-01-01T10:00:00' },
      },
      null,
      2,
    ) + '\n',
  'searches/drafts.search.json': '{ "limit": 50 }\n',
  'settings/.campaignrc.json': '{ "features": { "queueing": true } }\n',
  'package.json': '{ "name": "not-a-campaign" }\n',
};
const CHECKED = Object.keys(FILES).filter(f => f !== 'package.json');

interface Shown {
  rule: string;
  severity: string;
  line: number;
  column: number;
  message: string;
}

/** What the rules report for each checked file: what every editor must show. */
function expected(): Record<string, Shown[]> {
  return Object.fromEntries(
    CHECKED.map(file => [
      file,
      lint(FILES[file], { kind: kindOf(file) })
        .map(d => ({
          rule: d.rule,
          severity: d.severity,
          line: d.range.start.line,
          column: d.range.start.character,
          message: d.message,
        }))
        .sort(byPosition),
    ]),
  );
}

function byPosition(a: Shown, b: Shown): number {
  return a.line - b.line || a.column - b.column || a.rule.localeCompare(b.rule) || a.message.localeCompare(b.message);
}

let pkg: InstalledPackage;
let workspace: string;
before(() => {
  pkg = installPackage('campaign-editors-');
  workspace = path.join(pkg.dir, 'workspace');
  // A version-controlled folder: the project root both editors look for.
  fs.mkdirSync(path.join(workspace, '.git'), { recursive: true });
  for (const [file, text] of Object.entries(FILES)) {
    fs.mkdirSync(path.dirname(path.join(workspace, file)), { recursive: true });
    fs.writeFileSync(path.join(workspace, file), text);
  }
});
after(() => pkg?.remove());

interface ProbeResult<F> {
  editor: string;
  waited: boolean;
  files: Record<string, F>;
}

/**
 * Runs an editor on every file of the workspace, with the page's configuration written to
 * `configFile`, and returns what its probe wrote, keyed by the file's path in the workspace.
 */
function runEditor<F>(
  t: TestContext,
  command: string,
  args: (files: string[]) => string[],
  env: Record<string, string> = {},
): ProbeResult<F> {
  const out = path.join(pkg.dir, `${command}-probe.json`);
  const files = Object.keys(FILES).map(f => path.join(workspace, f));
  const r = spawnSync(command, args(files), {
    cwd: workspace,
    encoding: 'utf8',
    // A hang guard only: the probe's own wait ends first and says what it saw.
    timeout: EDITOR_TIMEOUT_MS * 2,
    killSignal: 'SIGKILL',
    env: {
      ...process.env,
      // docs/other-editors.md tells users to put the package's commands on their PATH.
      PATH: `${pkg.bin}${path.delimiter}${process.env.PATH ?? ''}`,
      HOME: pkg.dir,
      XDG_CONFIG_HOME: path.join(pkg.dir, 'config'),
      XDG_DATA_HOME: path.join(pkg.dir, 'data'),
      XDG_STATE_HOME: path.join(pkg.dir, 'state'),
      XDG_CACHE_HOME: path.join(pkg.dir, 'cache'),
      CAMPAIGN_PROBE_OUT: out,
      CAMPAIGN_PROBE_CHECKED: JSON.stringify(CHECKED.map(f => path.join(workspace, f))),
      CAMPAIGN_PROBE_TIMEOUT_MS: String(EDITOR_TIMEOUT_MS),
      ...env,
    },
  });
  const said = `${command} exited ${r.status ?? r.signal}${r.error ? ` (${r.error.message})` : ''}; stderr: ${r.stderr?.slice(-2000)}`;
  assert.ok(fs.existsSync(out), `the probe wrote nothing: ${said}`);
  const result = JSON.parse(fs.readFileSync(out, 'utf8')) as ProbeResult<F>;
  t.diagnostic(`${command} ${result.editor}: ${JSON.stringify(result.files, null, 1)}`);
  assert.equal(r.status, 0, said);
  assert.ok(
    result.waited,
    `no diagnostics for every campaign file within ${EDITOR_TIMEOUT_MS / 1000} s: ${JSON.stringify(result.files)}; ${said}`,
  );
  return { ...result, files: Object.fromEntries(Object.entries(result.files).map(([file, f]) => [path.relative(workspace, file), f])) };
}

describe('Neovim, with the configuration of docs/other-editors.md', () => {
  interface NeovimFile {
    clients: string[];
    diagnostics: Array<{ code: string; source: string; message: string; severity: number; line: number; column: number }>;
  }

  test("shows the rules' diagnostics for campaign, search and settings files, and leaves other JSON alone", t => {
    const config = path.join(pkg.dir, 'init.lua');
    fs.writeFileSync(config, setupBlock('neovim'));
    const result = runEditor<NeovimFile>(t, 'nvim', files => [
      '--headless',
      '-u',
      config,
      '-i',
      'NONE',
      '-c',
      `luafile ${path.join(__dirname, 'probe.lua')}`,
      ...files,
    ]);
    const want = expected();
    for (const file of CHECKED) {
      const shown = result.files[file];
      assert.deepEqual(shown.clients, ['campaign-studio'], file);
      assert.ok(
        shown.diagnostics.every(d => d.source === 'campaign-studio'),
        file,
      );
      // Neovim's severities are LSP's: 1 error … 4 hint.
      assert.deepEqual(
        shown.diagnostics
          .map(d => ({
            rule: d.code,
            severity: SEV[d.severity - 1],
            line: d.line,
            column: d.column,
            message: d.message,
          }))
          .sort(byPosition),
        want[file],
        file,
      );
    }
    assert.deepEqual(result.files['package.json'], { clients: [], diagnostics: [] });
  });
});

describe('Emacs with Eglot, with the configuration of docs/other-editors.md', () => {
  interface EmacsFile {
    mode: string;
    managed: boolean;
    diagnostics: Array<{ text: string; type: string; line: number; column: number }>;
  }
  /** Flymake's kinds: Eglot makes information and hints both notes. */
  const FLYMAKE_TYPE: Record<string, string> = {
    error: 'eglot-error',
    warning: 'eglot-warning',
    information: 'eglot-note',
    hint: 'eglot-note',
  };

  test("shows the rules' diagnostics for campaign, search and settings files, and leaves other JSON alone", t => {
    const config = path.join(pkg.dir, 'init.el');
    fs.writeFileSync(config, setupBlock('emacs'));
    const result = runEditor<EmacsFile>(t, 'emacs', files => ['--batch', '-l', path.join(__dirname, 'probe.el'), ...files], {
      CAMPAIGN_PROBE_CONFIG: config,
    });
    const want = expected();
    for (const file of CHECKED) {
      const shown = result.files[file];
      assert.equal(shown.mode, 'campaign-json-mode', file);
      assert.equal(shown.managed, true, file);
      const texts = want[file].map(d => ({
        text: `campaign-studio [${d.rule}]: ${d.message}`,
        type: FLYMAKE_TYPE[d.severity],
        line: d.line,
        column: d.column,
      }));
      const order = (a: { line: number; column: number; text: string }, b: typeof a) =>
        a.line - b.line || a.column - b.column || a.text.localeCompare(b.text);
      assert.deepEqual([...shown.diagnostics].sort(order), texts.sort(order), file);
    }
    assert.equal(result.files['package.json'].managed, false);
    assert.deepEqual(result.files['package.json'].diagnostics, []);
  });
});

describe('Helix, with the languages.toml of docs/other-editors.md (parsed, not run: no Helix here)', () => {
  /**
   * The keys Helix accepts, from its languages.toml documentation and `LanguageConfiguration`
   * (helix-core/src/syntax/config.rs, 25.07), which rejects unknown keys (`deny_unknown_fields`).
   */
  const LANGUAGE_KEYS = new Set([
    'name',
    'language-id',
    'scope',
    'file-types',
    'shebangs',
    'roots',
    'comment-token',
    'comment-tokens',
    'block-comment-tokens',
    'text-width',
    'soft-wrap',
    'auto-format',
    'code-actions-on-save',
    'formatter',
    'path-completion',
    'word-completion',
    'diagnostic-severity',
    'grammar',
    'injection-regex',
    'language-servers',
    'indent',
    'debugger',
    'auto-pairs',
    'rulers',
    'workspace-lsp-roots',
    'persistent-diagnostic-sources',
    'rainbow-brackets',
  ]);
  const SERVER_KEYS = new Set(['command', 'args', 'environment', 'config', 'timeout', 'required-root-patterns']);

  /**
   * Whether a `file-types` glob selects a file, as Helix decides: a glob that is not absolute and
   * does not start with `*` + `/` gets that prefix, and is matched against the whole path, its
   * `*` crossing folders (globset's default).
   */
  function globSelects(glob: string, file: string): boolean {
    const full = glob.startsWith('/') || glob.startsWith('*/') ? glob : `*/${glob}`;
    const pattern = full
      .split('*')
      .map(s => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*');
    return new RegExp(`^${pattern}$`).test(file);
  }

  test('defines the server command and one language whose globs select exactly the three kinds of file', () => {
    const toml = parseToml(setupBlock('helix')) as {
      'language-server': Record<string, Record<string, unknown>>;
      language: Array<Record<string, unknown>>;
    };
    assert.deepEqual(Object.keys(toml).sort(), ['language', 'language-server']);
    const server = toml['language-server']['campaign-studio'];
    assert.deepEqual(
      Object.keys(server).filter(k => !SERVER_KEYS.has(k)),
      [],
    );
    assert.equal(server.command, 'campaign-language-server');
    assert.deepEqual(server.args, ['--stdio']);
    assert.ok(fs.existsSync(path.join(pkg.bin, server.command as string)), 'the package installs the command');

    assert.equal(toml.language.length, 1);
    const language = toml.language[0];
    assert.deepEqual(
      Object.keys(language).filter(k => !LANGUAGE_KEYS.has(k)),
      [],
    );
    for (const required of ['name', 'scope', 'file-types']) assert.ok(language[required], required);
    assert.deepEqual(language['language-servers'], ['campaign-studio']);
    assert.equal(language.grammar, 'json');

    const globs = (language['file-types'] as Array<{ glob: string }>).map(f => f.glob);
    const selected = (file: string) => globs.some(g => globSelects(g, file));
    for (const file of ['/w/welcome.campaign.json', '/w/a/b/drafts.search.json', '/w/.campaignrc.json', '/w/sub/.campaignrc.json']) {
      assert.ok(selected(file), file);
    }
    for (const file of ['/w/package.json', '/w/campaign.json', '/w/x.campaignrc.json', '/w/.campaignrc.json.bak', '/w/tsconfig.json']) {
      assert.ok(!selected(file), file);
    }
  });
});
