import * as fs from 'fs';
import * as path from 'path';
import { parse } from './service/parse';
import { kindOf, validate } from './service/validate';
import { toDiagnostics } from './service/diagnostics';
import { brokenSettingsFinding, findCampaignrc, loadCampaignrc, LoadedSettings } from './service/settings';
import { Finding } from './service/types';

/**
 * campaign-lint [--format text|json] [--config FILE] FILE|DIR...
 * Runs exactly the rules the editor runs (the same modules), for CI.
 */

const USAGE = 'usage: campaign-lint [--format text|json] [--config FILE] FILE|DIR...';
const SEVERITY = ['error', 'warning', 'information', 'hint'] as const;

export interface CliIO {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  isTTY: boolean;
  cwd: string;
}

class UsageError extends Error {}

interface Args { format: 'text' | 'json'; config?: string; inputs: string[] }

function parseArgs(argv: string[]): Args {
  const args: Args = { format: 'text', inputs: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = (name: string): string => {
      const eq = a.indexOf('=');
      if (eq >= 0) return a.slice(eq + 1);
      if (i + 1 >= argv.length) throw new UsageError(`${name} needs a value`);
      return argv[++i];
    };
    if (a === '--format' || a.startsWith('--format=')) {
      const f = value('--format');
      if (f !== 'text' && f !== 'json') throw new UsageError(`--format must be text or json, not "${f}"`);
      args.format = f;
    } else if (a === '--config' || a.startsWith('--config=')) {
      args.config = value('--config');
    } else if (a === '-h' || a === '--help') {
      throw new UsageError('');
    } else if (a === '--') {
      args.inputs.push(...argv.slice(i + 1));
      break;
    } else if (a.startsWith('-') && a !== '-') {
      throw new UsageError(`unknown option ${a}`);
    } else {
      args.inputs.push(a);
    }
  }
  if (args.inputs.length === 0) throw new UsageError('no FILE or DIR given');
  return args;
}

function walkDir(dir: string, out: string[]): void {
  const entries = fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
  for (const e of entries) {
    if (e.name === 'node_modules' || e.name === '.git') continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walkDir(p, out);
    else if (e.isFile() && (e.name.endsWith('.campaign.json') || e.name.endsWith('.search.json'))) out.push(p);
  }
}

export interface FileReport {
  file: string;
  diagnostics: Array<{ rule: string; severity: typeof SEVERITY[number]; path: string; message: string; range: { start: { line: number; character: number }; end: { line: number; character: number } } }>;
}

export function lintText(text: string, fileName: string, loaded: LoadedSettings | undefined): FileReport['diagnostics'] {
  const parsed = parse(text);
  const findings: Finding[] = validate(parsed, { kind: kindOf(fileName), settings: loaded?.settings ?? { features: {} } });
  if (loaded && kindOf(fileName) !== 'campaignrc') {
    const f = brokenSettingsFinding(loaded, fileName);
    if (f) findings.push(f);
  }
  return toDiagnostics(parsed, findings).map(d => ({
    rule: d.code, severity: SEVERITY[d.severity - 1], path: d.data.path, message: d.message, range: d.range,
  }));
}

export function run(argv: string[], io: CliIO): number {
  let args: Args;
  try {
    args = parseArgs(argv);
  } catch (e) {
    if (e instanceof UsageError) {
      if (e.message) io.stderr(`campaign-lint: ${e.message}\n`);
      io.stderr(USAGE + '\n');
      return e.message ? 2 : 0;
    }
    throw e;
  }
  const files: Array<{ given: string; abs: string }> = [];
  let unreadable = false;
  for (const input of args.inputs) {
    const abs = path.resolve(io.cwd, input);
    let stat: fs.Stats;
    try {
      stat = fs.statSync(abs);
    } catch (e) {
      io.stderr(`campaign-lint: ${input}: cannot read (${(e as NodeJS.ErrnoException).code ?? e}): check the path.\n`);
      unreadable = true;
      continue;
    }
    if (stat.isDirectory()) {
      const found: string[] = [];
      try { walkDir(abs, found); } catch (e) {
        io.stderr(`campaign-lint: ${input}: cannot list (${(e as NodeJS.ErrnoException).code ?? e}).\n`);
        unreadable = true;
        continue;
      }
      for (const f of found) files.push({ given: path.join(input, path.relative(abs, f)), abs: f });
    } else {
      files.push({ given: input, abs });
    }
  }

  let configSettings: LoadedSettings | undefined;
  if (args.config) {
    const abs = path.resolve(io.cwd, args.config);
    if (!fs.existsSync(abs)) {
      io.stderr(`campaign-lint: --config ${args.config}: no such file.\n`);
      return 2;
    }
    configSettings = loadCampaignrc(abs);
  }
  const rcCache = new Map<string, LoadedSettings | undefined>();
  const settingsFor = (file: string): LoadedSettings | undefined => {
    if (configSettings) return configSettings;
    const rc = findCampaignrc(path.dirname(file));
    if (!rc) return undefined;
    if (!rcCache.has(rc)) rcCache.set(rc, loadCampaignrc(rc));
    return rcCache.get(rc);
  };

  const reports: FileReport[] = [];
  for (const f of files) {
    let text: string;
    try {
      text = fs.readFileSync(f.abs, 'utf8');
    } catch (e) {
      io.stderr(`campaign-lint: ${f.given}: cannot read (${(e as NodeJS.ErrnoException).code ?? e}): check its permissions.\n`);
      unreadable = true;
      continue;
    }
    reports.push({ file: f.given, diagnostics: lintText(text, f.abs, settingsFor(f.abs)) });
  }
  // A broken --config is an error of its own, reported like a file.
  if (configSettings?.problems.length) {
    const text = fs.readFileSync(path.resolve(io.cwd, args.config!), 'utf8');
    reports.unshift({ file: args.config!, diagnostics: lintText(text, path.resolve(io.cwd, args.config!), undefined) });
  }

  const errors = reports.reduce((n, r) => n + r.diagnostics.filter(d => d.severity === 'error').length, 0);
  const warnings = reports.reduce((n, r) => n + r.diagnostics.filter(d => d.severity === 'warning').length, 0);
  if (args.format === 'json') {
    io.stdout(JSON.stringify(reports, null, 2) + '\n');
  } else {
    const color = io.isTTY;
    const paint = (code: number, s: string): string => (color ? `\x1b[${code}m${s}\x1b[0m` : s);
    const sevColor = { error: 31, warning: 33, information: 36, hint: 90 };
    for (const r of reports) {
      for (const d of r.diagnostics) {
        io.stdout(`${r.file}:${d.range.start.line + 1}:${d.range.start.character + 1} ${paint(sevColor[d.severity], d.severity)} ${paint(1, d.rule)} ${d.message}\n`);
      }
    }
    const problems = reports.reduce((n, r) => n + r.diagnostics.length, 0);
    io.stdout(`${reports.length} file${reports.length === 1 ? '' : 's'} checked: ${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}, ${problems - errors - warnings} other.\n`);
  }
  if (unreadable) return 2;
  return errors > 0 ? 1 : 0;
}

if (require.main === module) {
  const code = run(process.argv.slice(2), {
    stdout: s => process.stdout.write(s),
    stderr: s => process.stderr.write(s),
    isTTY: !!process.stdout.isTTY,
    cwd: process.cwd(),
  });
  process.exitCode = code;
}
