import * as readline from 'readline';
import * as l10n from '@vscode/l10n';
import { loadL10nBundle } from '@campaign-studio/core';
import { CliError, CliIO, forTerminal, INTERNAL_ERROR_EXIT, readAtMost, useColour } from './io';

/**
 * Runs a bin: its IO from `process`, its exit status from the command, a closed pipe
 * (`campaign … | head`) taken as the end it is, and a problem nobody foresaw said in one line
 * (the stack only with `CAMPAIGN_DEBUG=1`) with an exit status of its own, wherever it was thrown:
 * Node's own status for an uncaught exception, 1, means "refused" to a CI job.
 */
export function startCli(name: string, command: (argv: string[], io: CliIO) => Promise<number>): void {
  const bundleProblem = loadL10nBundle(process.env);
  if (bundleProblem) writeError(`${name}: ${bundleProblem}\n`);
  process.on('uncaughtException', e => {
    writeError(internalErrorLine(name, e));
    process.exit(INTERNAL_ERROR_EXIT);
  });
  process.stdout.on('error', e => {
    if ((e as NodeJS.ErrnoException).code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw e;
  });
  command(process.argv.slice(2), processIO()).then(
    code => {
      process.exitCode = code;
    },
    (e: unknown) => {
      const foreseen = e instanceof CliError;
      writeError(foreseen ? `${name}: ${e.message}\n` : internalErrorLine(name, e));
      process.exitCode = foreseen ? e.exitCode : INTERNAL_ERROR_EXIT;
    },
  );
}

function internalErrorLine(name: string, e: unknown): string {
  const debug = !!process.env.CAMPAIGN_DEBUG;
  const detail = debug && e instanceof Error ? e.stack : e instanceof Error ? e.message : String(e);
  return `${name}: ${l10n.t`internal error, please report it: ${detail ?? ''}`}${debug ? '' : l10n.t(' (set CAMPAIGN_DEBUG=1 for the details)')}\n`;
}

/** Every line on stderr goes through here (never coloured). */
function writeError(s: string): void {
  process.stderr.write(forTerminal(s, false));
}

function processIO(): CliIO {
  const io: CliIO = {
    stdout: s => process.stdout.write(forTerminal(s, useColour(io))),
    stderr: writeError,
    isTTY: !!process.stdout.isTTY,
    cwd: process.cwd(),
    env: process.env,
    readStdin: limit => readAtMost(process.stdin, limit),
    ask: process.stdin.isTTY ? askOnTerminal : undefined,
    stderrTerminal: process.stderr.isTTY ? process.stderr : undefined,
  };
  return io;
}

async function askOnTerminal(question: string): Promise<string> {
  const rl = readline.createInterface({ input: process.stdin, output: process.stderr });
  try {
    return await new Promise<string>(resolve => rl.question(forTerminal(question, false), resolve));
  } finally {
    rl.close();
  }
}
