import {
  baseOfEnvironment, baseStore, BaseStore, describeFailure, Environment, foreignBaseMessage, isServiceError, pushApi, PushApi, refusedWith, ServiceClient,
  WaitNotice, waitText, workspaceOfBase,
} from '@campaign-studio/sync';

const WAIT_NOTICE_SPACING_MS = 10_000;
import { CliError, CliIO, plain } from '../io';
import { CampaignFile } from '../workspace/files';
import { apiKeyFor, EnvironmentSet, environmentNamed, loadEnvironments, ServiceOptions, theEnvironment } from './environments';

/**
 * The service as one run of a command sees it: its environments (read when first needed, so that
 * a command on files that need no service needs no configuration), one client per environment,
 * and the flows' ports over them.
 */
export class Service {
  private set?: EnvironmentSet;
  private readonly clients = new Map<string, ServiceClient>();
  /** When a wait was last said: a burst of calls held by the rate limit is said once, not per call. */
  private waitSaidAt = -Infinity;

  /** `program`: the command, as its messages on stderr begin (`campaign plan`). */
  constructor(private readonly options: ServiceOptions, private readonly io: CliIO, readonly program = 'campaign') {}

  environments(): EnvironmentSet {
    this.set ??= loadEnvironments(this.options, this.io);
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
      c = new ServiceClient({
        environment: env,
        apiKey: apiKeyFor(env, this.options, this.io),
        fetch: this.io.fetch,
        readBudgetMs: env.readTimeoutSeconds ? env.readTimeoutSeconds * 1000 : undefined,
        writeBudgetMs: env.writeTimeoutSeconds ? env.writeTimeoutSeconds * 1000 : undefined,
      }, { onWait: wait => this.sayWait(wait) });
      this.clients.set(env.name, c);
    }
    return c;
  }

  /** A wait of more than a second (the rate limit, Retry-After, a retry's backoff), said on stderr at most every ten seconds. */
  private sayWait(wait: WaitNotice): void {
    if (wait.at - this.waitSaidAt < WAIT_NOTICE_SPACING_MS) return;
    this.waitSaidAt = wait.at;
    this.io.stderr(`${this.program}: ${waitText(wait)}\n`);
  }

  api(env: Environment): PushApi {
    return pushApi(this.client(env));
  }

  /** The base snapshots of `f`, where its base is (or, for a file without one, under the working folder). */
  bases(env: Environment, f: CampaignFile): BaseStore {
    return baseStore(f.base ? workspaceOfBase(f.base.file) : this.io.cwd, this.client(env));
  }
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
