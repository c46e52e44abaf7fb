import { version } from '../../../../package.json';
import { CliIO, useColour } from '../io';
import { help, LintArgs, parseLintArgs, usage, UsageError } from './args';
import { Checker } from './check';
import { FileChecker } from './fileCheck';
import { FORMATS } from './formats';
import { Problems } from '../workspace/problems';
import { countBySeverity, fails, FileReport } from './report';
import { loadConfig, SettingsLookup } from '../workspace/settings';
import { LINTED, TargetCollector } from '../workspace/targets';

/**
 * `campaign lint` and its alias `campaign-lint`: exactly the rules the editor runs, through the
 * same language service, for scripts and CI. Exit status: 0 nothing fails, 1 a diagnostic at or
 * above --fail-severity or too many warnings, 2 a usage error or an input that could not be read.
 */

/** Whether the run fails on its diagnostics; too many warnings are said on stderr. */
function failed(reports: FileReport[], args: LintArgs, problems: Problems): boolean {
  const atOrAbove = reports.some(r => r.diagnostics.some(d => fails(d.severity, args.failSeverity)));
  const warnings = countBySeverity(reports).warning;
  if (args.maxWarnings === undefined || warnings <= args.maxWarnings) return atOrAbove;
  problems.say(`${warnings} warnings, more than --max-warnings ${args.maxWarnings} allows.`);
  return true;
}

async function lint(args: LintArgs, io: CliIO, program: string): Promise<number> {
  const problems = Problems.onStderr(io.stderr, program);
  if (args.inputs.includes('-') && !io.readStdin) {
    problems.say('- reads stdin, and there is no stdin here.');
    return 2;
  }
  // Results under other settings than the ones asked for would mislead: stop here.
  const config = args.config === undefined ? undefined : loadConfig(args.config, io.cwd, problems);
  if (args.config !== undefined && !config) return 2;
  const collector = new TargetCollector(io.cwd, problems, LINTED, args.stdinFilename);
  for (const input of args.inputs) await collector.add(input);
  const settings = new SettingsLookup(io.cwd, problems, config);
  const reports = await new Checker(io, problems, settings, new FileChecker(), args.config).run(collector.targets);
  const format = FORMATS[args.format];
  io.stdout(format(reports, { colour: useColour(io), failSeverity: args.failSeverity, version, cwd: io.cwd }));
  const fail = failed(reports, args, problems);
  if (problems.count > 0) return 2;
  return fail ? 1 : 0;
}

/** `campaign lint` (`program` names the command in messages: `campaign-lint` for the alias). */
export async function runLint(argv: string[], io: CliIO, program = 'campaign lint'): Promise<number> {
  let args: LintArgs;
  try {
    args = parseLintArgs(argv);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    io.stderr(`${program}: ${e.message}\n${usage(program)}\nRun ${program} --help for more.\n`);
    return 2;
  }
  if (args.help) {
    io.stdout(help(program) + '\n');
    return 0;
  }
  if (args.version) {
    io.stdout(`${program} ${version}\n`);
    return 0;
  }
  return lint(args, io, program);
}
