/**
 * `npm run bench`: every figure from one run on one machine, side by side, so that ratios are
 * meaningful on a shared, noisy machine. Writes bench/results/latest.json for comparing commits.
 *
 * Every figure is printed with the anchor measured in the same run (vscode-json-languageservice,
 * JSON.parse, ajv-cli, `node -e 0`, an idle server), their ratio, its goal and whether it is met:
 * reported, never asserted as timed tests.
 *
 * `--formatting` measures formatting only, `--requests` the editing requests only (`requests.ts`),
 * `--summary` the campaign preview's model and rule N1 only (`summary.ts`), `--lint` `campaign lint`
 * over the mixed corpus only, `--validation` validation against json-ls only, `--editor` first
 * diagnostics, keystroke and memory with 50 documents through the server only, `--catalog` the
 * `campaign` CLI over a large workspace only (`catalog.ts`; `--catalog-n N[,N…]` for other sizes,
 * `--catalog-timeout SECONDS` for each command's time limit); `--server PATH` measures another
 * build of the server.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { execFileSync, spawn, spawnSync } from 'child_process';
import { performance } from 'perf_hooks';
import * as jsonls from 'vscode-json-languageservice';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { CompletionRequest, HoverRequest, DocumentDiagnosticRequest, PublishDiagnosticsParams } from 'vscode-languageserver-protocol/node';
import { brokenCampaign, generateCampaign } from './generate';
import { mixedCorpus } from './corpus';
import { parse } from '../packages/core/src/language/parse';
import { validate } from '../packages/core/src/language/validate';
import { toDiagnostics } from '../packages/core/src/language/diagnostics';
import { LspClient } from '../packages/server/test/helpers/lspClient';
import { ServerStatsRequest } from '../packages/core/src/protocol';
import { formattingBench, formattingGoals, formattingTable } from './formatting';
import { Figure, figuresMarkdown, figuresTable, ms, times } from './figures';
import { requestsBench, requestsGoals, requestsTable } from './requests';
import { measure, Stats, stats } from './measure';
import { summaryBench, summaryGoals } from './summary';
import { catalogBench, CatalogFigures, catalogGoals, CatalogOptions, catalogTables } from './catalog';

const root = path.resolve(__dirname, '..');
const quick = process.argv.includes('--quick');

async function measureAsync(fn: () => Promise<void>, runs: number): Promise<Stats> {
  for (let i = 0; i < 2; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
  }
  return stats(samples);
}

// ---------------------------------------------------------------- full validation

function ourValidate(text: string): number {
  const parsed = parse(text);
  const findings = validate(parsed, { kind: 'campaign', settings: { features: {} } });
  return toDiagnostics(parsed, findings).length;
}

function jsonLanguageService(): jsonls.LanguageService {
  const bundle = JSON.parse(fs.readFileSync(path.join(root, 'packages/core/src/generated/schemas.json'), 'utf8')) as Record<
    string,
    { $id: string }
  >;
  // json-ls resolves relative $refs against its own idea of the base URI: match by file name.
  const ls = jsonls.getLanguageService({
    schemaRequestService: async uri => {
      const base = uri.slice(uri.lastIndexOf('/') + 1);
      const hit = bundle[base];
      if (!hit) throw new Error(`unknown schema ${uri}`);
      return JSON.stringify(hit);
    },
  });
  ls.configure({
    validate: true,
    allowComments: false,
    schemas: Object.values(bundle).map(s => ({
      uri: s.$id,
      schema: s as jsonls.JSONSchema,
      fileMatch: s.$id.endsWith('/campaign.schema.json') ? ['*.campaign.json'] : undefined,
    })),
  });
  return ls;
}

async function theirValidate(ls: jsonls.LanguageService, text: string): Promise<number> {
  const doc = TextDocument.create('file:///bench/x.campaign.json', 'json', 1, text);
  const json = ls.parseJSONDocument(doc);
  const d = await ls.doValidation(doc, json, { schemaValidation: 'error', comments: 'error', trailingCommas: 'error' });
  return d.length;
}

async function theirMessages(ls: jsonls.LanguageService, text: string): Promise<string[]> {
  const doc = TextDocument.create('file:///bench/x.campaign.json', 'json', 1, text);
  return (await ls.doValidation(doc, ls.parseJSONDocument(doc), { schemaValidation: 'error' })).map(d => d.message);
}

async function validationBench(): Promise<Record<string, unknown>[]> {
  const ls = jsonLanguageService();
  const rows: Record<string, unknown>[] = [];
  const sizes: Array<[string, number]> = [
    ['3 KB', 3_000],
    ['100 KB', 100_000],
    ['1 MB', 1_000_000],
  ];
  for (const [label, bytes] of sizes) {
    for (const errors of [false, true]) {
      const text = generateCampaign({ bytes, errors });
      const runs = bytes >= 1_000_000 ? (quick ? 5 : 15) : bytes >= 100_000 ? (quick ? 10 : 40) : quick ? 50 : 300;
      const budget = quick ? 300 : 1500;
      const floor = measure(
        () => {
          JSON.parse(text);
        },
        runs,
        budget,
      );
      let ourCount = 0;
      const ours = measure(
        () => {
          ourCount = ourValidate(text);
        },
        runs,
        budget,
      );
      // vscode-json-languageservice's validation is async; its work is synchronous inside, so
      // awaiting each run measures it fully.
      let theirCount = 0;
      const warm = performance.now();
      for (let i = 0; i < 3 || performance.now() - warm < budget / 3; i++) await theirValidate(ls, text);
      const samples: number[] = [];
      const start = performance.now();
      while (samples.length < runs || performance.now() - start < budget) {
        const t = performance.now();
        theirCount = await theirValidate(ls, text);
        samples.push(performance.now() - t);
        if (samples.length >= 50_000) break;
      }
      const theirs = stats(samples);
      const probe = await theirMessages(ls, text);
      const unresolved = probe.find(m => /Unable to load schema|unknown schema/.test(m));
      if (unresolved) throw new Error(`vscode-json-languageservice did not load our schemas: ${unresolved}`);
      rows.push({
        size: label,
        bytes: text.length,
        errors,
        diagnostics: { ours: ourCount, jsonLanguageService: theirCount },
        jsonParse: floor,
        ours,
        jsonLanguageService: theirs,
        speedup: theirs.median / ours.median,
        overParse: ours.median / floor.median,
      });
      process.stderr.write(
        `  validation ${label} ${errors ? 'with errors' : 'valid'}: ours ${ms(ours.median)} ms, json-ls ${ms(theirs.median)} ms, JSON.parse ${ms(floor.median)} ms\n`,
      );
    }
  }
  return rows;
}

// ---------------------------------------------------------------- through the real server

const serverFlag = process.argv.indexOf('--server');
const serverPath = serverFlag > 0 ? path.resolve(process.argv[serverFlag + 1]) : path.join(root, 'dist/server.js');

interface StartUp {
  /** From spawning the server to the first diagnostics of a 3 KB campaign. */
  toDiagnostics: Stats;
  /** From the answer to `initialize` to those diagnostics. */
  afterInitialize: Stats;
  /** `node -e 0`, spawned the same way and interleaved with the server's runs: the anchor. */
  nodeStart: Stats;
}

