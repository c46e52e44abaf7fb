import * as l10n from '@vscode/l10n';
import { SingleBar } from 'cli-progress';
import { formatDuration } from '@campaign-studio/sync';
import { CliIO, ProgressTiming } from './io';

/**
 * Progress on stderr for a command that reads or checks many campaigns. Nothing is shown for the
 * first 2 s (a quick command stays quiet); then, on a terminal, a one-line bar with done/total
 * and the time left as the rate limits make it; without a terminal (CI, a pipe), one line at
 * least every 10 s. `--quiet` turns it off. Other lines on stderr (a rate-limit wait) are written
 * above the bar, never into it.
 */

export const PROGRESS_TIMING: ProgressTiming = { afterMs: 2_000, everyMs: 10_000 };

/** One stage of a command: `total` things to do, and the time the limits impose on what is left. */
export interface Stage {
  /** What is counted, in a few words: "campaigns read". */
  what: string;
  /** Unknown for a search, which has no total count: then a line at a time, even on a terminal. */
  total?: number;
  /** Milliseconds left for `remaining` things, from the rate budget; undefined when unknown. */
  leftMs?(remaining: number): Promise<number | undefined>;
}

export class CommandProgress {
  private stage?: Stage & { done: number };
  private left?: number;
  private bar?: SingleBar;
  private lastLineAt = -Infinity;
  private timer?: NodeJS.Timeout;
  private readonly startedAt: number;
  private readonly stderr: (s: string) => void;

  /** `io.stderr` for the rest of the command: lines go above the bar. */
  readonly io: CliIO;

  constructor(
    io: CliIO,
    private readonly program: string,
    private readonly quiet: boolean,
    private readonly now: () => number = Date.now,
  ) {
    this.startedAt = now();
    this.stderr = io.stderr;
    this.io = { ...io, stderr: s => this.above(s) };
  }

  /** When the progress shows and how often it is said: the io's, else `PROGRESS_TIMING`. */
  get timing(): ProgressTiming {
    return this.io.progressTiming ?? PROGRESS_TIMING;
  }

  /** A new stage; the one before ends. */
  begin(stage: Stage): void {
    this.end();
    // One thing to do is no progress to show: a wait on it is said as such.
    if (this.quiet || (stage.total !== undefined && stage.total <= 1)) return;
    this.stage = { ...stage, done: 0 };
    this.left = undefined;
    this.refreshLeft();
    this.timer = setInterval(() => this.show(), Math.min(this.timing.afterMs, this.timing.everyMs, 1_000) || 1);
    this.timer.unref();
    this.show();
  }

  advance(n = 1): void {
    if (!this.stage) return;
    this.stage.done = Math.min(this.stage.total ?? Infinity, this.stage.done + n);
    this.refreshLeft();
    this.bar?.update(this.stage.done, { left: this.leftText(', ') });
  }

  /** The stage is over: the bar is cleared; without a terminal, a last line when any was written. */
  end(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    const stage = this.stage;
    this.stage = undefined;
    if (!stage) return;
    if (this.bar) {
      this.bar.stop();
      this.bar = undefined;
    } else if (this.lastLineAt > -Infinity) {
      const count = stage.total === undefined ? l10n.t('{0}: {1}', stage.what, stage.done) : this.count(stage);
      this.stderr(`${this.program}: ${l10n.t('{0}, in {1}.', count, formatDuration(this.now() - this.startedAt))}\n`);
    }
    this.lastLineAt = -Infinity;
  }

  private show(): void {
    const stage = this.stage;
    if (!stage || this.now() - this.startedAt < this.timing.afterMs) return;
    const terminal = this.io.stderrTerminal;
    if (terminal && stage.total !== undefined) {
      this.bar ??= this.newBar(terminal, { ...stage, total: stage.total });
      return;
    }
    if (this.now() - this.lastLineAt < this.timing.everyMs) return;
    this.lastLineAt = this.now();
    const left = this.leftText();
    this.stderr(`${this.program}: ${this.count(stage)}${left ? `, ${left}` : ''}.\n`);
  }

  /** "campaigns read: 450 of 1000", or "campaigns found: 450 so far" without a total. */
  private count(stage: Stage & { done: number }): string {
    return stage.total === undefined
      ? l10n.t('{0}: {1} so far', stage.what, stage.done)
      : l10n.t('{0}: {1} of {2}', stage.what, stage.done, stage.total);
  }

  private newBar(terminal: NodeJS.WritableStream, stage: Stage & { done: number; total: number }): SingleBar {
    const bar = new SingleBar({
      stream: terminal,
      format: `${this.program}: ${stage.what} [{bar}] {value}/{total}{left}`,
      hideCursor: true,
      clearOnComplete: true,
      barsize: 24,
      linewrap: false,
    });
    bar.start(stage.total, stage.done, { left: this.leftText(', ') });
    return bar;
  }

  /** "about 3 min 20 s left", from the rate budget. */
  private leftText(prefix = ''): string {
    return this.left === undefined || !this.stage || this.stage.done >= (this.stage.total ?? Infinity)
      ? ''
      : `${prefix}${l10n.t('about {0} left', formatDuration(this.left))}`;
  }

  private refreshLeft(): void {
    const stage = this.stage;
    if (!stage?.leftMs || stage.total === undefined) return;
    void stage.leftMs(stage.total - stage.done).then(
      ms => {
        if (this.stage === stage) this.left = ms;
      },
      () => undefined,
    );
  }

  /** A line said while the bar is drawn: the bar is cleared, the line written, the bar drawn again below it. */
  private above(s: string): void {
    const terminal = this.io.stderrTerminal;
    if (!this.bar || !terminal) return this.stderr(s);
    terminal.write('\r\x1b[2K');
    this.stderr(s);
    this.bar.render();
  }
}
