import * as l10n from '@vscode/l10n';
import { version } from '../../../package.json';
import { CliError, CliIO } from './io';
import { runDiff } from './commands/diff';
import { runPlan } from './commands/plan';
import { runPromote } from './commands/promote';
import { runPull } from './commands/pull';
import { runPush } from './commands/push';
import { runResolve } from './commands/resolve';
import { runShow } from './commands/show';
import { runStatus } from './commands/status';
import { runLint } from './lint';
import { startCli } from './process';

/**
 * `campaign`: one binary for campaigns as code. Each subcommand parses its own arguments and
 * returns its exit status.
 */

type Subcommand = (argv: string[], io: CliIO) => Promise<number>;

const SUBCOMMANDS: Record<string, { run: Subcommand; summary: string }> = {
  pull: { run: runPull, summary: 'write campaigns from the service into files, merging local edits' },
  status: { run: runStatus, summary: 'where each file stands: unchanged, modified, behind, diverged…' },
  diff: { run: runDiff, summary: 'what changed since the pull, field by field, on each side' },
  plan: { run: runPlan, summary: 'what a push would send, checked, without sending (exit 2: changes pending)' },
  push: { run: runPush, summary: "send the changes (or a saved plan), never overwriting anyone's edit" },
  resolve: { run: runResolve, summary: "decide fields changed on both sides: --theirs, --ours, or the file's value as you edited it" },
  promote: {
    run: runPromote,
    summary: 'write campaigns into another environment (staging → production), linked and merged',
  },
  lint: { run: (argv, io) => runLint(argv, io, 'campaign lint'), summary: "check campaign files with the editor's rules" },
  show: { run: runShow, summary: 'what a campaign does: its next sends, audience, trigger and limits, in words' },
};

function help(): string {
  const width = Math.max(...Object.keys(SUBCOMMANDS).map(k => k.length));
  const lines = Object.entries(SUBCOMMANDS).map(([name, s]) => `  ${name.padEnd(width)}  ${l10n.t(s.summary)}`);
  return l10n.t`usage: campaign <command> [options]

Campaigns as code for the Campaign Management Service (V5).

commands:
${lines.join('\n')}

Run campaign <command> --help for a command's options. campaign --version prints the version.`;
}

export async function campaign(argv: string[], io: CliIO): Promise<number> {
  const [first, ...rest] = argv;
  if (first === '--version' || first === '-v') {
    io.stdout(`campaign ${version}\n`);
    return 0;
  }
  if (first === undefined) {
    io.stderr(help() + '\n');
    return 2;
  }
  if (first === '--help' || first === '-h' || first === 'help') {
    io.stdout(help() + '\n');
    return 0;
  }
  const sub = SUBCOMMANDS[first];
  if (!sub) {
    io.stderr(
      `campaign: ${l10n.t`unknown command "${first}". Commands: ${Object.keys(SUBCOMMANDS).join(', ')}. Run campaign --help for more.`}\n`,
    );
    return 2;
  }
  return reportingProblems(`campaign ${first}`, io, () => sub.run(rest, io));
}

/** A problem the command foresaw ends it with its one-line message and exit status. */
async function reportingProblems(name: string, io: CliIO, run: () => Promise<number>): Promise<number> {
  try {
    return await run();
  } catch (e) {
    if (!(e instanceof CliError)) throw e;
    io.stderr(`${name}: ${e.message}\n`);
    return e.exitCode;
  }
}

if (require.main === module) startCli('campaign', campaign);
