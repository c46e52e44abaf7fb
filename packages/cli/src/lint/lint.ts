import { BaseSnapshotStore, findCampaignrc, loadCampaignrc } from '@campaign-studio/sync';
import * as fs from 'fs';
import * as path from 'path';
import { pathToFileURL } from 'url';
import {
  CampaignDiagnostic, CAMPAIGNRC, documentSettings, Finding, LanguageService, LoadedSettings,
  Severity, SEVERITY_NAME, toDiagnostics,
} from '@campaign-studio/core';
import { version } from '../../../../package.json';
import { CliIO } from '../io';

/**
 * campaign-lint [--format text|json] [--config FILE] FILE|DIR...
 *
 * Runs exactly the rules the editor runs, through the same language service, for CI.
 * Exit status: 0 no errors, 1 errors, 2 usage error or a file that could not be read.
 */

const USAGE = 'usage: campaign-lint [--format text|json] [--config FILE] FILE|DIR...';

const HELP = `${USAGE}

Checks campaign documents (*.campaign.json) and search request bodies (*.search.json) with the
rules of the Campaign Studio editor extension.

  FILE|DIR         files to check; a directory means its *.campaign.json and *.search.json,
                   recursively (node_modules and .git are skipped)
  --format text    one line per diagnostic, file:line:col severity rule message (1-based
                   line and column), then a summary (the default)
  --format json    [{ "file", "diagnostics": [{ "rule", "severity", "path", "message", "range" }] }]
                   with 0-based lines and characters, as in LSP
  --config FILE    workspace settings to use for every file, instead of the ${CAMPAIGNRC}
                   nearest to each file

Exit status: 0 when no file has an error, 1 when any has, 2 for a usage error or a file that
could not be read.`;


interface JsonDiagnostic {
  rule: string;
  severity: Severity;
  path: string;
  message: string;
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
}

interface FileReport {
  /** The path as given on the command line (or as found under a given directory). */
  file: string;
  diagnostics: JsonDiagnostic[];
}

class UsageError extends Error {}

interface Args { format: 'text' | 'json'; config?: string; inputs: string[]; help?: boolean; version?: boolean }

function parseArgs(argv: string[]): Args {
  const args: Args = { format: 'text', inputs: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = (name: string): string => {
      if (a.startsWith(name + '=')) return a.slice(name.length + 1);
      if (i + 1 >= argv.length) throw new UsageError(`${name} needs a value`);
      return argv[++i];
    };
    if (a === '--format' || a.startsWith('--format=')) {
      const f = value('--format');
      if (f !== 'text' && f !== 'json') throw new UsageError(`--format must be text or json, not "${f}"`);
      args.format = f;
    } else if (a === '--config' || a.startsWith('--config=')) {
      args.config = value('--config');
      if (args.config === '') throw new UsageError('--config needs a file name');
    } else if (a === '-h' || a === '--help') {
      args.help = true;
    } else if (a === '--version') {
      args.version = true;
    } else if (a === '--') {
      args.inputs.push(...argv.slice(i + 1));
      break;
    } else if (a.startsWith('-') && a !== '-') {
      throw new UsageError(`unknown option ${a}`);
    } else {
      args.inputs.push(a);
    }
  }
  if (!args.help && !args.version && args.inputs.length === 0) throw new UsageError('no FILE or DIR given');
  return args;
}

const LINTED = /\.(campaign|search)\.json$/i;
const SKIPPED_DIRS = new Set(['node_modules', '.git']);

function reason(e: unknown): string {
  const code = (e as NodeJS.ErrnoException)?.code;
  switch (code) {
    case 'ENOENT': return 'no such file (or a broken link)';
    case 'EACCES': case 'EPERM': return 'permission denied';
    case 'EISDIR': return 'it is a directory';
    case 'ELOOP': return 'too many levels of links';
    default: return code ?? (e instanceof Error ? e.message : String(e));
  }
}

