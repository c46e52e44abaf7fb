import * as readline from 'readline';
import * as l10n from '@vscode/l10n';
import { loadL10nBundle } from '@campaign-studio/core';
import { CliError, CliIO } from './io';

/**
 * Runs a bin: its IO from `process`, its exit status from the command, a closed pipe
 * (`campaign … | head`) taken as the end it is, and a problem nobody foresaw said in one line
 * (the stack only with `CAMPAIGN_DEBUG=1`).
 */
export function startCli(name: string, command: (argv: string[], io: CliIO) => Promise<number>): void {
  const bundleProblem = loadL10nBundle(process.env);
  if (bundleProblem) process.stderr.write(`${name}: ${bundleProblem}\n`);
  process.stdout.on('error', e => {
    if ((e as NodeJS.ErrnoException).code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw e;
  });
  command(process.argv.slice(2), processIO()).then(
    code => { process.exitCode = code; },
    (e: unknown) => {
      if (e instanceof CliError) {
        process.stderr.write(`${name}: ${e.message}\n`);
        process.exitCode = e.exitCode;
        return;
      }
      const detail = process.env.CAMPAIGN_DEBUG ? (e instanceof Error ? e.stack : String(e)) : (e instanceof Error ? e.message : String(e));
      process.stderr.write(`${name}: ${l10n.t`internal error, please report it: ${detail ?? ''}`}${process.env.CAMPAIGN_DEBUG ? '' : l10n.t(' (set CAMPAIGN_DEBUG=1 for the details)')}\n`);
      process.exitCode = 2;
    },
  );
}

function processIO(): CliIO {
  return {
    stdout: s => process.stdout.write(s),
    stderr: s => process.stderr.write(s),
    isTTY: !!process.stdout.isTTY,
    cwd: process.cwd(),
    env: process.env,
    readStdin: async () => {
      const chunks: Buffer[] = [];
      for await (const c of process.stdin) chunks.push(c as Buffer);
      return Buffer.concat(chunks);
    },
    ask: process.stdin.isTTY ? askOnTerminal : undefined,
  };
}

async function askOnTerminal(question: string): Promise<string> {
  const rl = readline.createInterface({ input: process.stdin, output: process.stderr });
  try {
    return await new Promise<string>(resolve => rl.question(question, resolve));
  } finally {
    rl.close();
  }
}
