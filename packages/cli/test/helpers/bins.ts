import * as fs from 'fs';
import * as path from 'path';
import { spawnSync } from 'child_process';

/**
 * The built bins as CI runs them: `campaign lint` (dist/campaign.js) and its alias `campaign-lint`
 * (dist/cli.js), each in a folder of files the test writes.
 */

const DIST = path.resolve(__dirname, '../../../../dist');

export const BINS = {
  'campaign lint': [path.join(DIST, 'campaign.js'), 'lint'],
  'campaign-lint': [path.join(DIST, 'cli.js')],
} as const;

export type Bin = keyof typeof BINS;

export interface Result {
  status: number | null;
  stdout: string;
  stderr: string;
}

export interface JsonEntry {
  file: string;
  diagnostics: Array<{
    rule: string;
    severity: string;
    path: string;
    message: string;
    range: { start: { line: number; character: number }; end: { line: number; character: number } };
  }>;
}

/** Runs a bin in `cwd` with `args`, `input` on its stdin, never on a terminal (so no colour). */
export function run(cwd: string, args: string[], options: { bin?: Bin; input?: string | Uint8Array } = {}): Result {
  const r = spawnSync(process.execPath, [...BINS[options.bin ?? 'campaign-lint'], ...args], {
    cwd,
    encoding: 'utf8',
    input: options.input ?? '',
    env: { ...process.env, NO_COLOR: '' },
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

export function lint(cwd: string, ...args: string[]): Result {
  return run(cwd, args);
}

/** `--format json`'s output, parsed; a run that printed something else fails with what it printed. */
export function json(cwd: string, ...args: string[]): { status: number | null; out: JsonEntry[]; stderr: string } {
  const r = lint(cwd, '--format', 'json', ...args);
  let out: JsonEntry[];
  try {
    out = JSON.parse(r.stdout) as JsonEntry[];
  } catch {
    throw new Error(`not JSON (exit ${r.status}): ${r.stdout.slice(0, 300)} / ${r.stderr}`);
  }
  return { status: r.status, out, stderr: r.stderr };
}

/** Writes files under `root`: strings as they are, anything else as pretty JSON. */
export function write(root: string, files: Record<string, string | Uint8Array | object>): void {
  for (const [name, content] of Object.entries(files)) {
    const p = path.join(root, name);
    fs.mkdirSync(path.dirname(p), { recursive: true });
    fs.writeFileSync(p, typeof content === 'string' || content instanceof Uint8Array ? content : JSON.stringify(content, null, 2));
  }
}