function nodeStart(): Promise<number> {
  const t = performance.now();
  return new Promise((resolve, reject) =>
    spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' })
      .on('error', reject)
      .on('exit', () => resolve(performance.now() - t)),
  );
}

async function startToFirstDiagnostics(): Promise<StartUp> {
  const text = generateCampaign({ bytes: 3_000 });
  const total: number[] = [];
  const afterInitialize: number[] = [];
  const node: number[] = [];
  for (let i = 0; i < (quick ? 5 : 15); i++) {
    node.push(await nodeStart());
    const t = performance.now();
    const c = await LspClient.start({ serverPath });
    const initialized = performance.now();
    const uri = `file:///bench/start-${i}.campaign.json`;
    await c.open(uri, text);
    await c.waitForDiagnostics(uri);
    const done = performance.now();
    total.push(done - t);
    afterInitialize.push(done - initialized);
    await c.stop();
  }
  return { toDiagnostics: stats(total), afterInitialize: stats(afterInitialize), nodeStart: stats(node) };
}

/** didChange → diagnostics, through pull diagnostics so no debounce is measured. */
async function keystroke(): Promise<Stats> {
  const text = generateCampaign({ bytes: 1_000_000 });
  const c = await LspClient.start({ serverPath, pull: true });
  const uri = 'file:///bench/keystroke.campaign.json';
  await c.open(uri, text);
  await c.connection.sendRequest(DocumentDiagnosticRequest.type, { textDocument: { uri } });
  // Type into the campaign name, one character at a time.
  const line = text.split('\n').findIndex(l => l.includes('"Winter sale reminder"'));
  const col = text.split('\n')[line].indexOf('reminder');
  let typed = 0;
  const s = await measureAsync(
    async () => {
      const at = { line, character: col + typed };
      await c.change(uri, { start: at, end: at }, 'x');
      typed++;
      await c.connection.sendRequest(DocumentDiagnosticRequest.type, { textDocument: { uri } });
    },
    quick ? 10 : 40,
  );
  await c.stop();
  return s;
}

function cursorPositions(text: string): Array<{ line: number; character: number }> {
  const lines = text.split('\n');
  const out: Array<{ line: number; character: number }> = [];
  const wanted = [
    '"operator"',
    '"data_type"',
    '"delivery_type"',
    '"timezone"',
    '"apns_priority"',
    '"filter_operator"',
    '"platforms"',
    '"bypass_dnd"',
  ];
  for (const w of wanted) {
    const l = lines.findIndex(x => x.includes(w));
    if (l >= 0) out.push({ line: l, character: lines[l].indexOf(w) + 2 });
  }
  return out;
}

async function completionAndHover(): Promise<{ completion: Stats; hover: Stats; supported: { completion: boolean; hover: boolean } }> {
  const text = generateCampaign({ bytes: 100_000 });
  const c = await LspClient.start({ serverPath, pull: true });
  const uri = 'file:///bench/complete.campaign.json';
  await c.open(uri, text);
  await c.connection.sendRequest(DocumentDiagnosticRequest.type, { textDocument: { uri } });
  const positions = cursorPositions(text);
  const lines = text.split('\n');
  const valuePositions = positions.map(p => ({ line: p.line, character: lines[p.line].indexOf(':') + 3 }));
  let supported = { completion: true, hover: true };
  let i = 0;
  let completion: Stats;
  try {
    completion = await measureAsync(
      async () => {
        const p = valuePositions[i++ % valuePositions.length];
        await c.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: p });
      },
      quick ? 20 : 100,
    );
  } catch {
    supported.completion = false;
    completion = { median: NaN, p95: NaN, n: 0 };
  }
  let hover: Stats;
  try {
    hover = await measureAsync(
      async () => {
        const p = positions[i++ % positions.length];
        await c.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: p });
      },
      quick ? 20 : 100,
    );
  } catch {
    supported.hover = false;
    hover = { median: NaN, p95: NaN, n: 0 };
  }
  await c.stop();
  return { completion, hover, supported };
}

interface Memory50 {
  rssMB: number;
  idleRssMB: number;
  heapUsedMB: number;
  heapTotalMB: number;
  serverReportedRssMB: number;
  openDocuments: number;
}

