import * as l10n from '@vscode/l10n';
import {
  baseOfEnvironment,
  baseStore,
  BaseStore,
  CampaignRead,
  describeFailure,
  Environment,
  foreignBaseMessage,
  formatDuration,
  isServiceError,
  pushApi,
  PushApi,
  readCampaigns,
  refusedWith,
  searchCallsFor,
  SERVICE_LIMITS,
  ServiceClient,
  WaitNotice,
  waitText,
  withReads,
  workspaceOfBase,
} from '@campaign-studio/sync';
import { CliError, CliIO, plain } from '../io';
import { CommandProgress } from '../progress';
import { CampaignFile } from '../workspace/files';
import { apiKeyFor, EnvironmentSet, environmentNamed, loadEnvironments, ServiceOptions, theEnvironment } from './environments';

const WAIT_NOTICE_SPACING_MS = 10_000;
const HOUR_MS = 3_600_000;

/** A campaign to read, in the environment it lives in. */
export interface Wanted {
  id: string;
  env: Environment;
}

/**
 * The service as one run of a command sees it: its environments (read when first needed, so that
 * a command on files that need no service needs no configuration), one client per environment,
 * and the flows' ports over them.
 */
export class Service {
  private set?: EnvironmentSet;
  private readonly clients = new Map<string, ServiceClient>();
  /** Per environment, the campaigns read ahead and not yet used: each serves the next read of its campaign through `api`. */
  private readonly readAhead = new Map<string, Map<string, CampaignRead>>();
  /** When a wait was last said: a burst of calls held by the rate limit is said once, not per call. */
  private waitSaidAt = -Infinity;
  /** Progress on stderr; its `io` (the one this Service uses) writes other lines above a progress bar. */
  readonly progress: CommandProgress;

  /** `program`: the command, as its messages on stderr begin (`campaign plan`). */
  constructor(
    private readonly options: ServiceOptions,
    io: CliIO,
    readonly program = 'campaign',
  ) {
    this.progress = new CommandProgress(io, program, options.quiet === true);
  }

  environments(): EnvironmentSet {
    this.set ??= loadEnvironments(this.options, this.progress.io);
    return this.set;
  }

  /** The environment given with `--env`, else the only one. */
  defaultEnvironment(): Environment {
    return theEnvironment(this.environments());
  }

  /**
   * The environment of a fetched file: `--env`, else the one its base was fetched from. An
   * environment given on the command line takes the base's name when the workspace is the same.
   */
  environmentOf(f: CampaignFile): Environment {
    const set = this.environments();
    const base = f.base?.snapshot;
    if (!base) return theEnvironment(set);
    if (set.source === 'the command line' && !set.chosen && set.environments[0].workspaceId === base.workspaceId) {
      return { ...set.environments[0], name: base.environment };
    }
    const env = set.chosen ? environmentNamed(set, set.chosen) : environmentNamed(set, base.environment);
    if (!baseOfEnvironment(base, env)) throw new CliError(plain(foreignBaseMessage(f.id ?? '', base, env)));
    return env;
  }

  client(env: Environment): ServiceClient {
    let c = this.clients.get(env.name);
    if (!c) {
      c = new ServiceClient(
        {
          environment: env,
          apiKey: apiKeyFor(env, this.options, this.progress.io),
          fetch: this.progress.io.fetch,
          readBudgetMs: env.readTimeoutSeconds ? env.readTimeoutSeconds * 1000 : undefined,
          writeBudgetMs: env.writeTimeoutSeconds ? env.writeTimeoutSeconds * 1000 : undefined,
        },
        { onWait: wait => this.sayWait(wait) },
      );
      this.clients.set(env.name, c);
    }
    return c;
  }

  /** A wait of more than a second (the rate limit, Retry-After, a retry's backoff), said on stderr at most every ten seconds. */
  private sayWait(wait: WaitNotice): void {
    if (wait.at - this.waitSaidAt < WAIT_NOTICE_SPACING_MS) return;
    this.waitSaidAt = wait.at;
    this.progress.io.stderr(`${this.program}: ${waitText(wait)}\n`);
  }

  /** The flows' port on `env`: a campaign read ahead (`readAll`) serves its next read. */
  api(env: Environment): PushApi {
    return withReads(pushApi(this.client(env)), this.readsOf(env));
  }

