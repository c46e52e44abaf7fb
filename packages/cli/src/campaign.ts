import { version } from '../../../package.json';
import { CliError, CliIO } from './io';
import { runLint } from './lint';
import { startCli } from './process';

/**
 * `campaign`: one binary for campaigns as code. Each subcommand parses its own arguments and
 * returns its exit status.
 */

type Subcommand = (argv: string[], io: CliIO) => Promise<number>;

const SUBCOMMANDS: Record<string, { run: Subcommand; summary: string }> = {
  lint: { run: (argv, io) => runLint(argv, io, 'campaign lint'), summary: 'check campaign files with the editor\'s rules' },
};

function help(): string {
  const width = Math.max(...Object.keys(SUBCOMMANDS).map(k => k.length));
  const lines = Object.entries(SUBCOMMANDS).map(([name, s]) => `  ${name.padEnd(width)}  ${s.summary}`);
  return `usage: campaign <command> [options]

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
  if (!sub) throw new CliError(`unknown command "${first}". Commands: ${Object.keys(SUBCOMMANDS).join(', ')}. Run campaign --help for more.`, 2);
  return sub.run(rest, io);
}

if (require.main === module) startCli('campaign', campaign);