/** RSS with 50 open documents of mixed sizes; the anchor is the same server's RSS before the first one. */
async function memory(): Promise<Memory50> {
  const c = await LspClient.start({ serverPath });
  const idle = residentMB(c.child.pid!);
  const waits: Array<Promise<PublishDiagnosticsParams>> = [];
  for (let i = 0; i < 50; i++) {
    const uri = `file:///bench/mem-${i}.campaign.json`;
    // A realistic mix: mostly small files, some large ones, about a third with mistakes.
    const bytes = i % 10 === 0 ? 1_000_000 : i % 3 === 0 ? 100_000 : 10_000;
    await c.open(uri, generateCampaign({ bytes, errors: i % 3 === 1 }));
    waits.push(c.waitForDiagnostics(uri, () => true, 60_000));
  }
  await Promise.all(waits);
  const s = await c.connection.sendRequest(ServerStatsRequest.type);
  const { rssMB } = residentMB(c.child.pid!);
  await c.stop();
  return {
    rssMB,
    idleRssMB: idle.rssMB,
    heapUsedMB: s.heapUsed / 1048576,
    heapTotalMB: s.heapTotal / 1048576,
    serverReportedRssMB: s.rss / 1048576,
    openDocuments: 50,
  };
}

interface Memory10MB {
  rssMB: number;
  peakRssMB: number;
  idleRssMB: number;
  heapUsedMB: number;
  diagnostics: number;
}

/** One open 10 MB campaign with mistakes, until its diagnostics arrive: the server's RSS then, and its peak. */
async function memory10MB(): Promise<Memory10MB> {
  const c = await LspClient.start({ serverPath });
  const idle = residentMB(c.child.pid!);
  const uri = 'file:///bench/ten-mb.campaign.json';
  await c.open(uri, generateCampaign({ bytes: 10_000_000, errors: true }));
  const published = await c.waitForDiagnostics(uri, () => true, 600_000);
  const s = await c.connection.sendRequest(ServerStatsRequest.type);
  const rss = residentMB(c.child.pid!);
  await c.stop();
  return { ...rss, idleRssMB: idle.rssMB, heapUsedMB: s.heapUsed / 1048576, diagnostics: published.diagnostics.length };
}

/** The server's resident and peak resident memory, from /proc (Linux). */
function residentMB(pid: number): { rssMB: number; peakRssMB: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string): number => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssMB: kb('VmRSS') / 1024, peakRssMB: kb('VmHWM') / 1024 };
}

interface LargeMemory {
  rssMB: number;
  peakRssMB: number;
  heapUsedMB: number;
  survived: boolean;
  seconds: number;
  exit?: string;
}

/**
 * The worst case for memory: 100 open 1 MB documents that are not strict JSON (their ranges need
 * the position tree, about thirteen bytes per character), half with rule mistakes, until each
 * has its diagnostics. With `heapMB`, the server runs under that heap limit: does it survive?
 */
async function largeMemory(heapMB?: number): Promise<LargeMemory> {
  const c = await LspClient.start({ serverPath, nodeArgs: heapMB ? [`--max-old-space-size=${heapMB}`] : [] });
  const exited = new Promise<string>(resolve => c.child.on('exit', (code, signal) => resolve(`exited with ${code ?? signal}`)));
  const started = performance.now();
  const waits: Array<Promise<PublishDiagnosticsParams>> = [];
  for (let i = 0; i < 100; i++) {
    const uri = `file:///bench/large-${i}.campaign.json`;
    await c.open(uri, brokenCampaign({ bytes: 1_000_000, errors: i % 2 === 0, n: i }));
    waits.push(c.waitForDiagnostics(uri, () => true, 600_000));
  }
  const outcome = await Promise.race([Promise.all(waits).then(() => undefined), exited]);
  const seconds = (performance.now() - started) / 1000;
  if (outcome !== undefined) {
    await c.stop();
    return { rssMB: NaN, peakRssMB: NaN, heapUsedMB: NaN, survived: false, seconds, exit: outcome };
  }
  const s = await c.connection.sendRequest(ServerStatsRequest.type);
  const rss = residentMB(c.child.pid!);
  await c.stop();
  return { ...rss, heapUsedMB: s.heapUsed / 1048576, survived: true, seconds };
}

function sizes(): Record<string, number> {
  const out: Record<string, number> = {};
  for (const f of ['client.js', 'server.js', 'cli.js', 'campaign.js']) out[`dist/${f}`] = fs.statSync(path.join(root, 'dist', f)).size;
  const vsix = path.join(root, 'campaign-studio.vsix');
  const r = spawnSync('npx', ['vsce', 'package', '--no-dependencies', '--out', vsix], { cwd: root, encoding: 'utf8' });
  if (r.status === 0 && fs.existsSync(vsix)) out['campaign-studio.vsix'] = fs.statSync(vsix).size;
  else process.stderr.write(`  vsce package failed: ${(r.stderr || r.stdout).slice(-400)}\n`);
  return out;
}

// ---------------------------------------------------------------- campaign lint on a corpus

const LINT_FILES = 5_000;

/** A tenth of the corpus has mistakes (a filter's operator, an unknown time zone). */
const LINT_ERRORS_EVERY = 10;

/** A file's name: a tenth named as fetched. All are JSON: ajv-cli stops at the first file that is not. */
function corpusName(i: number): string {
  return i % 10 === 0
    ? `campaign-${i}.${(0x5f0000000000 + i).toString(16).padStart(24, '0')}.campaign.json`
    : `campaign-${i}.campaign.json`;
}

