import { visible } from '@campaign-studio/core';

/**
 * What every subcommand runs with: its output streams, the terminal it may ask on, its working
 * folder and environment. The bins build it from `process`; tests build it in memory.
 */
export interface CliIO {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  /** Whether stdout is a terminal: only then is the text output coloured. */
  isTTY: boolean;
  cwd: string;
  env?: Record<string, string | undefined>;
  /**
   * The whole of stdin (for `-`), or undefined once it holds more than `limit` bytes (reading stops
   * there); absent when there is none to read.
   */
  readStdin?: (limit: number) => Promise<Uint8Array | undefined>;
  /**
   * Asks a question on the terminal and returns the answer; absent when stdin is not a terminal,
   * so nothing can be asked (CI).
   */
  ask?: (question: string) => Promise<string>;
  /** The HTTP client for the service; the global `fetch` when absent (tests pass their own). */
  fetch?: typeof fetch;
  /** stderr when it is a terminal, for a progress bar; absent otherwise (CI, a pipe): progress is then a line at a time. */
  stderrTerminal?: NodeJS.WritableStream;
  /** When progress starts to show and how often a line is written without a terminal (default 2 s and 10 s; tests shorten them). */
  progressTiming?: ProgressTiming;
}

export interface ProgressTiming {
  afterMs: number;
  everyMs: number;
}

/**
 * The exit status of a problem nobody foresaw (a bug, a stack overflow): its own, so that a CI job
 * never takes a crash for "changes pending" (`campaign plan`'s 2), a refusal (1) or a usage error
 * (`campaign lint`'s 2).
 */
export const INTERNAL_ERROR_EXIT = 3;

/** A problem to report in one line and end with `exitCode`: never a stack trace. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

/**
 * A problem with the run's configuration (no environment, no key, an unknown `--env`): it concerns
 * every file alike, so it ends the command once instead of being reported per file.
 */
export class ConfigError extends CliError {}

/** Lets a configuration problem end the command; anything else is the file's own to report. */
export function unlessConfig(e: unknown): unknown {
  if (e instanceof ConfigError) throw e;
  return e;
}

/**
 * The bytes of `stream`, or undefined as soon as it holds more than `limit`: reading stops there, so
 * `/dev/zero` or a runaway pipe, which a size from `stat` cannot tell, never fills the memory.
 */
export async function readAtMost(stream: AsyncIterable<Uint8Array>, limit: number): Promise<Buffer | undefined> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > limit) return undefined; // leaving the loop destroys the stream
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** Colours only on a terminal, and never when `NO_COLOR` is set (https://no-color.org). */
export function useColour(io: CliIO): boolean {
  return io.isTTY && !io.env?.NO_COLOR;
}

export function painter(colour: boolean): (code: number, s: string) => string {
  return (code, s) => (colour ? `\x1b[${code}m${s}\x1b[0m` : s);
}

/** The colour codes `painter` writes, kept as one part when text is split on them. */
const COLOUR_CODE = /(\x1b\[\d+m)/;

/**
 * Text as it reaches the terminal: control and bidi characters written out (`\u001b`), so that a
 * key, a file name or a message from the service cannot clear the screen, retitle the terminal or
 * garble a CI log; in coloured output, the colour codes `painter` wrote are kept.
 */
export function forTerminal(text: string, colour: boolean): string {
  return keepingColour(text, colour, visible);
}

/**
 * One line of a text output, as {@link forTerminal} writes it and its line feeds and tabs written out
 * too: a name or a message from a file or the service cannot start a line of its own (a campaign
 * named "x\nPlan: 0 to update." would fake the plan's summary) nor break a column.
 */
export function oneLine(line: string, colour: boolean): string {
  return keepingColour(line, colour, part => visible(part).replace(/[\t\n]/g, c => (c === '\n' ? '\\n' : '\\t')));
}

function keepingColour(text: string, colour: boolean, written: (part: string) => string): string {
  if (!colour) return written(text);
  return text
    .split(COLOUR_CODE)
    .map((part, i) => (i % 2 ? part : written(part)))
    .join('');
}

/** Messages shared with the editor are Markdown: a terminal shows them without backticks. */
export function plain(message: string): string {
  return message.replace(/`/g, '');
}
