import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { builtinModules } from 'module';
import * as fs from 'fs';
import * as path from 'path';
import { ChildProcess, spawn, spawnSync } from 'child_process';
import { pathToFileURL } from 'url';
import { InstalledPackage, installPackage, REPO } from './helpers/package';

/**
 * The npm package (the `campaign`, `campaign-lint` and `campaign-language-server` commands) packed
 * and installed into an empty folder, each command run through the link npm made for it, as on a
 * machine without VS Code or this repository.
 */

/** A syntax error on line 4: a trailing comma (D1). */
const BROKEN = '{\n  "channel": "PUSH",\n  "campaign_delivery_type": "ONE_TIME",\n  "created_by": "dev@example.com",\n}\n';
const CLEAN = '{\n  "channel": "PUSH",\n  "campaign_delivery_type": "ONE_TIME",\n  "created_by": "dev@example.com"\n}\n';

let pkg: InstalledPackage;
before(() => {
  pkg = installPackage();
  fs.writeFileSync(path.join(pkg.dir, 'broken.campaign.json'), BROKEN);
  fs.writeFileSync(path.join(pkg.dir, 'clean.campaign.json'), CLEAN);
});
after(() => pkg?.remove());

function run(command: string, ...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(path.join(pkg.bin, command), args, { cwd: pkg.dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('the packed tarball', () => {
  test('holds the three self-contained bundles, the rule reference, the licence, the README and the manifest, nothing else', () => {
    assert.deepEqual(pkg.files, [
      'LICENSE',
      'README.md',
      'dist/campaign.js',
      'dist/cli.js',
      'dist/server.js',
      'docs/rules.md',
      'package.json',
    ]);
  });

  test('each command is a linked, executable script with a node shebang', () => {
    for (const command of ['campaign', 'campaign-lint', 'campaign-language-server']) {
      const link = path.join(pkg.bin, command);
      assert.equal(fs.readFileSync(link, 'utf8').split('\n')[0], '#!/usr/bin/env node', command);
      fs.accessSync(link, fs.constants.X_OK);
    }
  });

  test('the bundles import nothing but Node built-ins: the tarball needs no node_modules at run time', async () => {
    const esbuild = await import('esbuild');
    const { BUNDLES, COMMON_OPTIONS } = (await import(pathToFileURL(path.join(REPO, 'scripts/lib/bundles.mjs')).href)) as {
      BUNDLES: Record<string, object>;
      COMMON_OPTIONS: object;
    };
    const builtins = new Set(builtinModules.flatMap(m => [m, `node:${m}`]));
    for (const name of ['server', 'cli', 'campaign']) {
      const r = await esbuild.build({
        ...COMMON_OPTIONS,
        ...BUNDLES[name],
        absWorkingDir: REPO,
        write: false,
        metafile: true,
        logLevel: 'silent',
      });
      // A `require.resolve` is a probe, not an import: fdir asks whether picomatch is installed,
      // inside a try, and goes without it when not (tinyglobby brings its own, bundled).
      const external = Object.values(r.metafile.outputs)
        .flatMap(o => o.imports)
        .filter(i => i.external && i.kind !== 'require-resolve')
        .map(i => i.path);
      assert.ok(external.includes('fs'), `${name} bundle: the metafile lists its imports`);
      assert.deepEqual(
        external.filter(p => !builtins.has(p)),
        [],
        `${name} bundle`,
      );
    }
  });
});

describe('campaign and campaign-lint, installed', () => {
  test('campaign --version names the package version', () => {
    const r = run('campaign', '--version');
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout.trim(), `campaign ${pkg.version}`);
  });

  test('campaign lint: diagnostics and exit 1 for a file with an error, exit 0 for a clean one', () => {
    const broken = run('campaign', 'lint', 'broken.campaign.json');
    assert.equal(broken.status, 1, broken.stderr);
    assert.match(broken.stdout, /broken\.campaign\.json.*D1/);
    const clean = run('campaign', 'lint', 'clean.campaign.json');
    assert.equal(clean.status, 0, clean.stdout + clean.stderr);
    const globbed = run('campaign', 'lint', '--format', 'sarif', '*.campaign.json');
    assert.equal(globbed.status, 1, globbed.stderr);
    assert.deepEqual(
      JSON.parse(globbed.stdout).runs[0].results.map((r: { ruleId: string }) => r.ruleId),
      ['D1'],
      'globs and SARIF work without node_modules',
    );
  });

  test('campaign-lint, the alias, and through npx', () => {
    const direct = run('campaign-lint', 'broken.campaign.json');
    assert.equal(direct.status, 1, direct.stderr);
    assert.match(direct.stdout, /broken\.campaign\.json.*D1/);
    const npx = spawnSync('npx', ['--offline', '--no-install', 'campaign-lint', 'broken.campaign.json'], {
      cwd: pkg.dir,
      encoding: 'utf8',
    });
    assert.equal(npx.status, 1, npx.stderr);
    assert.match(npx.stdout, /D1/);
  });
});

/**
 * A language client that frames its messages by hand (`Content-Length`, then the JSON body), as
 * an editor not written in JavaScript does, rather than with the jsonrpc library the server
 * itself uses, so that the two cannot agree on a mistake.
 */
class StdioClient {
  readonly received: Array<{ id?: number; method?: string; params?: unknown; result?: unknown; error?: unknown }> = [];
  stderr = '';
  readonly exited: Promise<number | null>;
  private buffer = Buffer.alloc(0);
  private nextId = 1;
  private readonly waiters = new Set<() => void>();

  constructor(private readonly child: ChildProcess) {
    child.stdout!.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.parse();
    });
    child.stderr!.on('data', d => {
      this.stderr += String(d);
    });
    this.exited = new Promise(resolve =>
      child.on('exit', code => {
        resolve(code);
        this.changed();
      }),
    );
  }

  private parse(): void {
    for (;;) {
      const end = this.buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const length = Number(/Content-Length: (\d+)/i.exec(this.buffer.subarray(0, end).toString('ascii'))?.[1]);
      if (!Number.isInteger(length)) throw new Error(`a header without Content-Length: ${this.buffer.subarray(0, end).toString()}`);
      if (this.buffer.length < end + 4 + length) return;
      this.received.push(JSON.parse(this.buffer.subarray(end + 4, end + 4 + length).toString('utf8')));
      this.buffer = this.buffer.subarray(end + 4 + length);
      this.changed();
    }
  }

  private changed(): void {
    for (const w of [...this.waiters]) w();
  }

  send(message: object): void {
    const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', ...message }), 'utf8');
    this.child.stdin!.write(Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, 'ascii'), body]));
  }

  async request(method: string, params: unknown): Promise<unknown> {
    const id = this.nextId++;
    this.send({ id, method, params });
    const answer = await this.until(`the answer to ${method}`, () => this.received.find(m => m.id === id && m.method === undefined));
    if (answer.error) throw new Error(`${method} failed: ${JSON.stringify(answer.error)}`);
    return answer.result;
  }

  notify(method: string, params: unknown): void {
    this.send({ method, params });
  }

  /** Resolves with `check()`'s first result, checked at each message from the server; fails if the server exits first. */
  until<T>(what: string, check: () => T | undefined): Promise<T> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => done(new Error(`no ${what} within 20 s (a hang); stderr: ${this.stderr.slice(-500)}`)), 20_000);
      const done = (error?: Error, value?: T) => {
        clearTimeout(timer);
        this.waiters.delete(waiter);
        if (error) reject(error);
        else resolve(value as T);
      };
      const waiter = () => {
        const value = check();
        if (value !== undefined) done(undefined, value);
        else if (this.child.exitCode !== null)
          done(new Error(`the server exited (${this.child.exitCode}) before ${what}; stderr: ${this.stderr.slice(-500)}`));
      };
      this.waiters.add(waiter);
      waiter();
    });
  }
}

