import * as vscode from 'vscode';
import { serviceTimeText } from '@campaign-studio/core';
import {
  adviceFor,
  campaignContextValue,
  campaignDescription,
  campaignIcon,
  CampaignRecord,
  campaignTooltipLines,
  describeFilter,
  ExplorerFilter,
  Group,
  GroupBy,
  groupCountText,
  groupIcon,
  groupKey,
  GroupPager,
  groupsFor,
  hasChildren,
  humanize,
  idOf,
  isExpanded,
  isFiltered,
  metaFor,
  MetaRecord,
  nameOf,
  PAGE_SIZE,
  sanitizeExpanded,
  sanitizeFilter,
  ServiceClient,
  withCampaignRead,
  withExpansion,
} from '@campaign-studio/sync';
import { COMMAND_IDS, VSCODE_COMMANDS } from '../commandIds';
import { CampaignRead } from '../context';
import { capitalize, Connection } from './connection';
import { LinkMark, markDescription, markTooltipLines } from '../promote/linkMarks';
import type { LinkStates } from '../promote/linkStates';

/**
 * The Campaigns explorer: groups (by status or by channel), each paging its own search 15 at a
 * time with a "Load more" item; periodic and business-event parents expand to their executions.
 * Items are small classes whose `contextValue` drives their menus.
 */

export const VIEW_ID = 'campaignStudio.campaigns';
const FILTER_KEY = 'campaignStudio.explorer.filter';
const GROUP_BY_KEY = 'campaignStudio.explorer.groupBy';
const EXPANDED_KEY = 'campaignStudio.explorer.expanded';

class GroupNode {
  readonly kind = 'group';
  constructor(
    readonly group: Group,
    readonly pager: GroupPager,
  ) {}
}

export class CampaignNode {
  readonly kind = 'campaign';
  constructor(
    readonly record: CampaignRecord,
    readonly by: GroupBy,
    readonly environment: string,
  ) {}
  get id(): string {
    return idOf(this.record);
  }
}

/** Execution history of a parent, paged. */
class ExecutionsPager {
  readonly items: Array<Record<string, unknown>> = [];
  nextPage = 1;
  done = false;
  total?: number;
  error: unknown;
}

export class ExecutionNode {
  readonly kind = 'execution';
  constructor(
    readonly entry: Record<string, unknown>,
    readonly parent: CampaignNode,
  ) {}
  get id(): string | undefined {
    const v = this.entry.campaign_id ?? this.entry.id;
    return typeof v === 'string' ? v : undefined;
  }
}

export class MoreNode {
  readonly kind = 'more';
  constructor(readonly owner: GroupNode | CampaignNode) {}
}

class MessageNode {
  readonly kind = 'message';
  constructor(
    readonly text: string,
    readonly icon: string,
    readonly tooltip?: string,
    readonly command?: vscode.Command,
  ) {}
}

export type ExplorerNode = GroupNode | CampaignNode | ExecutionNode | MoreNode | MessageNode;

export interface ExplorerSnapshot {
  environment?: string;
  production: boolean;
  state: string;
  groupBy: GroupBy;
  filter: ExplorerFilter;
  description?: string;
  /** The message above the tree (the active filter). */
  message?: string;
  /** `count`: what the group shows beside its name, before it is expanded ("7", "15+", "3 match", "no match"); absent while unknown. */
  groups: Array<{ group: string; count?: string; expanded: boolean; campaigns: SnapshotCampaign[]; more: boolean; message?: string }>;
}

/** A listed campaign as its item shows it; the tooltip without the reachability, which a hover asks the service for. */
export interface SnapshotCampaign {
  id: string;
  name: string;
  status: unknown;
  channel: unknown;
  description?: string;
  tooltip: string;
  /** What its item's menus match (`viewItem`), as the tree sets it. */
  contextValue?: string;
  /** Its promotion links as its item marks them (`⇄ production = equal`); absent without links. */
  links?: string;
  /** A linked campaign of it is still being read. */
  linksPending?: boolean;
}