/** Joins a found file onto the directory as the user wrote it, so paths read as given. */
function shownPath(givenDir: string, rel: string): string {
  return givenDir.endsWith('/') || givenDir.endsWith(path.sep) ? givenDir + rel : givenDir + path.sep + rel;
}

/**
 * Where the text stops being UTF-8: the byte offset of the first invalid sequence, or -1.
 * Overlong forms and surrogates are invalid too (RFC 3629).
 */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  const n = bytes.length;
  let i = 0;
  while (i < n) {
    const b = bytes[i];
    if (b < 0x80) { i++; continue; }
    let need: number; let min: number; let cp: number;
    if (b >= 0xc2 && b <= 0xdf) { need = 1; min = 0x80; cp = b & 0x1f; }
    else if (b >= 0xe0 && b <= 0xef) { need = 2; min = 0x800; cp = b & 0x0f; }
    else if (b >= 0xf0 && b <= 0xf4) { need = 3; min = 0x10000; cp = b & 0x07; }
    else return i;
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return i;
      cp = (cp << 6) | (c & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return i;
    i += need + 1;
  }
  return -1;
}

/** The text of a file as the editor would show it (UTF-8, BOM dropped), and a D1 finding when it is not UTF-8. */
export function decode(bytes: Uint8Array): { text: string; encoding?: Finding } {
  const text = new TextDecoder('utf-8').decode(bytes);
  const bad = firstInvalidUtf8(bytes);
  if (bad < 0) return { text };
  const before = new TextDecoder('utf-8').decode(bytes.subarray(0, bad)).length;
  return {
    text,
    encoding: {
      rule: 'D1',
      path: '',
      severity: 'error',
      message: `The file is not valid UTF-8: byte 0x${bytes[bad].toString(16).toUpperCase().padStart(2, '0')} cannot be read here. The service reads JSON as UTF-8: save the file as UTF-8 (it was probably saved as Latin-1 or Windows-1252).`,
      range: { start: before, end: before + 1 },
    },
  };
}

interface Target { shown: string; abs: string }

/** Problems with reading, reported on stderr as they are met; any of them makes the exit status 2. */
class ReadProblems {
  count = 0;
  constructor(private readonly stderr: (s: string) => void) {}
  report(what: string, why: string, hint: string): void {
    this.stderr(`campaign-lint: ${what}: cannot read: ${why}. ${hint}\n`);
    this.count++;
  }
}

/** The files to check, in the order given; a directory's files sorted by name, each file once. */
function collectTargets(inputs: string[], io: CliIO, problems: ReadProblems): Target[] {
  const targets: Target[] = [];
  const seen = new Set<string>();
  const add = (t: Target): void => {
    if (seen.has(t.abs)) return;
    seen.add(t.abs);
    targets.push(t);
  };
  const walk = (dir: string, shown: string, visited: Set<string>): void => {
    let real: string;
    let entries: fs.Dirent[];
    try {
      real = fs.realpathSync(dir);
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch (e) {
      problems.report(shown, reason(e), 'Check the directory\'s permissions.');
      return;
    }
    if (visited.has(real)) return; // a link back up the tree
    visited.add(real);
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const e of entries) {
      const abs = path.join(dir, e.name);
      const shownChild = shownPath(shown, e.name);
      let isDir = e.isDirectory();
      let isFile = e.isFile();
      if (e.isSymbolicLink()) {
        try {
          isDir = fs.statSync(abs).isDirectory();
          isFile = !isDir;
        } catch (err) {
          // A broken link is only our business when it looks like a file we would check.
          if (LINTED.test(e.name)) problems.report(shownChild, reason(err), 'It is a link to nothing: fix or remove it.');
          continue;
        }
      }
      if (isDir) {
        if (!SKIPPED_DIRS.has(e.name)) walk(abs, shownChild, visited);
      } else if (isFile && LINTED.test(e.name)) {
        add({ shown: shownChild, abs });
      }
    }
  };
  for (const input of inputs) {
    const abs = path.resolve(io.cwd, input);
    let stat: fs.Stats;
    try {
      stat = fs.statSync(abs);
    } catch (e) {
      problems.report(input, reason(e), 'Check the path.');
      continue;
    }
    if (stat.isDirectory()) {
      const before = targets.length;
      walk(abs, input, new Set());
      if (targets.length === before) io.stderr(`campaign-lint: ${input}: no *.campaign.json or *.search.json files in it.\n`);
    } else {
      add({ shown: input, abs });
    }
  }
  return targets;
}

