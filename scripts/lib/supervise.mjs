// Keeps a server running: when it exits without being asked to, it is started again (`start`
// decides how: the same port, the same data) and the caller hears of each step. A server that
// keeps dying is left down: after `limit.restarts` restarts within `limit.withinMs`, the
// supervisor gives up, so a crash loop neither spins nor hides its cause.

/** The default back-off: the first restart at once, then 250 ms, 500 ms, 1 s, 2 s, … */
export function doublingBackoff(restartsInWindow) {
  return restartsInWindow <= 1 ? 0 : 250 * 2 ** (restartsInWindow - 2);
}

/**
 * @typedef {{ child: import('node:child_process').ChildProcess, stop(): Promise<void> }} Instance
 * @typedef {{ type: 'exited', how: string | number | null }
 *   | { type: 'restarted', instance: Instance }
 *   | { type: 'failed', error: Error }
 *   | { type: 'gave-up', restarts: number, withinMs: number }} SupervisorEvent
 */
export class Supervisor {
  #start;
  #onEvent;
  #limit;
  #backoffMs;
  #current;
  #starting;
  #timer;
  #stopping = false;
  #restarts = [];

  /**
   * @param {object} options
   * @param {() => Promise<Instance>} options.start   starts one instance; resolves once it is ready
   * @param {(event: SupervisorEvent) => void} options.onEvent
   * @param {{ restarts: number, withinMs: number }} [options.limit]
   * @param {(restartsInWindow: number) => number} [options.backoffMs]   the wait before a restart
   */
  constructor({ start, onEvent, limit = { restarts: 5, withinMs: 30_000 }, backoffMs = doublingBackoff }) {
    this.#start = start;
    this.#onEvent = onEvent;
    this.#limit = limit;
    this.#backoffMs = backoffMs;
  }

  /** Starts the first instance. Its failure is the caller's (nothing is retried before one ran). */
  async run() {
    this.#watch(await this.#start());
    return this.#current;
  }

  /** The running instance; undefined while it is being restarted, or after the supervisor gave up. */
  get current() {
    return this.#current;
  }

  /** Stops the instance, and any restart under way; nothing is restarted from now on. */
  async stop() {
    this.#stopping = true;
    clearTimeout(this.#timer);
    const starting = await this.#starting?.catch(() => undefined);
    await Promise.all([starting?.stop(), this.#current?.stop()]);
  }

  #watch(instance) {
    this.#current = instance;
    const { child } = instance;
    const exited = () => {
      if (this.#stopping) return;
      this.#current = undefined;
      this.#onEvent({ type: 'exited', how: child.signalCode ?? child.exitCode });
      this.#scheduleRestart();
    };
    // It may have died between saying it was ready and being watched.
    if (child.exitCode !== null || child.signalCode !== null) queueMicrotask(exited);
    else child.once('exit', exited);
  }

  #scheduleRestart() {
    const now = Date.now();
    this.#restarts = this.#restarts.filter(t => now - t < this.#limit.withinMs);
    if (this.#restarts.length >= this.#limit.restarts) {
      this.#onEvent({ type: 'gave-up', restarts: this.#restarts.length, withinMs: this.#limit.withinMs });
      return;
    }
    this.#restarts.push(now);
    this.#timer = setTimeout(() => void this.#restart(), this.#backoffMs(this.#restarts.length));
  }

  async #restart() {
    this.#starting = this.#start();
    try {
      const instance = await this.#starting;
      if (this.#stopping) return;
      this.#watch(instance);
      this.#onEvent({ type: 'restarted', instance });
    } catch (error) {
      if (this.#stopping) return;
      this.#onEvent({ type: 'failed', error });
      this.#scheduleRestart();
    } finally {
      this.#starting = undefined;
    }
  }
}