describe('campaign-language-server, installed', () => {
  test('--version and --help', () => {
    const version = run('campaign-language-server', '--version');
    assert.equal(version.status, 0, version.stderr);
    assert.equal(version.stdout.trim(), `campaign-language-server ${pkg.version}`);
    const help = run('campaign-language-server', '--help');
    assert.equal(help.status, 0, help.stderr);
    assert.match(help.stdout, /^usage: campaign-language-server --stdio/);
  });

  test('--stdio: initialize, diagnostics for an opened file, shutdown and exit with status 0', async () => {
    const child = spawn(path.join(pkg.bin, 'campaign-language-server'), ['--stdio'], { cwd: pkg.dir, stdio: ['pipe', 'pipe', 'pipe'] });
    const client = new StdioClient(child);
    try {
      const init = (await client.request('initialize', {
        processId: process.pid,
        rootUri: pathToFileURL(pkg.dir).href,
        capabilities: {},
        clientInfo: { name: 'hand-framed test client' },
      })) as { serverInfo?: { name: string; version?: string }; capabilities: Record<string, unknown> };
      assert.deepEqual(init.serverInfo, { name: 'campaign-studio', version: pkg.version });
      assert.deepEqual(init.capabilities.textDocumentSync, { openClose: true, change: 2, save: true });
      for (const capability of [
        'completionProvider',
        'hoverProvider',
        'codeActionProvider',
        'documentSymbolProvider',
        'documentFormattingProvider',
      ]) {
        assert.ok(init.capabilities[capability], `${capability} in ${JSON.stringify(init.capabilities)}`);
      }
      // A client without pull diagnostics gets them pushed.
      assert.equal(init.capabilities.diagnosticProvider, undefined);
      client.notify('initialized', {});

      const uri = pathToFileURL(path.join(pkg.dir, 'broken.campaign.json')).href;
      client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'json', version: 1, text: BROKEN } });
      const published = await client.until('diagnostics for broken.campaign.json', () =>
        client.received.find(m => m.method === 'textDocument/publishDiagnostics' && (m.params as { uri: string }).uri === uri),
      );
      const diagnostics = (
        published.params as {
          diagnostics: Array<{ code: string; source: string; range: { start: { line: number } }; codeDescription: { href: string } }>;
        }
      ).diagnostics;
      assert.deepEqual(
        diagnostics.map(d => [d.code, d.source, d.range.start.line]),
        [['D1', 'campaign-studio', 3]],
      );
      // The rule's documentation is the installed package's copy of docs/rules.md: it opens offline.
      const [docs, anchor] = diagnostics[0].codeDescription.href.split('#');
      assert.equal(docs, pathToFileURL(path.join(pkg.dir, 'node_modules', 'campaign-studio', 'docs', 'rules.md')).href);
      assert.equal(anchor, 'd1');
      assert.match(fs.readFileSync(new URL(docs), 'utf8'), /^## D1$/m);

      assert.equal(await client.request('shutdown', null), null);
      client.notify('exit', null);
      assert.equal(await client.exited, 0);
    } finally {
      child.kill('SIGKILL');
    }
  });
});
