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
  /** The whole of stdin (for `-`); absent when there is none to read. */
  readStdin?: () => Promise<Uint8Array>;
  /**
   * Asks a question on the terminal and returns the answer; absent when stdin is not a terminal,
   * so nothing can be asked (CI).
   */
  ask?: (question: string) => Promise<string>;
  /** The HTTP client for the service; the global `fetch` when absent (tests pass their own). */
  fetch?: typeof fetch;
}

/** A problem to report in one line and end with `exitCode`: never a stack trace. */
export class CliError extends Error {
  constructor(message: string, readonly exitCode = 1) {
    super(message);
  }
}

/** Colours only on a terminal, and never when `NO_COLOR` is set (https://no-color.org). */
export function useColour(io: CliIO): boolean {
  return io.isTTY && !io.env?.NO_COLOR;
}

export function painter(colour: boolean): (code: number, s: string) => string {
  return (code, s) => (colour ? `\x1b[${code}m${s}\x1b[0m` : s);
}