/** The settings given with --config: a file that cannot be read is a reason to stop (undefined). */
function loadConfig(config: string, io: CliIO): LoadedSettings | undefined {
  const abs = path.resolve(io.cwd, config);
  let why: string | undefined;
  try {
    if (fs.statSync(abs).isDirectory()) why = 'it is a directory';
  } catch (e) {
    why = reason(e);
  }
  const loaded = why ? undefined : loadCampaignrc(abs);
  why ??= loaded?.readError;
  if (why || !loaded) {
    io.stderr(`campaign-lint: --config ${config}: cannot read: ${why}. Give the path of a ${CAMPAIGNRC}-shaped JSON file.\n`);
    return undefined;
  }
  return loaded;
}

export function run(argv: string[], io: CliIO): number {
  let parsed: Args;
  try {
    parsed = parseArgs(argv);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    io.stderr(`campaign-lint: ${e.message}\n${USAGE}\nRun campaign-lint --help for more.\n`);
    return 2;
  }
  if (parsed.help) { io.stdout(HELP + '\n'); return 0; }
  if (parsed.version) { io.stdout(`campaign-lint ${version}\n`); return 0; }

  // Results under other settings than the ones asked for would mislead: stop here.
  const configSettings = parsed.config === undefined ? undefined : loadConfig(parsed.config, io);
  if (parsed.config !== undefined && !configSettings) return 2;

  const problems = new ReadProblems(io.stderr);
  const targets = collectTargets(parsed.inputs, io, problems);

  // Settings per file: --config, else the nearest settings file; each is read once.
  const nearest = new Map<string, string | undefined>();
  const loaded = new Map<string, LoadedSettings>();
  const settingsFor = (file: string): LoadedSettings | undefined => {
    if (configSettings) return configSettings;
    const dir = path.dirname(file);
    if (!nearest.has(dir)) nearest.set(dir, findCampaignrc(dir));
    const rc = nearest.get(dir);
    if (!rc) return undefined;
    let l = loaded.get(rc);
    if (!l) {
      l = loadCampaignrc(rc);
      loaded.set(rc, l);
      if (l.unreadable) problems.report(`settings file ${path.relative(io.cwd, rc) || rc}`, l.readError ?? 'unknown reason', 'The files it governs are checked with unknown settings.');
    }
    return l;
  };

  // A fetched file's base snapshot (`.campaigns/base/<id>.json`, found as the editor finds it)
  // gives the update rules their remote state. One that cannot be used is reported once, like an
  // unreadable settings file: CI must not pass because a check silently did not run.
  const badBases = new Set<string>();
  let linting: Target | undefined;
  const service = new LanguageService({
    cacheSize: 1,
    baseSnapshots: new BaseSnapshotStore(),
    onBaseProblem: p => {
      if (badBases.has(p.file)) return;
      badBases.add(p.file);
      const shownBase = linting && path.isAbsolute(linting.shown) ? p.file : path.relative(io.cwd, p.file) || p.file;
      problems.report(`base snapshot ${shownBase}`, p.reason, `The update rules (P1–P5) are not checked for ${linting?.shown ?? 'the files it belongs to'}: fetch the campaign again to rebuild it, or remove it.`);
    },
  });
  const reports: FileReport[] = [];
  const reported = new Set<string>();
  const toJson = (d: CampaignDiagnostic): JsonDiagnostic => ({
    rule: d.code, severity: SEVERITY_NAME[d.severity - 1], path: d.data.path, message: d.message, range: d.range,
  });
  const lint = (t: Target, s: LoadedSettings | undefined): void => {
    if (reported.has(t.abs)) return;
    reported.add(t.abs);
    let bytes: Buffer;
    try {
      bytes = fs.readFileSync(t.abs);
    } catch (e) {
      problems.report(t.shown, reason(e), 'Check its permissions.');
      return;
    }
    const { text, encoding } = decode(bytes);
    const doc = { uri: pathToFileURL(t.abs).href, version: 1, getText: () => text };
    linting = t;
    const findings = service.findings(doc, documentSettings(s));
    if (encoding) findings.push(encoding);
    reports.push({ file: t.shown, diagnostics: toDiagnostics(service.parsed(doc), findings).map(toJson) });
    service.cache.delete(doc.uri);
  };
  // A settings file with problems is reported once, as an entry of its own, before the first
  // file it governs: a broken configuration is never silently ignored. Its problems are the ones
  // read with it (whatever the file is called, it is read as settings).
  const reportSettingsFile = (s: LoadedSettings | undefined, shownLike: Target): void => {
    if (!s?.file || !s.parsed || !s.problems.length || reported.has(s.file)) return;
    reported.add(s.file);
    let shown: string;
    if (s === configSettings) shown = parsed.config!;
    else if (path.isAbsolute(shownLike.shown)) shown = s.file;
    else shown = path.relative(io.cwd, s.file) || CAMPAIGNRC;
    reports.push({ file: shown, diagnostics: toDiagnostics(s.parsed, s.problems).map(toJson) });
  };
  for (const t of targets) {
    const s = path.basename(t.abs).toLowerCase() === CAMPAIGNRC ? undefined : settingsFor(t.abs);
    reportSettingsFile(s, t);
    lint(t, s);
  }

  if (parsed.format === 'json') io.stdout(JSON.stringify(reports, null, 2) + '\n');
  else io.stdout(formatText(reports, io.isTTY && !io.env?.NO_COLOR));
  if (problems.count > 0) return 2;
  return reports.some(r => r.diagnostics.some(d => d.severity === 'error')) ? 1 : 0;
}