/** The mixed corpus in a temporary folder: 50 team folders of 100 files, a settings file and a .gitignore, as a repository has them. */
function writeCorpus(): { dir: string; bytes: number; withErrors: number; deliveryTypes: number } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'campaign-bench-lint-'));
  fs.writeFileSync(
    path.join(dir, '.campaignrc.json'),
    JSON.stringify({ features: { audienceLimit: true, queuing: true, portfolio: false, versioning: false } }),
  );
  fs.writeFileSync(path.join(dir, '.gitignore'), 'tmp/\n*.local.campaign.json\n');
  let bytes = 0;
  const files = mixedCorpus(LINT_FILES, LINT_ERRORS_EVERY);
  files.forEach((f, i) => {
    const team = path.join(dir, 'campaigns', `team-${String(i % 50).padStart(2, '0')}`);
    fs.mkdirSync(team, { recursive: true });
    fs.writeFileSync(path.join(team, corpusName(i)), f.text);
    bytes += f.text.length;
  });
  return { dir, bytes, withErrors: files.filter(f => f.errors).length, deliveryTypes: new Set(files.map(f => f.type)).size };
}

interface ProcessRun {
  wallMs: number;
  cpuMs: number;
  peakRssMB: number;
  status: number | null;
}

/** Medians of wall and CPU time, the largest peak RSS. */
interface LintFigures {
  wallMs: number;
  cpuMs: number;
  peakRssMB: number;
  runs: number;
}

interface LintBench {
  files: number;
  bytes: number;
  withErrors: number;
  deliveryTypes: number;
  readParse: LintFigures;
  campaignLint: LintFigures;
  ajvCli: LintFigures;
}

function figures(rs: ProcessRun[]): LintFigures {
  return {
    wallMs: median(rs.map(r => r.wallMs)),
    cpuMs: median(rs.map(r => r.cpuMs)),
    peakRssMB: Math.max(...rs.map(r => r.peakRssMB)),
    runs: rs.length,
  };
}

