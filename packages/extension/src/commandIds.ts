import type { CommandFactory } from './context';

/**
 * Every command id the extension registers or runs, spelled out here and nowhere else in `src/`.
 * Ids are a public contract (keybindings, links, scripts): never rename one. A name is its id
 * without `campaignStudio.`, dots dropped into camel case (`connection.retry` → `connectionRetry`).
 *
 * Each feature registers exactly its own group: its command table is a `CommandTable` of that
 * group, so the type check fails while one is missing or extra. `test/commandIds.test.ts` checks
 * the groups against package.json: every contributed command is here, every id here is contributed
 * or `INTERNAL_COMMANDS`, and the menus, keybindings, activation events and command links of the
 * manifest name only these.
 */

/** The connection, the Campaigns view, remote documents, fetch and compare (`remoteEditor/commands.ts`). */
const remote = {
  signIn: 'campaignStudio.signIn',
  signOut: 'campaignStudio.signOut',
  switchEnvironment: 'campaignStudio.switchEnvironment',
  addEnvironment: 'campaignStudio.addEnvironment',
  showServiceLog: 'campaignStudio.showServiceLog',
  connectionRetry: 'campaignStudio.connection.retry',
  openRemote: 'campaignStudio.openRemote',
  fetch: 'campaignStudio.fetch',
  fetchToEdit: 'campaignStudio.fetchToEdit',
  diffRemote: 'campaignStudio.diffRemote',
  diffBase: 'campaignStudio.diffBase',
  summarizeChanges: 'campaignStudio.summarizeChanges',
  checkWorkspace: 'campaignStudio.checkWorkspace',
  explorerRefresh: 'campaignStudio.explorer.refresh',
  explorerLoadMore: 'campaignStudio.explorer.loadMore',
  explorerGroupByStatus: 'campaignStudio.explorer.groupByStatus',
  explorerGroupByChannel: 'campaignStudio.explorer.groupByChannel',
  explorerClearFilters: 'campaignStudio.explorer.clearFilters',
  explorerFilter: 'campaignStudio.explorer.filter',
  explorerCopyId: 'campaignStudio.explorer.copyId',
  explorerShowFlow: 'campaignStudio.explorer.showFlow',
  internalExplorerSnapshot: 'campaignStudio.internal.explorerSnapshot',
} as const;

/** The writes, their review and conflict view, and what else acts on a campaign (`push/feature.ts`). */
const push = {
  push: 'campaignStudio.push',
  createDraft: 'campaignStudio.createDraft',
  validateRemote: 'campaignStudio.validateRemote',
  sendTest: 'campaignStudio.sendTest',
  pauseCampaign: 'campaignStudio.pauseCampaign',
  resumeCampaign: 'campaignStudio.resumeCampaign',
  stopCampaign: 'campaignStudio.stopCampaign',
  showExecutions: 'campaignStudio.showExecutions',
  publishInfo: 'campaignStudio.publishInfo',
  reviewPush: 'campaignStudio.review.push',
  reviewCancel: 'campaignStudio.review.cancel',
  conflictsChoose: 'campaignStudio.conflicts.choose',
  conflictsPreviewResult: 'campaignStudio.conflicts.previewResult',
  conflictsContinue: 'campaignStudio.conflicts.continue',
  conflictsCancel: 'campaignStudio.conflicts.cancel',
} as const;

/** Promotion between environments, and the comparison of linked campaigns (`promote/feature.ts`). */
const promote = {
  promote: 'campaignStudio.promote',
  compareEnvironment: 'campaignStudio.compareEnvironment',
} as const;

/** New Campaign and the rules' documentation (`onboarding/feature.ts`). */
const onboarding = {
  newCampaign: 'campaignStudio.newCampaign',
  showRuleDoc: 'campaignStudio.showRuleDoc',
} as const;

/** The campaign preview (`preview/feature.ts`). */
const preview = {
  showPreview: 'campaignStudio.showPreview',
  previewReveal: 'campaignStudio.preview.reveal',
} as const;

/** Each feature's commands, as its command table must register them. */
export const FEATURE_COMMANDS = { remote, push, promote, onboarding, preview } as const;

/** Every command of the extension. */
export const COMMAND_IDS = { ...remote, ...push, ...promote, ...onboarding, ...preview } as const;

export type CommandId = (typeof COMMAND_IDS)[keyof typeof COMMAND_IDS];

/** Registered, never contributed: the way in for automation and the extension's tests, so not in the palette. */
export const INTERNAL_COMMANDS: readonly CommandId[] = [COMMAND_IDS.internalExplorerSnapshot];

type FeatureCommands = typeof FEATURE_COMMANDS;

/** A feature's command table: a factory for each of its commands, and nothing else. */
export type CommandTable<F extends keyof FeatureCommands> = Record<
  Extract<FeatureCommands[F][keyof FeatureCommands[F]], string>,
  CommandFactory
>;

/** VS Code's own commands the extension runs. */
export const VSCODE_COMMANDS = {
  setContext: 'setContext',
  diff: 'vscode.diff',
  openSettings: 'workbench.action.openSettings',
  markdownPreview: 'markdown.showPreview',
  manageTrust: 'workbench.trust.manage',
  openWalkthrough: 'workbench.action.openWalkthrough',
} as const;

/** A link that runs `id` from trusted Markdown (a tooltip, a hover): `command:<id>`. */
export function commandLink(id: CommandId): string {
  return `command:${id}`;
}
