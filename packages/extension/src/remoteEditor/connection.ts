import * as vscode from 'vscode';
import {
  ActionContext,
  adviceFor,
  CallEvent,
  CallLogEntry,
  canCall,
  Clock,
  ConnectionStatus,
  describeStatus,
  Environment,
  ErrorAction,
  formatCallLog,
  HealthMonitor,
  isCancelled,
  parseEnvironments,
  plainText,
  secretKeyFor,
  ServiceClient,
  StatusWords,
  systemClock,
  WriteIntent,
} from '@campaign-studio/sync';
import { COMMAND_IDS, VSCODE_COMMANDS } from '../commandIds';
import { runWithProgress } from './progress';

/**
 * The connection to the service: which environment is active, whether we are signed in, the one
 * `ServiceClient` every feature uses, and the truth about its state, built from what its calls
 * meet (see `HealthMonitor`). The API key lives only in secret storage, keyed by workspace and
 * base URL; settings hold everything else.
 */

const SIGNED_OUT: ConnectionStatus = { state: 'signedOut' };

/** Whether the Campaigns view can list: signed in, and the service neither unreachable nor refusing the key. */
function listable(status: ConnectionStatus): boolean {
  return canCall(status) && status.state !== 'unreachable';
}

const ACTIVE_KEY = 'campaignStudio.activeEnvironment';

export interface SignInArgs {
  /** Environment name; asked when absent. */
  environment?: string;
  /** The API key; asked when absent (tests and scripts pass it). */
  apiKey?: string;
}