export class CampaignsProvider implements vscode.TreeDataProvider<ExplorerNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<ExplorerNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private groups: GroupNode[] = [];
  private groupsKey = '';
  /** The groups' first pages being read, for the snapshot to wait for. */
  private firstPages: Promise<void> = Promise.resolve();
  private readonly executions = new Map<string, ExecutionsPager>();
  private readonly meta = new Map<string, Promise<MetaRecord | undefined>>();
  private readonly disposables: vscode.Disposable[] = [];
  view?: vscode.TreeView<ExplorerNode>;

  /** `links`: the promotion links the items mark; none, no marks. */
  constructor(
    private readonly conn: Connection,
    private readonly state: vscode.Memento,
    private readonly links?: LinkStates,
  ) {
    this.disposables.push(this.changed);
    // A mark read or changed: the whole tree again, from the pages it holds (nothing is listed anew).
    if (links) this.disposables.push(links.onDidChange(() => this.changed.fire(undefined)));
    // The status listener hears every change first (the connection fires it before `onDidChange`) and describes the state.
    this.disposables.push(conn.onDidChangeStatus(() => this.describeState()));
    this.disposables.push(conn.onDidChange(() => this.reload()));
    this.disposables.push(
      vscode.workspace.onDidChangeConfiguration(e => {
        if (e.affectsConfiguration('campaignStudio.explorer.groupBy') && this.state.get(GROUP_BY_KEY) === undefined) this.refresh();
      }),
    );
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }

  /**
   * How the view groups: UI state of this workspace. Until the person chooses, the deprecated
   * `campaignStudio.explorer.groupBy` setting gives the initial grouping (its former home).
   */
  get groupBy(): GroupBy {
    const chosen =
      this.state.get<string>(GROUP_BY_KEY) ?? vscode.workspace.getConfiguration('campaignStudio.explorer').get<string>('groupBy');
    return chosen === 'channel' ? 'channel' : 'status';
  }

  get filter(): ExplorerFilter {
    return sanitizeFilter(this.state.get(FILTER_KEY));
  }

  async setFilter(f: ExplorerFilter): Promise<void> {
    await this.state.update(FILTER_KEY, sanitizeFilter(f));
    this.refresh();
  }

  /** Kept in the workspace state: the settings files are left alone. */
  async setGroupBy(by: GroupBy): Promise<void> {
    await this.state.update(GROUP_BY_KEY, by);
    this.refresh();
  }

  /** Drops every loaded page, says what the view shows, and asks the view to ask again. */
  refresh(): void {
    this.reset();
    this.describeState();
    this.changed.fire(undefined);
  }

  /** `refresh` for a change of the connection, whose status listener has already described the state. */
  private reload(): void {
    this.reset();
    this.changed.fire(undefined);
  }

  /** Drops every loaded page, and sets what the view's header and menus show of the filter and the connection. */
  private reset(): void {
    this.groups = [];
    this.groupsKey = '';
    this.executions.clear();
    this.meta.clear();
    const f = this.filter;
    void vscode.commands.executeCommand(VSCODE_COMMANDS.setContext, 'campaignStudio.explorer.groupBy', this.groupBy);
    void vscode.commands.executeCommand(VSCODE_COMMANDS.setContext, 'campaignStudio.explorer.filtered', isFiltered(f));
    if (this.view) {
      this.view.description = isFiltered(f) ? describeFilter(f) : undefined;
      const env = this.conn.environment();
      // The container already says "Campaigns": the header reads "CAMPAIGNS: <ENVIRONMENT>".
      this.view.title = env && this.conn.client ? env.name : vscode.l10n.t('Campaigns');
    }
  }

  /**
   * The message above the tree: a slow or rate-limited connection, and the active filter. (The
   * description shows only where the view has its own header, not when it is alone in its
   * container, as it is by default; the message always shows.) Unreachable or refused, the tree
   * is empty and its welcome content says so, which VS Code shows only without a message. Set
   * only when it changes: each set redraws the view, under the pointer of someone clicking it.
   */
  private describeState(): void {
    if (!this.view) return;
    const status = this.conn.status;
    const f = this.filter;
    const lines: string[] = [];
    if (status.state === 'slow' || status.state === 'rateLimited') {
      const words = this.conn.words();
      lines.push(`${capitalize(words.short)}: ${words.detail}`);
    }
    if (isFiltered(f) && this.conn.canList)
      lines.push(vscode.l10n.t('Filtered: {0}. "Clear Campaign Filters" lists everything.', describeFilter(f)));
    const message = lines.length ? lines.join(' ') : undefined;
    if (this.view.message !== message) this.view.message = message;
  }

  private currentGroups(): GroupNode[] {
    const by = this.groupBy;
    const f = this.filter;
    const key = JSON.stringify([by, f, this.conn.environment()?.name]);
    if (key !== this.groupsKey) {
      this.groups = groupsFor(by, f).map(g => new GroupNode(g, new GroupPager(f, g)));
      this.groupsKey = key;
    }
    return this.groups;
  }

  getParent(node: ExplorerNode): ExplorerNode | undefined {
    if (node instanceof ExecutionNode) return node.parent;
    if (node instanceof MoreNode) return node.owner;
    if (node instanceof CampaignNode) return this.groups.find(g => g.pager.items.includes(node.record));
    return undefined;
  }

  /**
   * The workbench asks for a group's children only while it shows the group open, so a group
   * asked for is remembered as open: its expand event alone is not enough, as the extension host
   * drops one that arrives while it redraws the view (a click just as the counts come in).
   */
  async getChildren(node?: ExplorerNode): Promise<ExplorerNode[]> {
    if (node instanceof GroupNode && this.conn.canList) await this.rememberExpansion(node, true);
    return this.childrenOf(node);
  }

  /** The children of a node, read as needed; the snapshot's reads, which show nothing, come here directly. */
  private async childrenOf(node?: ExplorerNode): Promise<ExplorerNode[]> {
    const client = this.conn.client;
    // Unreachable or refused: no stale listing; the welcome content says what is wrong and offers Retry.
    if (!client || !this.conn.canList) return [];
    const env = this.conn.environment()?.name ?? '';
    if (!node) {
      const groups = this.currentGroups();
      this.firstPages = this.loadFirstPages(groups, client);
      return groups;
    }
    if (node instanceof GroupNode) {
      const p = node.pager;
      if (!p.loaded && !p.error) {
        try {
          await this.withViewProgress(() => p.loadMore(client));
        } catch {
          // Shown as a message item below.
        }
        // The group's count ("15+", "7") is known now: show it by refreshing the whole tree (the
        // pages stay loaded, so nothing is asked of the service again). Not by refreshing the
        // group alone: the workbench is still waiting for these children, keeps them when that
        // refresh arrives, and never asks again, while the extension host has already dropped
        // them; the campaigns listed would then lose their hover, inline buttons and menus
        // (Fetch would ask for an id).
        setImmediate(() => this.changed.fire(undefined));
      }
      const out: ExplorerNode[] = p.items.map(r => new CampaignNode(r, this.groupBy, env));
      this.links?.want(env, p.items.map(idOf));
      if (p.error) out.push(this.errorNode(p.error, vscode.l10n.t('Loading {0} campaigns', humanize(node.group.value))));
      else if (!p.done) out.push(new MoreNode(node));
      else if (p.items.length === 0)
        out.push(
          new MessageNode(
            isFiltered(this.filter) ? vscode.l10n.t('No campaign matches the filter') : vscode.l10n.t('No campaigns'),
            'info',
          ),
        );
      return out;
    }
    if (node instanceof CampaignNode && hasChildren(node.record)) {
      const pager = this.executionsPager(node);
      if (pager.nextPage === 1 && !pager.error) {
        try {
          await this.withViewProgress(() => this.loadExecutions(node));
        } catch {
          // Shown below.
        }
      }
      const out: ExplorerNode[] = pager.items.map(e => new ExecutionNode(e, node));
      if (pager.error) out.push(this.errorNode(pager.error, vscode.l10n.t('Loading executions')));
      else if (!pager.done) out.push(new MoreNode(node));
      else if (!pager.items.length) out.push(new MessageNode(vscode.l10n.t('No executions yet'), 'info'));
      return out;
    }
    return [];
  }

  /**
   * The first page of every group not yet asked for, so that each shows its count before it is
   * expanded: one search per group, which the group's own listing then reuses, paced by the
   * client's rate limiter. The tree is redrawn once they are all in (unless it was reset since).
   */
  private async loadFirstPages(groups: readonly GroupNode[], client: ServiceClient): Promise<void> {
    const waiting = groups.filter(g => !g.pager.loaded && !g.pager.error);
    if (!waiting.length) return;
    // A group already being read (expanded meanwhile) answers with that same read: never a second call.
    const asked = waiting.filter(g => !g.pager.loading).length;
    await this.withViewProgress(() => Promise.allSettled(waiting.map(g => g.pager.loadMore(client))));
    if (asked && this.groups === groups) this.changed.fire(undefined);
  }

  /**
   * Remembers a group expanded or collapsed by the person, per environment, for the next drawing
   * of the view. While the service cannot be listed the view shows nothing, and the workbench folds
   * an open group whose children went away: that is not the person's doing, so it is not remembered.
   */
  async rememberExpansion(node: ExplorerNode, expanded: boolean): Promise<void> {
    const env = this.conn.environment()?.name;
    if (!(node instanceof GroupNode) || !env || (!expanded && !this.conn.canList)) return;
    const state = this.expansion();
    const next = withExpansion(state, env, groupKey(node.group), expanded);
    if (next !== state) await this.state.update(EXPANDED_KEY, next);
  }

  private expansion() {
    return sanitizeExpanded(this.state.get(EXPANDED_KEY));
  }

  private isExpanded(node: GroupNode): boolean {
    return isExpanded(this.expansion(), this.conn.environment()?.name ?? '', groupKey(node.group));
  }

  private executionsPager(node: CampaignNode): ExecutionsPager {
    let p = this.executions.get(node.id);
    if (!p) {
      p = new ExecutionsPager();
      this.executions.set(node.id, p);
    }
    return p;
  }

  private async loadExecutions(node: CampaignNode): Promise<void> {
    const client = this.conn.requireClient();
    const p = this.executionsPager(node);
    try {
      const page = await client.executions(node.id, { page: p.nextPage, limit: PAGE_SIZE });
      p.items.push(...page.executions);
      p.total = page.total_instances;
      p.nextPage++;
      p.done = page.executions.length < PAGE_SIZE || (p.total !== undefined && p.items.length >= p.total);
      p.error = undefined;
    } catch (e) {
      p.error = e;
      throw e;
    }
  }

  /** "Load more": the next page of a group, or of a parent's executions. */
  async loadMore(node: MoreNode): Promise<void> {
    const client = this.conn.requireClient();
    const owner = node.owner;
    if (owner instanceof GroupNode) await this.withViewProgress(() => owner.pager.loadMore(client));
    else await this.withViewProgress(() => this.loadExecutions(owner));
    this.changed.fire(owner);
  }

  /**
   * A campaign read fresh from the service (a push's read-back, a fetch): its item shows the
   * record as read, where this environment's view lists it. Nothing is read again, and only the
   * groups whose list changed are redrawn.
   */
  showRead(read: CampaignRead): void {
    if (!this.conn.client || read.environment !== this.conn.environment()?.name) return;
    const listed = this.groups.map(g => ({ group: g.group, loaded: g.pager.loaded, items: g.pager.items }));
    withCampaignRead(listed, read.record).forEach((items, i) => {
      if (!items) return;
      this.groups[i].pager.show(items);
      this.changed.fire(this.groups[i]);
    });
  }

  /** Retry after an error in a group; Refresh: everything listed again, the linked campaigns read again. */
  retry(node: ExplorerNode | undefined): void {
    if (node instanceof GroupNode) node.pager.error = undefined;
    else this.links?.invalidate();
    this.refresh();
  }

  private errorNode(e: unknown, doing: string): MessageNode {
    const env = this.conn.environment();
    const advice = adviceFor(e, { environment: env?.name, workspaceId: env?.workspaceId, doing });
    return new MessageNode(advice.message, 'error', advice.message, {
      command: COMMAND_IDS.explorerRefresh,
      title: vscode.l10n.t('Retry'),
    });
  }

  private withViewProgress<T>(op: () => Promise<T>): Promise<T> {
    return Promise.resolve(vscode.window.withProgress({ location: { viewId: VIEW_ID } }, op));
  }

  getTreeItem(node: ExplorerNode): vscode.TreeItem {
    if (node instanceof GroupNode) {
      const item = new vscode.TreeItem(
        humanize(node.group.value),
        this.isExpanded(node) ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed,
      );
      // Per environment: VS Code keeps an item's expansion by its id, and another environment's groups are other groups.
      item.id = `group/${this.conn.environment()?.name ?? ''}/${groupKey(node.group)}`;
      const none = node.pager.loaded && node.pager.items.length === 0;
      item.iconPath = new vscode.ThemeIcon(groupIcon(node.group), none ? new vscode.ThemeColor('disabledForeground') : undefined);
      item.description = groupCountText(node.pager, isFiltered(this.filter));
      item.contextValue = 'group';
      item.tooltip =
        node.group.by === 'status' ? vscode.l10n.t('Status {0}', node.group.value) : vscode.l10n.t('Channel {0}', node.group.value);
      return item;
    }
    if (node instanceof CampaignNode) {
      const r = node.record;
      const item = new vscode.TreeItem(
        nameOf(r),
        hasChildren(r) ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None,
      );
      item.id = `campaign/${node.environment}/${node.id}`;
      item.description = this.descriptionOf(node);
      const icon = campaignIcon(r);
      item.iconPath = new vscode.ThemeIcon(icon.id, icon.color ? new vscode.ThemeColor(icon.color) : undefined);
      item.contextValue = campaignContextValue(r);
      item.command = { command: COMMAND_IDS.openRemote, title: vscode.l10n.t('Open Read-Only'), arguments: [node] };
      item.accessibilityInformation = {
        label: vscode.l10n.t('{0}, {1} {2} campaign', nameOf(r), String(r.channel ?? ''), String(r.status ?? '')),
      };
      return item;
    }
    if (node instanceof ExecutionNode) {
      const e = node.entry;
      const sent = typeof e.sent_time === 'string' && e.sent_time ? serviceTimeText(e.sent_time) : undefined;
      const item = new vscode.TreeItem(sent ?? node.id ?? vscode.l10n.t('execution'), vscode.TreeItemCollapsibleState.None);
      item.description = [typeof e.status === 'string' ? e.status : undefined, sent ? node.id : undefined].filter(Boolean).join(' · ');
      item.iconPath = new vscode.ThemeIcon('history');
      item.contextValue = node.id ? 'execution' : 'execution.noId';
      item.tooltip = Object.entries(e)
        .map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
        .join('\n');
      if (node.id) item.command = { command: COMMAND_IDS.openRemote, title: vscode.l10n.t('Open Read-Only'), arguments: [node.id] };
      return item;
    }
    if (node instanceof MoreNode) {
      const item = new vscode.TreeItem(vscode.l10n.t('Load more…'), vscode.TreeItemCollapsibleState.None);
      item.iconPath = new vscode.ThemeIcon('ellipsis');
      item.contextValue = 'loadMore';
      item.tooltip = vscode.l10n.t('Load the next {0}', PAGE_SIZE);
      item.command = { command: COMMAND_IDS.explorerLoadMore, title: vscode.l10n.t('Load More'), arguments: [node] };
      return item;
    }
    const item = new vscode.TreeItem(node.text, vscode.TreeItemCollapsibleState.None);
    item.iconPath = new vscode.ThemeIcon(node.icon, node.icon === 'error' ? new vscode.ThemeColor('errorForeground') : undefined);
    item.tooltip = node.tooltip;
    item.command = node.command;
    item.contextValue = 'message';
    return item;
  }

  /** Tooltips are built on hover: the metadata call's reachability, when the service has one. */
  async resolveTreeItem(item: vscode.TreeItem, node: ExplorerNode, token: vscode.CancellationToken): Promise<vscode.TreeItem> {
    if (!(node instanceof CampaignNode)) return item;
    const client = this.conn.client;
    let meta: MetaRecord | undefined;
    if (client && !token.isCancellationRequested) {
      let p = this.meta.get(node.id);
      if (!p) {
        p = metaFor(client, node.record).catch(() => undefined);
        this.meta.set(node.id, p);
      }
      meta = await p;
    }
    item.tooltip = tooltipOf(node.record, meta, this.marksOf(node));
    return item;
  }

  private marksOf(node: CampaignNode): LinkMark[] {
    return this.links?.marksOf(node.environment, node.record, node.id) ?? [];
  }

  /** The campaign's description, then the marks of its promotion links. */
  private descriptionOf(node: CampaignNode): string {
    const marks = markDescription(this.marksOf(node));
    const own = campaignDescription(node.record, node.by);
    return marks ? `${own}  ${marks}` : own;
  }

  /** The loaded tree as plain data (for automation and the extension tests). */
  async snapshot(expandGroups = true): Promise<ExplorerSnapshot> {
    const env = this.conn.environment();
    let groups = await this.snapshotGroups(expandGroups);
    // The marks asked for while listing are read in one batch per environment: the snapshot shows them read.
    for (let round = 0; round < 3 && this.links && groups.some(g => g.campaigns.some(c => c.linksPending)); round++) {
      await this.links.settled();
      groups = await this.snapshotGroups(expandGroups);
    }
    return {
      environment: env?.name,
      production: !!env?.production,
      state: this.conn.state,
      groupBy: this.groupBy,
      filter: this.filter,
      description: this.view?.description,
      message: this.view?.message,
      groups,
    };
  }

  private async snapshotGroups(expandGroups: boolean): Promise<ExplorerSnapshot['groups']> {
    const out: ExplorerSnapshot['groups'] = [];
    const groups = await this.childrenOf();
    await this.firstPages;
    for (const g of groups) {
      if (!(g instanceof GroupNode)) continue;
      const kids = expandGroups ? await this.childrenOf(g) : [];
      out.push({
        group: g.group.value,
        count: groupCountText(g.pager, isFiltered(this.filter)),
        expanded: this.isExpanded(g),
        campaigns: kids.filter((k): k is CampaignNode => k instanceof CampaignNode).map(k => this.snapshotOf(k)),
        more: kids.some(k => k instanceof MoreNode),
        message: kids.find((k): k is MessageNode => k instanceof MessageNode)?.text,
      });
    }
    return out;
  }

  private snapshotOf(node: CampaignNode): SnapshotCampaign {
    const marks = this.marksOf(node);
    return {
      id: node.id,
      name: nameOf(node.record),
      status: node.record.status,
      channel: node.record.channel,
      description: this.descriptionOf(node),
      tooltip: tooltipOf(node.record, undefined, marks).value,
      contextValue: this.getTreeItem(node).contextValue,
      ...(marks.length ? { links: markDescription(marks) } : {}),
      ...(marks.some(m => m.equality === 'unknown') ? { linksPending: true } : {}),
    };
  }

  /** The "Load more" node of a group, if it has one (automation). */
  moreNodeOf(groupValue: string): MoreNode | undefined {
    const g = this.groups.find(x => x.group.value === groupValue);
    return g && !g.pager.done ? new MoreNode(g) : undefined;
  }
}

function tooltipOf(r: CampaignRecord, meta?: MetaRecord, marks: readonly LinkMark[] = []): vscode.MarkdownString {
  return new vscode.MarkdownString([...campaignTooltipLines(r, meta), ...markTooltipLines(marks)].join('\n'));
}