  /** What `readAll` read of campaign `id`, without using it up; undefined when it was not read ahead. */
  readAheadOf(env: Environment, id: string): CampaignRead | undefined {
    return this.readsOf(env).get(id);
  }

  /**
   * Reads these campaigns ahead, 15 to a call, each environment's side by side, with progress:
   * the next read of each through `api` is that one. First says what it will cost when that is
   * more than a moment (`extraCalls`: what the command sends afterwards, such as validations).
   */
  async readAll(wanted: Wanted[], extraCalls = 0): Promise<void> {
    const byEnv = new Map<string, { env: Environment; ids: Set<string> }>();
    for (const w of wanted) {
      const group = byEnv.get(w.env.name) ?? { env: w.env, ids: new Set<string>() };
      group.ids.add(w.id);
      byEnv.set(w.env.name, group);
    }
    const groups = [...byEnv.values()];
    if (!groups.length) return;
    const total = groups.reduce((n, g) => n + g.ids.size, 0);
    await this.sayCost(groups, total, extraCalls);
    this.progress.begin({
      what: l10n.t('campaigns read'),
      total,
      leftMs: remaining => this.client(groups[0].env).paceFor(searchCallsFor(remaining) + extraCalls),
    });
    try {
      await Promise.all(
        groups.map(async g => {
          const reads = await readCampaigns(this.client(g.env), [...g.ids], { onRead: () => this.progress.advance() });
          for (const [id, read] of reads) this.readsOf(g.env).set(id, read);
        }),
      );
    } finally {
      this.progress.end();
    }
  }

  /**
   * The calls a command needs and how long the limits make them take, said up front when that is
   * more than a moment; said even with --quiet when it is more than the hourly budget.
   */
  private async sayCost(groups: Array<{ env: Environment; ids: Set<string> }>, total: number, extraCalls: number): Promise<void> {
    const calls = groups.reduce((n, g) => n + searchCallsFor(g.ids.size), 0) + extraCalls;
    const ms = await this.client(groups[0].env).paceFor(calls);
    const hourly = SERVICE_LIMITS.find(l => l.windowMs === HOUR_MS)?.limit ?? Infinity;
    const overBudget = calls > hourly;
    if (ms < this.progress.timing.afterMs && !overBudget) return;
    if (this.options.quiet && !overBudget) return;
    const line = costLine({ campaigns: total, calls, where: groups.map(g => g.env.name).join(', '), ms, hourly });
    this.progress.io.stderr(`${this.program}: ${line}\n`);
  }

  private readsOf(env: Environment): Map<string, CampaignRead> {
    let reads = this.readAhead.get(env.name);
    if (!reads) {
      reads = new Map();
      this.readAhead.set(env.name, reads);
    }
    return reads;
  }

  /** The base snapshots of `f`, where its base is (or, for a file without one, under the working folder). */
  bases(env: Environment, f: CampaignFile): BaseStore {
    return baseStore(f.base ? workspaceOfBase(f.base.file) : this.progress.io.cwd, this.client(env));
  }
}

/** What a command's reads will cost, in calls and in the time the rate limits make them take. */
export function costLine(o: { campaigns: number; calls: number; where: string; ms: number; hourly: number }): string {
  return o.calls > o.hourly
    ? l10n.t(
        '{0} campaigns need {1} calls to {2}, more than the {3} an hour the service allows: about {4}.',
        o.campaigns,
        o.calls,
        o.where,
        o.hourly,
        formatDuration(o.ms),
      )
    : l10n.t(
        "{0} campaigns: {1} calls to {2}; the service's rate limits make that about {3}.",
        o.campaigns,
        o.calls,
        o.where,
        formatDuration(o.ms),
      );
}

/** A failure of a call through the push flows' port (`api`), in one line: the envelope when the service sent one. */
export function failureText(e: unknown): string {
  return isServiceError(e) ? describeFailure(e) : messageText(e);
}

/** A failure of anything else (a direct client call, a file), in one line: its own sentence. */
export function messageText(e: unknown): string {
  if (e instanceof CliError) return e.message;
  return plain(e instanceof Error ? e.message : String(e));
}

/** Not on the service (or not visible to this workspace's key). */
export function isNotFound(e: unknown): boolean {
  return refusedWith(e, 404);
}
