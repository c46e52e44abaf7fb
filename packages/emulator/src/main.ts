import { ADMIN_TOKEN_ENV, ADMIN_TOKEN_HEADER } from './access';
import { FAULT_NAMES, FaultSpecError, parseFaultSpec } from './faults';
import { startEmulator } from './server';
import { DataFileError } from './store';

/**
 * `npm run emulator -- [--port N] [--data FILE] [--faults SPEC] [--no-seed] [--verbose]`
 *
 * When ready, prints exactly one line of JSON on stdout:
 *   { "url": "http://127.0.0.1:N", "workspaces": [ { "id", "apiKey", "features": { … } }, … ], "adminToken": "…" }
 * and serves until SIGINT or SIGTERM. The admin token is new on every start, unless the
 * environment fixes it (a supervised restart does, to keep the one it handed out). Everything
 * else (the request log with --verbose, problems) goes to stderr.
 */

/** `text` broken between words into lines of at most `width` characters, each starting with `indent`. */
function wrapped(text: string, indent: string, width: number): string {
  const lines = [indent];
  for (const word of text.split(' ')) {
    const line = lines[lines.length - 1];
    if (line === indent) lines[lines.length - 1] += word;
    else if (line.length + 1 + word.length <= width) lines[lines.length - 1] += ` ${word}`;
    else lines.push(indent + word);
  }
  return lines.join('\n');
}

const USAGE = `usage: npm run emulator -- [--port N] [--data FILE] [--faults SPEC] [--no-seed] [--verbose]

  --port N       port on 127.0.0.1 (0, the default, picks a free one)
  --data FILE    keep the state in FILE across restarts (created with the seed data when missing)
  --faults SPEC  inject faults, e.g. "latency=50-200,error-rate=0.1,fail=PATCH:/v5/campaigns/*"
${wrapped(`(${FAULT_NAMES.join(', ')})`, ' '.repeat(17), 90)}
  --no-seed      start with the workspaces and no campaigns
  --verbose      log each request to stderr

${wrapped(`The admin endpoints (/__admin) want the ready line's "adminToken" in the ${ADMIN_TOKEN_HEADER} header. Set ${ADMIN_TOKEN_ENV} to fix it (16 to 256 visible ASCII characters); otherwise each start makes a new one.`, '', 90)}`;

interface Args {
  port: number;
  data?: string;
  faults?: string;
  seed: boolean;
  verbose: boolean;
}

class UsageError extends Error {}

function parseArgs(argv: string[]): Args | 'help' {
  const args: Args = { port: 0, seed: true, verbose: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const eq = a.indexOf('=');
    const name = a.startsWith('--') && eq > 0 ? a.slice(0, eq) : a;
    const inline = a.startsWith('--') && eq > 0 ? a.slice(eq + 1) : undefined;
    const value = (): string => {
      if (inline !== undefined) return inline;
      const v = argv[++i];
      if (v === undefined || v.startsWith('--')) throw new UsageError(`${name} needs a value.`);
      return v;
    };
    switch (name) {
      case '--port': {
        const v = value();
        const n = Number(v);
        if (!/^\d+$/.test(v) || n > 65535) throw new UsageError(`--port takes a port number from 0 to 65535; got "${v}".`);
        args.port = n;
        break;
      }
      case '--data':
        args.data = value();
        break;
      case '--faults':
        args.faults = value();
        break;
      case '--no-seed':
        args.seed = false;
        break;
      case '--verbose':
        args.verbose = true;
        break;
      case '--help':
      case '-h':
        return 'help';
      default:
        throw new UsageError(`Unknown option "${a}".`);
    }
  }
  if (args.faults !== undefined) parseFaultSpec(args.faults);
  return args;
}

async function main(): Promise<void> {
  let args: Args | 'help';
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (e) {
    if (e instanceof UsageError || e instanceof FaultSpecError) {
      process.stderr.write(`emulator: ${e.message}\n${USAGE}\n`);
      process.exit(2);
    }
    throw e;
  }
  if (args === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  let emu;
  try {
    emu = await startEmulator({
      port: args.port,
      data: args.data,
      faults: args.faults,
      seed: args.seed,
      adminToken: process.env[ADMIN_TOKEN_ENV] || undefined,
      log: args.verbose
        ? line => process.stderr.write(`${line}\n`)
        : line => {
            if (/failed|threw/.test(line)) process.stderr.write(`${line}\n`);
          },
    });
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    if (e instanceof DataFileError) process.stderr.write(`emulator: ${e.message}\n`);
    else if (err.code === 'EADDRINUSE')
      process.stderr.write(`emulator: port ${args.port} is in use: pick another with --port, or --port 0 for any free port.\n`);
    else process.stderr.write(`emulator: could not start: ${err.message ?? String(e)}\n`);
    process.exit(1);
  }
  const ready = {
    url: emu.url,
    workspaces: emu.workspaces.map(w => ({ id: w.id, apiKey: w.apiKey, features: w.features })),
    adminToken: emu.adminToken,
  };
  process.stdout.write(`${JSON.stringify(ready)}\n`);
  let stopping = false;
  const verbose = args.verbose;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    if (verbose) process.stderr.write(`emulator: ${signal}, stopping\n`);
    emu.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

process.on('uncaughtException', e => process.stderr.write(`emulator: unexpected error (still serving): ${e.stack ?? e.message}\n`));
process.on('unhandledRejection', e =>
  process.stderr.write(`emulator: unexpected error (still serving): ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`),
);

void main();
