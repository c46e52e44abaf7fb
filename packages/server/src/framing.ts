import { Transform } from 'stream';
import * as l10n from '@vscode/l10n';

/**
 * LSP's base protocol over a byte stream: each message is a header block (`Content-Length: N`,
 * a blank line) and N bytes of body. vscode-jsonrpc's reader stops understanding the stream for
 * good after a header without a usable Content-Length (the body it skipped is then read as the
 * next header), and says so to nobody. Here a bad header is reported and skipped, and reading
 * resumes at the next `Content-Length:`, so one malformed message costs that message only.
 */

const HEADER_END = Buffer.from('\r\n\r\n', 'ascii');
const LENGTH_FIELD = Buffer.from('Content-Length:', 'ascii');
/** A header block runs a few dozen bytes; this many without its blank line is not one. */
const MAX_HEADER_BYTES = 8 * 1024;
/** The largest body accepted: far above any document an editor sends, far below what would exhaust memory. */
export const MAX_BODY_BYTES = 256 * 1024 * 1024;

export interface FrameScan {
  /** The bodies of the complete messages found, in order. */
  bodies: Buffer[];
  /** The bytes not used yet: the start of a message still arriving. */
  rest: Buffer;
  /** How many bytes `rest` must hold before the message it starts is complete (0: unknown yet). */
  needed: number;
  /** True while skipping to the next `Content-Length:` after a bad header. */
  resyncing: boolean;
  /** What was wrong with each header skipped, for the log. */
  problems: string[];
}

/** The body length a header block gives, or what is wrong with it. */
export function contentLength(header: string): number | string {
  const line = header.split('\r\n').find(l => /^content-length\s*:/i.test(l));
  if (line === undefined) return l10n.t('a message header without Content-Length: {0}', JSON.stringify(header.slice(0, 200)));
  const value = line.slice(line.indexOf(':') + 1).trim();
  const length = /^\d+$/.test(value) ? Number(value) : NaN;
  if (Number.isNaN(length)) return l10n.t('Content-Length must be a number of bytes, not {0}', JSON.stringify(value.slice(0, 40)));
  if (length > MAX_BODY_BYTES) return l10n.t('Content-Length {0} is more than the {1} bytes a message may hold', length, MAX_BODY_BYTES);
  return length;
}

/** Splits `input` into complete messages; `resyncing` carries over from the previous call. */
export function takeFrames(input: Buffer, resyncing: boolean): FrameScan {
  const bodies: Buffer[] = [];
  const problems: string[] = [];
  let pos = 0;
  for (;;) {
    if (resyncing) {
      const at = input.indexOf(LENGTH_FIELD, pos);
      if (at < 0) {
        // Keep what could be the start of the field name, cut by the end of this chunk.
        const keep = Math.max(pos, input.length - (LENGTH_FIELD.length - 1));
        return { bodies, rest: input.subarray(keep), needed: 0, resyncing, problems };
      }
      pos = at;
      resyncing = false;
    }
    const end = input.indexOf(HEADER_END, pos);
    if (end < 0) {
      if (input.length - pos <= MAX_HEADER_BYTES) return { bodies, rest: input.subarray(pos), needed: 0, resyncing, problems };
      problems.push(l10n.t('{0} bytes without the blank line that ends a message header', input.length - pos));
      pos++;
      resyncing = true;
      continue;
    }
    const length = contentLength(input.toString('latin1', pos, end));
    const bodyStart = end + HEADER_END.length;
    if (typeof length === 'string') {
      // Its body, if it has one, has no known end: look for the next message from here on.
      problems.push(length);
      pos++;
      resyncing = true;
      continue;
    }
    if (input.length < bodyStart + length)
      return { bodies, rest: input.subarray(pos), needed: bodyStart + length - pos, resyncing, problems };
    bodies.push(input.subarray(bodyStart, bodyStart + length));
    pos = bodyStart + length;
  }
}

/**
 * A stream that passes well-framed messages through unchanged and drops badly framed ones,
 * telling `report` what was dropped and why. Chunks are joined only once a message is complete.
 */
export function reframed(report: (problem: string) => void): Transform {
  let chunks: Buffer[] = [];
  let size = 0;
  let needed = 0;
  let resyncing = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= needed) {
        const scan = takeFrames(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size), resyncing);
        for (const body of scan.bodies) this.push(Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, 'ascii'), body]));
        for (const problem of scan.problems) report(problem);
        // A copy, so that the joined chunks are not kept alive by the few bytes left of them.
        chunks = scan.rest.length ? [Buffer.from(scan.rest)] : [];
        size = scan.rest.length;
        needed = scan.needed;
        resyncing = scan.resyncing;
      }
      done();
    },
  });
}