const COLOURS: Record<Severity, number> = { error: 31, warning: 33, information: 36, hint: 90 };

/** `file:line:col severity rule message` (1-based line and column, as terminals and editors jump to them), then a summary. */
function formatText(reports: FileReport[], colour: boolean): string {
  const paint = (code: number, s: string): string => (colour ? `\x1b[${code}m${s}\x1b[0m` : s);
  const counts: Record<Severity, number> = { error: 0, warning: 0, information: 0, hint: 0 };
  const lines: string[] = [];
  for (const r of reports) {
    for (const d of r.diagnostics) {
      counts[d.severity]++;
      const where = `${r.file}:${d.range.start.line + 1}:${d.range.start.character + 1}`;
      lines.push(`${where} ${paint(COLOURS[d.severity], d.severity)} ${paint(1, d.rule)} ${d.message.replace(/\s*\n\s*/g, ' ')}`);
    }
  }
  const plural = (n: number, word: string, many = word + 's'): string => `${n} ${n === 1 ? word : many}`;
  const summary = `${plural(reports.length, 'file')} checked: ${plural(counts.error, 'error')}, ${plural(counts.warning, 'warning')}, `
    + `${counts.information} information, ${plural(counts.hint, 'hint')}.`;
  lines.push(counts.error ? paint(31, summary) : summary);
  return lines.join('\n') + '\n';
}

/** `campaign lint` and `campaign-lint`. */
export async function runLint(argv: string[], io: CliIO): Promise<number> {
  return run(argv, io);
}