/** A whole process: wall time, CPU time and peak RSS, from GNU time where the machine has it. */
function timedProcess(args: string[], cwd: string): ProcessRun {
  const report = path.join(os.tmpdir(), `campaign-bench-time-${process.pid}.txt`);
  const gnuTime = fs.existsSync('/usr/bin/time');
  const [cmd, ...rest] = gnuTime
    ? ['/usr/bin/time', '-f', '%U %S %M', '-o', report, process.execPath, ...args]
    : [process.execPath, ...args];
  const t = performance.now();
  const r = spawnSync(cmd, rest, { cwd, stdio: 'ignore', maxBuffer: 1 << 30 });
  const wallMs = performance.now() - t;
  if (!gnuTime) return { wallMs, cpuMs: NaN, peakRssMB: NaN, status: r.status };
  const [user, sys, rssKb] = fs.readFileSync(report, 'utf8').trim().split('\n').pop()!.split(' ').map(Number);
  fs.rmSync(report, { force: true });
  return { wallMs, cpuMs: (user + sys) * 1000, peakRssMB: rssKb / 1024, status: r.status };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/**
 * `campaign lint` over the corpus against reading and parsing the same files, and against
 * ajv-cli validating them with our schemas (all errors, like lint), each as a whole process,
 * interleaved so that the machine's noise falls on all three alike.
 */
function lintBench(): LintBench {
  const corpus = writeCorpus();
  const schemas = path.join(root, 'packages/core/schemas');
  const commands: Record<string, string[]> = {
    readParse: [path.join(root, 'bench/parse-only.js'), 'campaigns'],
    campaignLint: [path.join(root, 'dist/campaign.js'), 'lint', 'campaigns'],
    ajvCli: [
      path.join(root, 'node_modules/ajv-cli/dist/index.js'),
      'validate',
      '-s',
      path.join(schemas, 'campaign.schema.json'),
      '-r',
      path.join(schemas, 'components/*.schema.json'),
      '-d',
      'campaigns/**/*.campaign.json',
      '--strict=false',
      '--all-errors',
      '--errors=line',
    ],
  };
  try {
    const check = spawnSync(process.execPath, commands.campaignLint, { cwd: corpus.dir, encoding: 'utf8', maxBuffer: 1 << 30 });
    if (!check.stdout.includes(`${LINT_FILES} files checked`))
      throw new Error(`campaign lint did not check the corpus: ${check.stderr.slice(0, 400)}`);
    const runs: Record<string, ProcessRun[]> = { readParse: [], campaignLint: [], ajvCli: [] };
    const rounds = quick ? 3 : 7;
    const names = Object.keys(commands);
    for (let round = 0; round < rounds + 1; round++) {
      for (let k = 0; k < names.length; k++) {
        const name = names[(round + k) % names.length];
        const run = timedProcess(commands[name], corpus.dir);
        if (round > 0) runs[name].push(run); // the first round only warms the page cache
      }
    }
    const result: LintBench = {
      files: LINT_FILES,
      bytes: corpus.bytes,
      withErrors: corpus.withErrors,
      deliveryTypes: corpus.deliveryTypes,
      readParse: figures(runs.readParse),
      campaignLint: figures(runs.campaignLint),
      ajvCli: figures(runs.ajvCli),
    };
    process.stderr.write(
      `  campaign lint ${ms(result.campaignLint.wallMs)} ms, read + parse ${ms(result.readParse.wallMs)} ms, ajv-cli ${ms(result.ajvCli.wallMs)} ms\n`,
    );
    return result;
  } finally {
    fs.rmSync(corpus.dir, { recursive: true, force: true });
  }
}

function pad(s: string, n: number): string {
  return s.length >= n ? s : s + ' '.repeat(n - s.length);
}

/** `--formatting`: the formatting figures alone, printed. */
async function formattingOnly(): Promise<void> {
  process.stderr.write(`formatting through ${serverPath}…\n`);
  const rows = await formattingBench(serverPath, quick);
  console.log(
    [
      'Formatting through the server (tabSize 2); floor: JSON.parse + JSON.stringify(…, null, 2):',
      ...formattingTable(rows),
      '',
      'Figures against their anchors and goals:',
      ...figuresTable(formattingGoals(rows)),
    ].join('\n'),
  );
}

/** Each validation row against vscode-json-languageservice, and the 1 MB rows against JSON.parse. */
function validationFigures(validation: Record<string, unknown>[]): Figure[] {
  const against = (r: Record<string, unknown>): number => (r.size === '3 KB' ? 5 : 10);
  const name = (r: Record<string, unknown>): string => `${r.size as string} ${r.errors ? 'with errors' : 'valid'}`;
  return [
    ...validation.map(r => ({
      goal: `${name(r)}: ≥ ${against(r)}× faster than vscode-json-languageservice`,
      met: (r.speedup as number) >= against(r),
      value: `${ms((r.ours as Stats).median)} ms`,
      anchor: `json-ls ${ms((r.jsonLanguageService as Stats).median)} ms`,
      ratio: `${(r.speedup as number).toFixed(1)}× faster`,
    })),
    ...validation
      .filter(r => r.size === '1 MB')
      .map(r => ({
        goal: `${name(r)}: validated within 6× JSON.parse`,
        met: (r.overParse as number) <= 6,
        value: `${ms((r.ours as Stats).median)} ms`,
        anchor: `JSON.parse ${ms((r.jsonParse as Stats).median)} ms`,
        ratio: times(r.overParse as number),
      })),
  ];
}

/** The lint figures against their goals: ajv-cli and the floor of reading and parsing the files. */
function lintGoals(lint: LintBench): Figure[] {
  return [
    {
      goal: `campaign lint on ${LINT_FILES} mixed files within 4× reading and parsing them`,
      met: lint.campaignLint.wallMs <= 4 * lint.readParse.wallMs,
      value: `${ms(lint.campaignLint.wallMs)} ms`,
      anchor: `read + JSON.parse ${ms(lint.readParse.wallMs)} ms`,
      ratio: times(lint.campaignLint.wallMs / lint.readParse.wallMs),
    },
    {
      goal: `campaign lint on ${LINT_FILES} mixed files faster than ajv-cli`,
      met: lint.campaignLint.wallMs < lint.ajvCli.wallMs,
      value: `${ms(lint.campaignLint.wallMs)} ms`,
      anchor: `ajv-cli ${ms(lint.ajvCli.wallMs)} ms`,
      ratio: times(lint.campaignLint.wallMs / lint.ajvCli.wallMs),
    },
    {
      goal: `campaign lint on ${LINT_FILES} mixed files under 200 MB peak RSS`,
      met: lint.campaignLint.peakRssMB < 200,
      value: `${lint.campaignLint.peakRssMB.toFixed(0)} MB`,
      anchor: `read + JSON.parse ${lint.readParse.peakRssMB.toFixed(0)} MB`,
      ratio: times(lint.campaignLint.peakRssMB / lint.readParse.peakRssMB),
    },
  ];
}

/** The lint section's table. */
function lintTable(lint: LintBench): string[] {
  const out = [
    `campaign lint on ${LINT_FILES} files (3–8 KB, ${(lint.bytes / 1048576).toFixed(0)} MB in all, ${lint.deliveryTypes} delivery types; ${lint.withErrors} with rule errors), whole processes, median of ${lint.campaignLint.runs} runs:`,
    `${pad('', 42)}${pad('wall ms', 10)}${pad('CPU ms', 10)}${pad('peak RSS', 10)}× read + parse`,
  ];
  for (const [label, f] of [
    ['read + JSON.parse (bench/parse-only.js)', lint.readParse],
    ['campaign lint', lint.campaignLint],
    ['ajv-cli, our schemas', lint.ajvCli],
  ] as const) {
    out.push(
      `${pad(label, 42)}${pad(ms(f.wallMs), 10)}${pad(ms(f.cpuMs), 10)}${pad(`${f.peakRssMB.toFixed(0)} MB`, 10)}${(f.wallMs / lint.readParse.wallMs).toFixed(2)}×`,
    );
  }
  return out;
}

/** `--lint`: the lint section alone, printed. */
function lintOnly(): void {
  const lint = lintBench();
  console.log([...lintTable(lint), '', 'Figures against their anchors and goals:', ...figuresTable(lintGoals(lint))].join('\n'));
}

/** `--validation`: validation against vscode-json-languageservice alone, printed. */
async function validationOnly(): Promise<void> {
  const validation = await validationBench();
  console.log(figuresTable(validationFigures(validation)).join('\n'));
}

/** Keystroke to diagnostics on 1 MB, first diagnostics after start and memory with 50 documents, against their goals. */
function editorGoals(firstDiagnostics: StartUp, keystrokeStats: Stats, mem: Memory50, parse1MB: Stats): Figure[] {
  const ownStartUp = firstDiagnostics.toDiagnostics.median - firstDiagnostics.nodeStart.median;
  const idle = `idle server ${mem.idleRssMB.toFixed(0)} MB`;
  return [
    {
      goal: 'keystroke to diagnostics on 1 MB: p95 under 15 ms',
      met: keystrokeStats.p95 < 15,
      value: `${ms(keystrokeStats.p95)} ms p95 (${ms(keystrokeStats.median)} median)`,
      anchor: `JSON.parse ${ms(parse1MB.median)} ms`,
      ratio: times(keystrokeStats.p95 / parse1MB.median),
    },
    {
      goal: "first diagnostics of 3 KB: under 100 ms of the server's own start-up (from spawn, less node -e 0)",
      met: ownStartUp < 100,
      value: `${ms(firstDiagnostics.toDiagnostics.median)} ms from spawn, ${ms(ownStartUp)} ms own, ${ms(firstDiagnostics.afterInitialize.median)} ms after initialize`,
      anchor: `node -e 0 ${ms(firstDiagnostics.nodeStart.median)} ms`,
      ratio: times(firstDiagnostics.toDiagnostics.median / firstDiagnostics.nodeStart.median),
    },
    {
      goal: 'under 110 MB RSS with 50 open documents',
      met: mem.rssMB < 110,
      value: `${mem.rssMB.toFixed(0)} MB`,
      anchor: idle,
      ratio: times(mem.rssMB / mem.idleRssMB),
    },
  ];
}

/** `--editor`: first diagnostics, keystroke on 1 MB and memory with 50 documents through the server, alone. */
async function editorOnly(): Promise<void> {
  const text = generateCampaign({ bytes: 1_000_000 });
  const parse1MB = measure(
    () => {
      JSON.parse(text);
    },
    quick ? 5 : 15,
    quick ? 300 : 1500,
  );
  const firstDiagnostics = await startToFirstDiagnostics();
  const keystrokeStats = await keystroke();
  const mem = await memory();
  console.log(figuresTable(editorGoals(firstDiagnostics, keystrokeStats, mem, parse1MB)).join('\n'));
}

/** `--requests`: code actions, hover and completion on large documents, printed. */
async function requestsOnly(): Promise<void> {
  const rows = await requestsBench(serverPath, quick);
  console.log([`Requests through ${serverPath}:`, ...requestsTable(rows)].join('\n'));
}

/** The catalog section's options from the command line. */
function catalogOptions(): CatalogOptions {
  const value = (flag: string): string | undefined => {
    const i = process.argv.indexOf(flag);
    if (i < 0) return undefined;
    const v = process.argv[i + 1];
    if (v === undefined || v.startsWith('--')) throw new Error(`${flag} needs a value`);
    return v;
  };
  const n = value('--catalog-n');
  const sizes = n?.split(',').map(x => {
    const k = Number(x.trim());
    if (!Number.isInteger(k) || k < 1) throw new Error(`--catalog-n takes campaign counts such as 150 or 150,300; got "${n}"`);
    return k;
  });
  const t = value('--catalog-timeout');
  if (t !== undefined && !(Number(t) > 0)) throw new Error(`--catalog-timeout takes seconds; got "${t}"`);
  return { quick, sizes, timeoutMs: t === undefined ? undefined : Number(t) * 1000, log: line => process.stderr.write(`${line}\n`) };
}

/** `--catalog`: the catalog section alone, printed, and its figures put into bench/results/latest.json. */
async function catalogOnly(): Promise<void> {
  const catalog = await catalogBench(catalogOptions());
  console.log(
    [...catalogTables(catalog), '', 'Figures against their anchors and goals:', ...figuresTable(catalogGoals(catalog))].join('\n'),
  );
  const latest = path.join(root, 'bench/results/latest.json');
  let result: Record<string, unknown> = {};
  try {
    result = JSON.parse(fs.readFileSync(latest, 'utf8')) as Record<string, unknown>;
  } catch {
    /* none yet */
  }
  fs.mkdirSync(path.dirname(latest), { recursive: true });
  fs.writeFileSync(latest, JSON.stringify({ ...result, catalog }, null, 2) + '\n');
}

async function main(): Promise<void> {
  if (process.argv.includes('--catalog')) return catalogOnly();
  if (process.argv.includes('--formatting')) return formattingOnly();
  if (process.argv.includes('--requests')) return requestsOnly();
  if (process.argv.includes('--lint')) return lintOnly();
  if (process.argv.includes('--validation')) return validationOnly();
  if (process.argv.includes('--editor')) return editorOnly();
  if (process.argv.includes('--summary')) return console.log(figuresTable(summaryGoals(summaryBench(quick))).join('\n'));
  const started = new Date();
  process.stderr.write('validation (in process)…\n');
  const validation = await validationBench();
  process.stderr.write('server start to first diagnostics…\n');
  const firstDiagnostics = await startToFirstDiagnostics();
  process.stderr.write('keystroke on 1 MB…\n');
  const keystrokeStats = await keystroke();
  process.stderr.write('completion and hover on 100 KB…\n');
  const editing = await completionAndHover();
  process.stderr.write('memory with 50 open documents…\n');
  const mem = await memory();
  process.stderr.write('memory with 100 open 1 MB broken documents, then under a 1 GB heap limit…\n');
  const large = await largeMemory();
  const largeIn1GB = await largeMemory(1024);
  process.stderr.write('memory with a 10 MB document…\n');
  const tenMB = await memory10MB();
  process.stderr.write('formatting…\n');
  const formatting = await formattingBench(serverPath, quick);
  process.stderr.write('code actions, hover and completion on large documents…\n');
  const requests = await requestsBench(serverPath, quick);
  process.stderr.write('the campaign preview and rule N1…\n');
  const summary = summaryBench(quick);
  process.stderr.write(`campaign lint on ${LINT_FILES} files…\n`);
  const lint = lintBench();
  process.stderr.write("catalog: the campaign CLI over a large workspace, against the emulator with the spec's rate limits…\n");
  const catalog: CatalogFigures = await catalogBench(catalogOptions());
  const files = sizes();

  const anchor = (size: string): Stats => validation.find(r => r.size === size && !r.errors)!.jsonParse as Stats;
  const idle = `idle server ${mem.idleRssMB.toFixed(0)} MB`;
  const goals: Figure[] = [
    ...validationFigures(validation),
    ...editorGoals(firstDiagnostics, keystrokeStats, mem, anchor('1 MB')),
    {
      goal: 'completion p95 under 10 ms on 100 KB',
      met: editing.supported.completion && editing.completion.p95 < 10,
      value: editing.supported.completion ? `${ms(editing.completion.p95)} ms p95` : 'not supported by the server',
      anchor: `JSON.parse ${ms(anchor('100 KB').median)} ms`,
      ratio: times(editing.completion.p95 / anchor('100 KB').median),
    },
    {
      goal: 'under 400 MB RSS with a 10 MB document open (peak)',
      met: tenMB.peakRssMB < 400,
      value: `${tenMB.peakRssMB.toFixed(0)} MB peak, ${tenMB.rssMB.toFixed(0)} MB after`,
      anchor: `idle server ${tenMB.idleRssMB.toFixed(0)} MB`,
      ratio: times(tenMB.peakRssMB / tenMB.idleRssMB),
    },
    {
      goal: 'under 1 GB peak RSS with 100 open 1 MB broken documents',
      met: large.peakRssMB < 1024,
      value: large.survived ? `${large.peakRssMB.toFixed(0)} MB` : large.exit!,
      anchor: idle,
      ratio: times(large.peakRssMB / mem.idleRssMB),
    },
    {
      goal: 'survives --max-old-space-size=1024 with 100 open 1 MB broken documents',
      met: largeIn1GB.survived,
      value: largeIn1GB.survived ? `${largeIn1GB.peakRssMB.toFixed(0)} MB peak RSS` : largeIn1GB.exit!,
      anchor: idle,
      ratio: times(largeIn1GB.peakRssMB / mem.idleRssMB),
    },
    {
      goal: 'dist/server.js under 1 MB',
      met: files['dist/server.js'] < 1_048_576,
      value: `${(files['dist/server.js'] / 1024).toFixed(0)} KB`,
    },
    ...lintGoals(lint),
    ...formattingGoals(formatting),
    ...requestsGoals(requests),
    ...summaryGoals(summary),
    ...catalogGoals(catalog),
  ];

  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    /* not a checkout */
  }
  const result = {
    date: started.toISOString(),
    commit,
    node: process.version,
    quick,
    validation,
    firstDiagnostics,
    keystroke1MB: keystrokeStats,
    completion100KB: editing.completion,
    hover100KB: editing.hover,
    memory50: mem,
    memory10MB: tenMB,
    memory100x1MB: large,
    memory100x1MBHeap1GB: largeIn1GB,
    lint,
    formatting,
    requests,
    summary,
    catalog,
    sizes: files,
    goals,
  };
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.writeFileSync(path.join(root, 'bench/results/latest.json'), JSON.stringify(result, null, 2) + '\n');

  const out: string[] = [];
  out.push(`Campaign Studio benchmark — ${result.date}, commit ${commit}, Node ${process.version}${quick ? ' (quick)' : ''}`);
  out.push('');
  out.push('Full validation (parse + all rules + ranges), milliseconds, median / p95:');
  out.push(
    `${pad('document', 22)}${pad('JSON.parse', 18)}${pad('campaign-studio', 20)}${pad('vscode-json-ls', 20)}${pad('speed-up', 10)}× JSON.parse`,
  );
  for (const r of validation) {
    const f = (s: unknown): string => {
      const x = s as Stats;
      return `${ms(x.median)} / ${ms(x.p95)}`;
    };
    out.push(
      `${pad(`${r.size} ${r.errors ? 'with errors' : 'valid'}`, 22)}${pad(f(r.jsonParse), 18)}${pad(f(r.ours), 20)}${pad(f(r.jsonLanguageService), 20)}${pad(`${(r.speedup as number).toFixed(1)}×`, 10)}${(r.overParse as number).toFixed(1)}×`,
    );
  }
  out.push('');
  out.push(
    `Through the server over stdio: first diagnostics ${ms(firstDiagnostics.toDiagnostics.median)} ms after spawning the server (p95 ${ms(firstDiagnostics.toDiagnostics.p95)}), ${ms(firstDiagnostics.afterInitialize.median)} ms after its answer to initialize, node -e 0 ${ms(firstDiagnostics.nodeStart.median)} ms; keystroke on 1 MB ${ms(keystrokeStats.median)} ms median (p95 ${ms(keystrokeStats.p95)}); completion on 100 KB ${editing.supported.completion ? `${ms(editing.completion.median)} ms median, ${ms(editing.completion.p95)} ms p95` : 'n/a'}; hover ${editing.supported.hover ? `${ms(editing.hover.median)} ms median, ${ms(editing.hover.p95)} ms p95` : 'n/a'}.`,
  );
  out.push(
    `Memory with 50 open documents: ${mem.rssMB.toFixed(0)} MB RSS (${mem.idleRssMB.toFixed(0)} MB before the first), ${mem.heapUsedMB.toFixed(0)} MB heap used. With a 10 MB document: ${tenMB.rssMB.toFixed(0)} MB RSS (peak ${tenMB.peakRssMB.toFixed(0)} MB), ${tenMB.heapUsedMB.toFixed(0)} MB heap used.`,
  );
  const largeLine = (m: LargeMemory): string =>
    m.survived
      ? `${m.rssMB.toFixed(0)} MB RSS (peak ${m.peakRssMB.toFixed(0)} MB), ${m.heapUsedMB.toFixed(0)} MB heap used, all diagnostics in ${m.seconds.toFixed(1)} s`
      : `the server ${m.exit} after ${m.seconds.toFixed(1)} s`;
  out.push(`Memory with 100 open 1 MB broken documents: ${largeLine(large)}; under a 1 GB heap limit: ${largeLine(largeIn1GB)}.`);
  out.push('');
  out.push(...lintTable(lint));
  out.push('');
  out.push('Formatting through the server (tabSize 2); floor: JSON.parse + JSON.stringify(…, null, 2) of the same text:');
  out.push(...formattingTable(formatting));
  out.push('');
  out.push(
    'Requests through the server (code actions after an edit once its diagnostics are shown; hover and completion right after an edit):',
  );
  out.push(...requestsTable(requests));
  out.push('');
  out.push(...catalogTables(catalog));
  out.push('');
  out.push(
    `Sizes: ${Object.entries(files)
      .map(([k, v]) => `${k} ${(v / 1024).toFixed(0)} KB`)
      .join(', ')}.`,
  );
  out.push('');
  out.push('Figures against their anchors and goals:');
  out.push(...figuresTable(goals));
  console.log(out.join('\n'));
  if (process.argv.includes('--contributing')) writeFigures(result, validation, goals);
}

