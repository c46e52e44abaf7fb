import { spawn } from 'child_process';
import { takeFrames } from '../../src/framing';
import { SERVER } from './lspClient';

/**
 * The built server over stdio, spoken to in raw JSON-RPC, so that a test can send any params and
 * any bytes: what an editor's library would never let through.
 */

export interface Response {
  id: number;
  result?: unknown;
  error?: { code: number; message: string };
}

/** A message framed as the base protocol frames it: a Content-Length header, then the body's bytes. */
export function frame(body: string): Buffer {
  const bytes = Buffer.from(body, 'utf8');
  return Buffer.concat([Buffer.from(`Content-Length: ${bytes.length}\r\n\r\n`), bytes]);
}

export interface RawServer {
  /** Resolves with the response; rejects if the process ends first. */
  request(method: string, params?: unknown): Promise<Response>;
  notify(method: string, params?: unknown): void;
  /** Writes bytes as they are, framed or not. */
  write(bytes: Buffer | string): void;
  /** Closes the server's stdin, as an editor that goes away does. */
  closeInput(): void;
  readonly stderr: string[];
  /** Resolves once stderr matches `pattern`. */
  whenStderr(pattern: RegExp): Promise<void>;
  /** Whether a response with this id came, whoever sent the request. */
  answered(id: number): boolean;
  /** The response with this id, if it came. */
  response(id: number): Response | undefined;
  /** The responses with id null, in order: the answers to messages whose id could not be read. */
  readonly unidentified: Array<Omit<Response, 'id'> & { id: null }>;
  /** Resolves with the exit code when the process ends. */
  readonly exited: Promise<number | null>;
  stop(): Promise<number | null>;
}

export function rawServer(nodeArgs: string[] = []): RawServer {
  const child = spawn(process.execPath, [...nodeArgs, SERVER, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
  const responses = new Map<number, Response>();
  const unidentified: RawServer['unidentified'] = [];
  const waiting = new Map<number, { resolve: (r: Response) => void; reject: (e: Error) => void }>();
  const stderr: string[] = [];
  const stderrWaiters: Array<() => void> = [];
  child.stderr.on('data', d => {
    stderr.push(String(d));
    for (const w of [...stderrWaiters]) w();
  });
  const whenStderr = (pattern: RegExp) =>
    new Promise<void>(resolve => {
      const check = () => {
        if (!pattern.test(stderr.join(''))) return;
        stderrWaiters.splice(stderrWaiters.indexOf(check), 1);
        resolve();
      };
      stderrWaiters.push(check);
      check();
    });
  let gone: Error | undefined;
  const exited = new Promise<number | null>(resolve =>
    child.on('exit', code => {
      gone = new Error(`the server exited with ${code}; stderr: ${stderr.join('').slice(-2000)}`);
      for (const w of waiting.values()) w.reject(gone);
      waiting.clear();
      resolve(code);
    }),
  );
  let rest = Buffer.alloc(0);
  child.stdout.on('data', (d: Buffer) => {
    const scan = takeFrames(Buffer.concat([rest, d]), false);
    rest = Buffer.from(scan.rest);
    for (const body of scan.bodies) {
      const message = JSON.parse(body.toString('utf8')) as (Response | RawServer['unidentified'][number]) & { method?: string };
      if (message.method !== undefined) continue;
      if (message.id === null) unidentified.push(message as RawServer['unidentified'][number]);
      if (typeof message.id !== 'number') continue;
      responses.set(message.id, message);
      waiting.get(message.id)?.resolve(message);
      waiting.delete(message.id);
    }
  });
  let nextId = 1;
  const write = (bytes: Buffer | string) => {
    child.stdin.write(bytes);
  };
  const send = (message: object) => write(frame(JSON.stringify({ jsonrpc: '2.0', ...message })));
  const request = (method: string, params?: unknown): Promise<Response> => {
    const id = nextId++;
    send(params === undefined ? { id, method } : { id, method, params });
    return new Promise((resolve, reject) => {
      const have = responses.get(id);
      if (have) resolve(have);
      else if (gone) reject(gone);
      else waiting.set(id, { resolve, reject });
    });
  };
  const notify = (method: string, params?: unknown): void => send({ method, params });
  return {
    request,
    notify,
    write,
    closeInput: () => child.stdin.end(),
    stderr,
    exited,
    whenStderr,
    unidentified,
    answered: id => responses.has(id),
    response: id => responses.get(id),
    async stop() {
      await request('shutdown');
      notify('exit');
      return exited;
    },
  };
}