export class Connection implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires when the environment or the client changes, or the view's ability to list does; always just after `onDidChangeStatus`. */
  readonly onDidChange = this.changed.event;
  private readonly statusChanged = new vscode.EventEmitter<ConnectionStatus>();
  /** Fires on every change of the connection state (latency, countdowns, errors included). */
  readonly onDidChangeStatus = this.statusChanged.event;
  /** Why the last connection attempt failed, until the service answers again. */
  lastError?: string;
  private current?: ServiceClient;
  private monitor?: HealthMonitor;
  private readonly disposables: vscode.Disposable[] = [];
  private generation = 0;
  private listed = false;
  /** The state the context keys and the log were last given. */
  private lastState?: ConnectionStatus['state'];
  /** Ticks once a second while a countdown shows, so that it counts down; aborted when it ends. */
  private ticker?: AbortController;

  /** `clock`: the time the health model, the countdowns and their words read (tests pass a virtual one). */
  constructor(
    private readonly context: vscode.ExtensionContext,
    readonly log: vscode.LogOutputChannel,
    private readonly clock: Clock = systemClock,
  ) {
    this.disposables.push(this.changed, this.statusChanged);
    this.disposables.push(
      vscode.workspace.onDidChangeConfiguration(e => {
        if (e.affectsConfiguration('campaignStudio.environments') || e.affectsConfiguration('campaignStudio.remote')) void this.restore();
      }),
    );
    this.disposables.push(
      context.secrets.onDidChange(e => {
        const env = this.environment();
        if (env && e.key === secretKeyFor(env)) void this.restore();
      }),
    );
  }

  /**
   * A restore or sign-in still waiting (on the secret storage, on its check) when the connection
   * goes ends there: a new generation makes it stop, and without a monitor nothing it hears is
   * shown, logged to the closed log or scheduled for a later check.
   */
  dispose(): void {
    this.generation += 1;
    this.countdown(false);
    this.monitor?.dispose();
    this.monitor = undefined;
    this.current = undefined;
    for (const d of this.disposables) d.dispose();
  }

  /** What the calls of the active environment met last. */
  get status(): ConnectionStatus {
    return this.monitor?.status ?? SIGNED_OUT;
  }

  get state(): ConnectionStatus['state'] {
    return this.status.state;
  }

  /** The status in words, short (the status bar) and in detail, its times as the user's clock shows them. */
  words(): StatusWords {
    return describeStatus(this.status, this.clock.now(), timeOfDay);
  }

  /** Whether the Campaigns view can list campaigns now. */
  get canList(): boolean {
    return listable(this.status);
  }

  /** The Retry of an unreachable service: check now instead of at the next scheduled time. */
  async retry(): Promise<void> {
    if (this.monitor && canCall(this.status)) await this.monitor.checkNow();
    else await this.restore();
  }

  /** The environments of the settings, and the problems found in them. */
  environments(): { environments: Environment[]; problems: string[] } {
    return parseEnvironments(vscode.workspace.getConfiguration('campaignStudio').get('environments'));
  }

  /** The active environment: the one chosen last in this workspace, else the first. */
  environment(): Environment | undefined {
    const { environments } = this.environments();
    const name = this.context.workspaceState.get<string>(ACTIVE_KEY);
    return environments.find(e => e.name === name) ?? environments[0];
  }

  environmentNamed(name: string): Environment | undefined {
    return this.environments().environments.find(e => e.name === name);
  }

  /** The client of the active environment when signed in. */
  get client(): ServiceClient | undefined {
    return canCall(this.status) ? this.current : undefined;
  }

  /** The client, or an error that says to sign in. */
  requireClient(): ServiceClient {
    const c = this.client;
    if (c) return c;
    throw this.whyNoClient();
  }

  /** Why there is no client: not signed in, no environment, or a key the service refused. */
  whyNoClient(): Error {
    const env = this.environment();
    if (this.state === 'credentialsRejected')
      return new NotSignedInError(
        vscode.l10n.t('The service rejected the API key of environment `{0}`: {1}', env?.name ?? '', this.words().detail),
        true,
      );
    return new NotSignedInError(
      env
        ? vscode.l10n.t('Not signed in to environment `{0}`. Run "Campaign Studio: Sign In" first.', env.name)
        : vscode.l10n.t(
            'No environment is configured. Run "Campaign Studio: Sign In" to add one (it is saved in the `campaignStudio.environments` setting).',
          ),
    );
  }

  /**
   * A client for a named environment, when its key is stored (for `campaign://<env>/…` documents).
   * Throws, saying to sign in again, when the service refused the active environment's key.
   */
  async clientFor(name: string): Promise<ServiceClient | undefined> {
    const active = this.environment();
    if (active?.name === name && this.client) return this.client;
    // The service refused this key: no other client with it, until the user signs in again.
    if (active?.name === name && this.state === 'credentialsRejected') throw this.whyNoClient();
    const env = this.environmentNamed(name);
    if (!env) return undefined;
    const key = await this.context.secrets.get(secretKeyFor(env));
    return key ? this.makeClient(env, key) : undefined;
  }

  /**
   * A client of `env`: its budgets, the service log, and production's write prompt (which a
   * call marked `confirmed` skips: its flow asked already).
   */
  makeClient(env: Environment, apiKey: string, observe?: (e: CallEvent) => void): ServiceClient {
    return new ServiceClient({
      environment: env,
      apiKey,
      ...budgetsOf(env),
      observe,
      log: entry => this.logCall(entry),
      confirmWrite: intent => this.confirmWrite(intent),
    });
  }

  /** One line per call; failures (5xx, no answer) as warnings, with their request id. */
  private logCall(entry: CallLogEntry): void {
    const line = formatCallLog(entry);
    if (entry.status >= 500 || entry.status === 0) this.log.warn(line);
    else this.log.info(line);
  }

  /** The extra confirmation of production environments; other environments need none. */
  async confirmWrite(intent: WriteIntent): Promise<boolean> {
    if (!intent.environment.production) return true;
    const go = vscode.l10n.t('Send to Production');
    const answer = await vscode.window.showWarningMessage(
      vscode.l10n.t('Environment "{0}" is production. {1}?', plainText(intent.environment.name), plainText(capitalize(intent.description))),
      {
        modal: true,
        detail: plainText(
          `${intent.method} ${intent.environment.baseUrl}${intent.path}\n${vscode.l10n.t('Workspace {0}. This changes live data.', intent.environment.workspaceId)}`,
        ),
      },
      go,
    );
    return answer === go;
  }

  /** On start-up and after settings change: reconnect with the stored key, if any. */
  async restore(): Promise<void> {
    const gen = ++this.generation;
    const env = this.environment();
    const problems = this.environments().problems;
    for (const p of problems) this.log.warn(`settings: ${p}`);
    if (!env) {
      this.signedOut();
      return;
    }
    const key = await this.context.secrets.get(secretKeyFor(env));
    if (gen !== this.generation) return;
    if (!key) {
      this.signedOut();
      return;
    }
    await this.connect(env, key, gen);
  }

  /**
   * A new client and its health monitor for `env`, checked with the cheapest call that proves the
   * key (one search result). Unreachable is not the end: the monitor keeps checking.
   */
  private async connect(env: Environment, key: string, gen: number, action?: ActionContext): Promise<boolean> {
    this.monitor?.dispose();
    const monitor = new HealthMonitor({
      clock: this.clock,
      probe: signal => client.search(PROBE, { signal }),
      onChange: status => {
        if (this.monitor === monitor) this.heard(status);
      },
    });
    // Only the current monitor hears the calls: a replaced one would schedule checks no one reads.
    const client = this.makeClient(env, key, e => {
      if (this.monitor === monitor) monitor.observe(e);
    });
    this.current = client;
    this.monitor = monitor;
    this.lastError = undefined;
    monitor.set({ state: 'connecting' });
    try {
      await client.search(PROBE, { signal: action?.signal, onWait: action?.onWait });
      return gen === this.generation;
    } catch (e) {
      if (gen !== this.generation) return false;
      if (isCancelled(e)) {
        this.signedOut();
        return false;
      }
      const advice = adviceFor(e, {
        environment: env.name,
        workspaceId: env.workspaceId,
        doing: vscode.l10n.t('Connecting to {0}', env.name),
      });
      this.log.error(advice.message);
      this.lastError = advice.message;
      // Not an answer the monitor heard (say, a malformed one): the service is not usable yet.
      if (monitor.status.state === 'connecting') monitor.observe({ kind: 'unanswered', code: 'NETWORK', message: advice.message });
      this.statusIs(monitor.status);
      return false;
    }
  }

  /**
   * A status the health monitor heard from the calls. A service that answers again leaves no
   * last error to show: the failed attempt is over. (A failed sign-in sets its error after the
   * answers of its own check were heard, so it keeps it.)
   */
  private heard(status: ConnectionStatus): void {
    if (status.state === 'connected' || status.state === 'slow') this.lastError = undefined;
    this.statusIs(status);
  }

  private signedOut(): void {
    this.monitor?.dispose();
    this.monitor = undefined;
    this.current = undefined;
    this.lastError = undefined;
    this.statusIs(SIGNED_OUT);
  }

  /**
   * Every change of status: the status listeners, and the view when its listing changes. The
   * context keys and the log follow the state alone, so they are touched only when it changes
   * (not for a new latency or a countdown's tick).
   */
  private statusIs(status: ConnectionStatus): void {
    if (status.state !== this.lastState) this.stateIs(status);
    this.statusChanged.fire(status);
    this.countdown(status.state === 'rateLimited');
    const canList = listable(status);
    if (canList !== this.listed || status.state === 'signedOut' || status.state === 'connecting') {
      this.listed = canList;
      this.changed.fire();
    }
  }

  /** A new state: the context keys of the views and menus, and a line in the log (connecting is not worth one). */
  private stateIs(status: ConnectionStatus): void {
    this.lastState = status.state;
    void vscode.commands.executeCommand(VSCODE_COMMANDS.setContext, 'campaignStudio.signedIn', canCall(status));
    void vscode.commands.executeCommand(VSCODE_COMMANDS.setContext, 'campaignStudio.connection', status.state);
    if (status.state !== 'connecting') this.log.info(`connection: ${this.words().detail}`);
  }

  /** While rate-limited, the status listeners hear the same state each second of the clock, for the countdown. */
  private countdown(on: boolean): void {
    if (!on) {
      this.ticker?.abort();
      this.ticker = undefined;
    } else if (!this.ticker) {
      this.ticker = new AbortController();
      void this.tick(this.ticker.signal);
    }
  }

  private async tick(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      try {
        await this.clock.sleep(1000, signal);
      } catch {
        return;
      }
      this.statusChanged.fire(this.status);
    }
  }

  /** Sign in: choose (or add) an environment, give its API key, check it against the service. */
  async signIn(args: SignInArgs = {}): Promise<boolean> {
    let env = args.environment ? this.environmentNamed(args.environment) : undefined;
    if (args.environment && !env) {
      const { problems } = this.environments();
      throw new Error(
        problems.length
          ? vscode.l10n.t(
              'No environment named `{0}` in the `campaignStudio.environments` setting ({1}).',
              args.environment,
              problems.join(' '),
            )
          : noEnvironmentNamed(args.environment),
      );
    }
    if (!env) env = await this.pickEnvironment(vscode.l10n.t('Sign in to which environment?'), true);
    if (!env) return false;
    await this.context.workspaceState.update(ACTIVE_KEY, env.name);
    let key = args.apiKey;
    if (key === undefined) {
      key = await vscode.window.showInputBox({
        title: vscode.l10n.t('Sign in to {0}', env.name),
        prompt: vscode.l10n.t(
          "API key of workspace {0} ({1}). It is kept in the editor's secret storage only.",
          env.workspaceId,
          env.baseUrl,
        ),
        password: true,
        ignoreFocusOut: true,
        validateInput: v => (v.trim() ? undefined : vscode.l10n.t("Paste the API key from the dashboard's workspace settings.")),
      });
      if (key === undefined) return false;
    }
    key = key.trim();
    if (!key) throw new Error(vscode.l10n.t("The API key is empty: paste the key from the dashboard's workspace settings."));
    const gen = ++this.generation;
    const ok = await runWithProgress(vscode.l10n.t('Signing in to {0}', env.name), action => this.connect(env!, key!, gen, action));
    if (ok) {
      await this.context.secrets.store(secretKeyFor(env), key);
      void vscode.window.showInformationMessage(
        plainText(
          env.production
            ? vscode.l10n.t('Signed in to {0} (production: every write asks for confirmation).', env.name)
            : vscode.l10n.t('Signed in to {0}.', env.name),
        ),
      );
      return true;
    }
    // Cancelled: signed out again, and nothing to say.
    if (this.state === 'signedOut' && !this.lastError) return false;
    const why = this.lastError ?? vscode.l10n.t('Could not sign in to {0}.', env.name);
    if (this.state === 'unreachable') {
      // The key could not be checked (service unreachable); keep it so the next try needs no typing.
      await this.context.secrets.store(secretKeyFor(env), key);
    } else if (this.state === 'credentialsRejected') {
      // A key just typed and refused is not kept: signed out, as before the attempt.
      this.signedOut();
    }
    const retry = vscode.l10n.t('Retry');
    const showLog = vscode.l10n.t('Show Log');
    // Not awaited: the command finishes now; the buttons act whenever they are clicked.
    void vscode.window.showErrorMessage(plainText(why), retry, showLog).then(pick => {
      if (pick === retry) void vscode.commands.executeCommand(COMMAND_IDS.signIn, { environment: env!.name });
      if (pick === showLog) this.log.show(true);
    });
    return false;
  }

  async signOut(): Promise<void> {
    const env = this.environment();
    if (!env) return;
    ++this.generation;
    await this.context.secrets.delete(secretKeyFor(env));
    this.signedOut();
    void vscode.window.showInformationMessage(
      vscode.l10n.t('Signed out of {0}; its API key was removed from secret storage.', plainText(env.name)),
    );
  }

  /** Switch the active environment; signs in when its key is not stored yet. */
  async switchEnvironment(name?: string): Promise<boolean> {
    const env = name ? this.environmentNamed(name) : await this.pickEnvironment(vscode.l10n.t('Switch to which environment?'), true);
    if (!env) {
      if (name) throw new Error(noEnvironmentNamed(name));
      return false;
    }
    await this.context.workspaceState.update(ACTIVE_KEY, env.name);
    const key = await this.context.secrets.get(secretKeyFor(env));
    const gen = ++this.generation;
    if (!key) {
      this.signedOut();
      return this.signIn({ environment: env.name });
    }
    return this.connect(env, key, gen);
  }

  private async pickEnvironment(title: string, allowAdd: boolean): Promise<Environment | undefined> {
    const { environments, problems } = this.environments();
    if (problems.length)
      void vscode.window
        .showWarningMessage(
          vscode.l10n.t('Some environments in the settings are skipped: {0}', plainText(problems.join(' '))),
          vscode.l10n.t('Open Settings'),
        )
        .then(p => {
          if (p) void vscode.commands.executeCommand(VSCODE_COMMANDS.openSettings, 'campaignStudio.environments');
        });
    const active = this.environment();
    type Item = vscode.QuickPickItem & { env?: Environment; add?: boolean };
    const items: Item[] = environments.map(e => ({
      label: `${e.production ? '$(warning) ' : ''}${e.name}`,
      description: e.production
        ? vscode.l10n.t('{0} · workspace {1} · production', e.baseUrl, e.workspaceId)
        : vscode.l10n.t('{0} · workspace {1}', e.baseUrl, e.workspaceId),
      detail: e.name === active?.name ? vscode.l10n.t('active') : undefined,
      env: e,
    }));
    if (allowAdd) items.push({ label: `$(add) ${vscode.l10n.t('Add an environment…')}`, add: true });
    if (environments.length === 0 && allowAdd) return this.addEnvironment();
    const pick = await vscode.window.showQuickPick(items, {
      title,
      placeHolder: vscode.l10n.t('Environments come from the campaignStudio.environments setting'),
    });
    if (!pick) return undefined;
    if (pick.add) return this.addEnvironment();
    return pick.env;
  }

  /** Asks for a new environment and saves it in the workspace (or user) settings. */
  async addEnvironment(): Promise<Environment | undefined> {
    const name = await vscode.window.showInputBox({
      title: vscode.l10n.t('Add environment (1/4): name'),
      prompt: vscode.l10n.t('A short name, such as staging or production'),
      validateInput: v =>
        /^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$/.test(v.trim())
          ? this.environmentNamed(v.trim())
            ? vscode.l10n.t('That name is taken.')
            : undefined
          : vscode.l10n.t('Letters, digits, ".", "_" and "-".'),
    });
    if (!name) return undefined;
    const baseUrl = await vscode.window.showInputBox({
      title: vscode.l10n.t('Add environment (2/4): base URL'),
      prompt: vscode.l10n.t('The data-center host of the service, such as https://api-01.example.com'),
      validateInput: v => {
        const parsed = parseEnvironments([{ name: 'x', baseUrl: v.trim(), workspaceId: 'x' }]);
        return parsed.problems.length ? parsed.problems[0].replace(/^environment `x`: /, '') : undefined;
      },
    });
    if (!baseUrl) return undefined;
    const workspaceId = await vscode.window.showInputBox({
      title: vscode.l10n.t('Add environment (3/4): workspace id'),
      prompt: vscode.l10n.t("The workspace id from the dashboard's workspace settings"),
      validateInput: v => (v.trim() && !/[\s:]/.test(v.trim()) ? undefined : vscode.l10n.t('The workspace id, without spaces.')),
    });
    if (!workspaceId) return undefined;
    const email = await vscode.window.showInputBox({
      title: vscode.l10n.t('Add environment (4/4): your email'),
      prompt: vscode.l10n.t('Fills `created_by` / `updated_by` on writes (optional)'),
      validateInput: v =>
        !v.trim() || /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(v.trim()) ? undefined : vscode.l10n.t('An email address, or nothing.'),
    });
    if (email === undefined) return undefined;
    const yes = vscode.l10n.t('Yes: production (warning colour, every write confirmed)');
    const production = await vscode.window.showQuickPick([vscode.l10n.t('No'), yes], {
      title: vscode.l10n.t('Is this a production environment?'),
    });
    if (production === undefined) return undefined;
    const entry: Record<string, unknown> = {
      name: name.trim(),
      baseUrl: baseUrl.trim(),
      workspaceId: workspaceId.trim(),
      headerPrefix: 'SVC',
    };
    if (email.trim()) entry.email = email.trim();
    if (production === yes) entry.production = true;
    const cfg = vscode.workspace.getConfiguration('campaignStudio');
    const inspect = cfg.inspect<unknown[]>('environments');
    const target = vscode.workspace.workspaceFolders?.length ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global;
    const existing = (target === vscode.ConfigurationTarget.Workspace ? inspect?.workspaceValue : inspect?.globalValue) ?? [];
    await cfg.update('environments', [...(Array.isArray(existing) ? existing : []), entry], target);
    return this.environmentNamed(entry.name as string);
  }
}