/** Rewrites the figures of CONTRIBUTING.md's bench section with this run's. */
function writeFigures(
  result: { date: string; commit: string; node: string },
  validation: Record<string, unknown>[],
  goals: Figure[],
): void {
  const f = (s: unknown): string => {
    const x = s as Stats;
    return `${ms(x.median)} / ${ms(x.p95)}`;
  };
  const lines: string[] = [
    '<!-- section:bench -->',
    '### Validation figures',
    '',
    `Figures from one run of \`npm run bench\` (commit ${result.commit}, ${result.date.slice(0, 10)}, Node ${result.node}, a shared 2-core machine, load average ${os.loadavg()[0].toFixed(1)} when it ended). Full validation means parsing, every rule and the ranges of every diagnostic, against vscode-json-languageservice (the engine of VS Code's own JSON support) validating the same text with our \`packages/core/schemas/\`, and \`JSON.parse\` of the same text as the floor. Times in milliseconds, median / p95.`,
    '',
    '| document | JSON.parse | Campaign Studio | vscode-json-languageservice | speed-up | × JSON.parse |',
    '| --- | --- | --- | --- | --- | --- |',
    ...validation.map(
      r =>
        `| ${r.size} ${r.errors ? 'with errors' : 'valid'} | ${f(r.jsonParse)} | ${f(r.ours)} | ${f(r.jsonLanguageService)} | ${(r.speedup as number).toFixed(1)}× | ${(r.overParse as number).toFixed(1)}× |`,
    ),
    '',
    ...figuresMarkdown(goals),
    '',
    "Reproduce with `npm run bench` (about six minutes, and the catalog section's: some 7 minutes once the CLI reads campaigns in searches of 15, some 17 while it reads them one GET at a time and its commands stop at their time limits; `npm run bench:quick` for a rough look). It builds the minified bundles, prints the tables and writes every figure to `bench/results/latest.json` (not committed), so two commits can be compared; `npm run bench -- --contributing` also rewrites this section. Goals are checked by the benchmark, never by timed tests. Robustness is tested in `npm test` by a fuzz test (`packages/server/test/fuzz/`: random mutations of valid campaigns and inputs that broke servers before, such as an unterminated string before deep nesting, lone surrogates, CR or U+2028 line ends, 100,000-character strings and an unquoted `constructor` or `__proto__`, through the language service and the real server under a heap ceiling, with badly framed bytes between messages: no crash, every request answered without an error, formatting included, every range inside its document; a fixed seed and an iteration count, both in the test names; `npm run fuzz` runs fifty times as many with the deepest nesting, `CAMPAIGN_FUZZ_ITERATIONS=<n>` sets the count, `CAMPAIGN_FUZZ_SEED=<n>` replays a failure) and by tests of pathological inputs (a 10 MB file, 100,000-deep arrays, invalid UTF-8, a BOM, CRLF line ends, a `.campaignrc.json` that is not JSON).",
    '',
    '### The catalog section',
    '',
    "`bench/catalog.ts` measures campaigns as code over a large workspace, end to end. It starts the emulator as a process of its own, without its seed, and creates N campaigns in one workspace through the API with the rate limits off (copies of the seed's Push and Email campaigns: every delivery type the API creates, drafts, scheduled, active, paused and stopped), then turns the spec's limits on (10 a second, 100 a minute, 6000 an hour, rolling; get and search share one budget) and runs the built CLI (`node dist/campaign.js`, `--format json`) in a fresh folder, each command a process of its own, with the emulator's request log and rate-limit windows cleared before each: `campaign pull --search` of every status and every channel, `campaign status`, then `campaign plan` after a tenth of the pulled files got a new campaign name. Each command is judged on the API calls the emulator logged (read while it runs, since the log keeps 2000): at most ceil(N / 15) + 3, plan one validate more per edited file; no 429; no campaign in error or timed out; the exit status it owes (pull 0, status 0, plan 2); and a wall time within 1.2× what the limits impose on that many calls (`imposedMs`: from the first send to the last when they go as fast as the rolling windows allow, from an empty history). N is 1,000 (with `--quick` too), and 2,000 in a full run; 5,000 only when its time, estimated from those two, fits in 10 minutes, otherwise its row is extrapolated from them and the output says so: its calls and each command's own work (wall time less what the limits impose) linearly in N, and its wall time as what the limits impose on those calls plus that work (the limits are not linear: the minute's window binds past 100 calls). A command stops at twice what the limits impose on its bound (at least two minutes; past 1.2× its verdict has failed anyway) and its row says \"did not finish\". Alone: `npm run build`, then `npx tsx bench/run.ts --catalog [--quick]`; `--catalog-n 150` (or `150,300`) for other sizes, `--catalog-timeout SECONDS` for another time limit. It prints a table per N (command, calls, bound, 429s, timeouts, exit, wall, imposed, 1.2× imposed, verdict) and puts its figures under `catalog` in `bench/results/latest.json`, keeping the others there; a full run also gives each command and size a row in the goals above.",
    '<!-- /section:bench -->',
  ];
  const contributing = path.join(root, 'CONTRIBUTING.md');
  const text = fs.readFileSync(contributing, 'utf8');
  const start = text.indexOf('<!-- section:bench -->');
  const end = text.indexOf('<!-- /section:bench -->');
  if (start < 0 || end < 0) throw new Error('CONTRIBUTING.md has no bench section markers');
  fs.writeFileSync(contributing, text.slice(0, start) + lines.join('\n') + text.slice(end + '<!-- /section:bench -->'.length));
}

main().catch(e => {
  console.error(e);
  process.exit(1);
});
