import * as l10n from '@vscode/l10n';
import { parseArgs, ParseArgsConfig } from 'util';
import { Severity, SETTINGS_FILE_NAME } from '@campaign-studio/core';
import { Format, FORMATS, isFormat } from './formats';
import { parseArgsProblem } from '../args';

/**
 * `campaign lint` / `campaign-lint` arguments, read by `node:util` parseArgs; a mistake in them is
 * a `UsageError`, said in one line with the usage.
 */

export class UsageError extends Error {}

export interface LintArgs {
  format: Format;
  config?: string;
  /** The least severe diagnostic that fails the run. */
  failSeverity: Severity;
  /** More warnings than this fail the run. */
  maxWarnings?: number;
  /** The name of the document read from `-`. */
  stdinFilename?: string;
  inputs: string[];
  help: boolean;
  version: boolean;
}

const FAIL_SEVERITIES: Record<string, Severity> = { error: 'error', warning: 'warning', info: 'information' };

const OPTIONS = {
  format: { type: 'string' },
  config: { type: 'string' },
  'fail-severity': { type: 'string' },
  'max-warnings': { type: 'string' },
  'stdin-filename': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' },
} as const satisfies ParseArgsConfig['options'];

const FORMAT_LIST = Object.keys(FORMATS).join('|');

export function usage(program: string): string {
  return `usage: ${program} [--format ${FORMAT_LIST}] [--config FILE] [--fail-severity error|warning|info] [--max-warnings N] [--stdin-filename NAME] FILE|DIR|GLOB|-...`;
}

export function help(program: string): string {
  return l10n.t`${usage(program)}

Checks campaign documents (*.campaign.json) and search request bodies (*.search.json) with the
rules of the Campaign Studio editor extension.

  FILE|DIR|GLOB|-         what to check: a file; a directory, meaning its *.campaign.json and
                          *.search.json, recursively; a glob such as 'campaigns/**/*.campaign.json'
                          (quoted, so the shell leaves it), the files it matches; - one document
                          read from stdin. Directories and globs skip node_modules, .git and what
                          the .gitignore files ignore; a file named as such is always checked
  --format text           one line per diagnostic, file:line:col severity rule message (1-based
                          line and column), then a summary (the default)
  --format json           [{ "file", "diagnostics": [{ "rule", "severity", "path", "message", "range" }] }]
                          with 0-based lines and characters, as in LSP
  --format sarif          SARIF 2.1.0, for GitHub code scanning and other SARIF viewers
  --format junit          JUnit XML: one test suite per file, a failure per failing diagnostic
  --format github         GitHub Actions annotations (workflow commands)
  --config FILE           workspace settings to use for every file, instead of the ${SETTINGS_FILE_NAME}
                          nearest to each file
  --fail-severity LEVEL   error (the default), warning or info: the least severe diagnostic that
                          makes the exit status 1
  --max-warnings N        exit status 1 also when there are more than N warnings
  --stdin-filename NAME   the name of the document read from -: its settings and base snapshot are
                          found as for a file of that name, and the output names it so
                          (<stdin> without it)
  --version               prints the version
  -h, --help              prints this help

Exit status: 0 when nothing fails; 1 when a diagnostic at or above --fail-severity is found or
there are more warnings than --max-warnings; 2 for a usage error, or an input that could not be
read (a missing or unreadable file, a directory without campaign files, a glob that matches
nothing, an unreadable settings file).`;
}

/** parseArgs' errors, said as this command's one-line usage errors. */
function usageError(e: unknown): UsageError {
  return new UsageError(parseArgsProblem(e));
}

function formatOf(value: string | undefined): Format {
  if (value === undefined) return 'text';
  if (!isFormat(value))
    throw new UsageError(
      l10n.t`--format must be ${Object.keys(FORMATS)
        .join(', ')
        .replace(/, (\w+)$/, ' or $1')}, not "${value}"`,
    );
  return value;
}

function failSeverityOf(value: string | undefined): Severity {
  if (value === undefined) return 'error';
  const severity = FAIL_SEVERITIES[value];
  if (!severity) throw new UsageError(l10n.t`--fail-severity must be error, warning or info, not "${value}"`);
  return severity;
}

function maxWarningsOf(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new UsageError(l10n.t`--max-warnings must be a whole number (0 or more), not "${value}"`);
  return Number(value);
}

function nonEmpty(name: string, value: string | undefined, what: string): string | undefined {
  if (value === '') throw new UsageError(l10n.t`${name} needs ${what}`);
  return value;
}

export function parseLintArgs(argv: string[]): LintArgs {
  let parsed: ReturnType<typeof parseArgs<{ args: string[]; options: typeof OPTIONS; allowPositionals: true; strict: true }>>;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (e) {
    throw usageError(e);
  }
  const { values, positionals } = parsed;
  const args: LintArgs = {
    format: formatOf(values.format),
    config: nonEmpty('--config', values.config, 'a file name'),
    failSeverity: failSeverityOf(values['fail-severity']),
    maxWarnings: maxWarningsOf(values['max-warnings']),
    stdinFilename: nonEmpty('--stdin-filename', values['stdin-filename'], 'a file name'),
    inputs: positionals,
    help: !!values.help,
    version: !!values.version,
  };
  if (args.help || args.version) return args;
  if (args.inputs.length === 0) throw new UsageError(l10n.t('no FILE, DIR or GLOB given (- reads stdin)'));
  if (args.stdinFilename !== undefined && !args.inputs.includes('-'))
    throw new UsageError(l10n.t('--stdin-filename names the document read from -, and no - is given'));
  return args;
}