/** The time of day a state began, as the user's clock shows it. */
function timeOfDay(ms: number): string {
  return new Date(ms).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

function noEnvironmentNamed(name: string): string {
  return vscode.l10n.t('No environment named `{0}` in the `campaignStudio.environments` setting.', name);
}

class NotSignedInError extends Error {
  constructor(
    message: string,
    readonly rejected = false,
  ) {
    super(message);
  }
}

/** The cheapest call that proves the key and the service: one search result. */
const PROBE = { campaign_fields: { channels: ['PUSH', 'EMAIL', 'SMS'] }, page: 1, limit: 1 };

/** Time budgets: the environment's own, else the setting (reads), else the defaults. */
function budgetsOf(env: Environment): { readBudgetMs: number; writeBudgetMs?: number } {
  const setting = vscode.workspace.getConfiguration('campaignStudio.remote').get<number>('timeoutSeconds', 15);
  const read = env.readTimeoutSeconds ?? (Number.isFinite(setting) && setting > 0 ? setting : 15);
  return { readBudgetMs: read * 1000, writeBudgetMs: env.writeTimeoutSeconds !== undefined ? env.writeTimeoutSeconds * 1000 : undefined };
}

/** `s` with its first letter upper-case. */
export function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/**
 * Shows a failure of a service call with buttons for what to do; cancellations stay silent.
 * Returns the message shown. The buttons are not awaited: the command ends at once.
 */
export function reportError(conn: Connection, e: unknown, doing?: string, retry?: () => unknown): string | undefined {
  if (isCancelled(e)) {
    if (e.reason) void vscode.window.setStatusBarMessage(vscode.l10n.t('Campaign Studio: {0}', e.reason), 5000);
    return undefined;
  }
  if (e instanceof NotSignedInError) {
    const signIn = e.rejected ? vscode.l10n.t('Sign In Again') : vscode.l10n.t('Sign In');
    void vscode.window.showWarningMessage(plainText(e.message), signIn).then(pick => {
      if (pick) runAction(conn, 'signIn');
    });
    return e.message;
  }
  const env = conn.environment();
  const advice = adviceFor(e, { environment: env?.name, workspaceId: env?.workspaceId, doing });
  conn.log.error(advice.message);
  const labels = actionLabels();
  const buttons = advice.actions.filter(a => a !== 'retry' || retry).map(a => labels[a]);
  void vscode.window.showErrorMessage(vscode.l10n.t('Campaign Studio: {0}', plainText(advice.message)), ...buttons).then(pick => {
    const action = (Object.keys(labels) as ErrorAction[]).find(a => labels[a] === pick);
    if (action === 'retry') void Promise.resolve().then(retry);
    else if (action) runAction(conn, action);
  });
  return advice.message;
}

/** The button of each remedy. */
function actionLabels(): Record<ErrorAction, string> {
  return {
    signIn: vscode.l10n.t('Sign In Again'),
    switchEnvironment: vscode.l10n.t('Switch Environment'),
    retry: vscode.l10n.t('Retry'),
    openSettings: vscode.l10n.t('Open Settings'),
    showLog: vscode.l10n.t('Show Log'),
  };
}

/** What a remedy's button does (Retry is the caller's own). */
function runAction(conn: Connection, action: ErrorAction): void {
  const env = conn.environment();
  if (action === 'signIn') void vscode.commands.executeCommand(COMMAND_IDS.signIn, { environment: env?.name });
  else if (action === 'switchEnvironment') void vscode.commands.executeCommand(COMMAND_IDS.switchEnvironment);
  else if (action === 'openSettings') void vscode.commands.executeCommand(VSCODE_COMMANDS.openSettings, 'campaignStudio.environments');
  else if (action === 'showLog') conn.log.show(true);
}
