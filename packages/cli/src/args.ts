import * as l10n from '@vscode/l10n';
import { parseArgs } from 'util';
import { CliError, CliIO } from './io';

/**
 * Each subcommand's arguments, read by `node:util`'s parseArgs (strict: an unknown option is an
 * error, never ignored), with `--help` everywhere.
 */

export type OptionSpec = Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: boolean }>;

export interface ParsedCommand {
  values: Record<string, string | boolean | string[] | undefined>;
  positionals: string[];
}

export function parseCommand(command: string, argv: string[], options: OptionSpec, usageExit: number): ParsedCommand {
  try {
    const r = parseArgs({
      args: argv,
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
    return { values: r.values as ParsedCommand['values'], positionals: r.positionals };
  } catch (e) {
    throw new CliError(l10n.t`${parseArgsProblem(e)}. Run campaign ${command} --help for the options.`, usageExit);
  }
}

/** The option a parseArgs error is about, by its long name (`'-h, --help'` → `--help`). */
function optionIn(message: string): string {
  const quoted = /'([^']*)'/.exec(message)?.[1] ?? '';
  return (
    quoted
      .split(/[ ,]+/)
      .filter(s => s.startsWith('-'))
      .pop() ?? quoted
  );
}

/** A parseArgs error in a few words: `unknown option --x`, `--out needs a value`. */
export function parseArgsProblem(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  const message = e instanceof Error ? e.message : String(e);
  const option = optionIn(message);
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `unknown option ${option}`;
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    if (/does not take an argument/.test(message)) return `${option} takes no value`;
    if (/ambiguous/.test(message)) return `${option} needs a value (for one that starts with -, write ${option}=VALUE)`;
    return `${option} needs a value`;
  }
  return message.split('\n')[0];
}

export function stringOption(values: ParsedCommand['values'], name: string): string | undefined {
  const v = values[name];
  return typeof v === 'string' ? v : undefined;
}

/** `--format text|json`: text unless asked. */
export function formatOption(values: ParsedCommand['values'], command: string, usageExit: number): 'text' | 'json' {
  const f = stringOption(values, 'format') ?? 'text';
  if (f !== 'text' && f !== 'json')
    throw new CliError(l10n.t`--format must be text or json, not "${f}". Run campaign ${command} --help for the options.`, usageExit);
  return f;
}

export function writeJson(io: CliIO, value: unknown): void {
  io.stdout(`${JSON.stringify(value, null, 2)}\n`);
}

/**
 * A sync subcommand's arguments with its `--format`, or undefined when `--help` was asked (then
 * its text is printed). Usage errors exit 1: these commands keep 2 for "changes pending".
 */
export function commandArgs(
  command: string,
  argv: string[],
  options: OptionSpec,
  help: string,
  io: CliIO,
): (ParsedCommand & { format: 'text' | 'json' }) | undefined {
  const parsed = parseCommand(command, argv, { ...options, format: { type: 'string' } }, 1);
  if (parsed.values.help) {
    io.stdout(`${l10n.t(help)}\n`);
    return undefined;
  }
  return { ...parsed, format: formatOption(parsed.values, command, 1) };
}
