import * as vscode from 'vscode';
import { COMMAND_IDS, CommandTable } from '../commandIds';
import { Feature, registerCommands, StudioContext } from '../context';
import { CAMPAIGN_FILES_GLOB } from '../fileKinds';
import { ConnectionSource, PushActions } from './actions';
import { publishInfo, showExecutions } from './campaignInfo';
import { campaignLenses } from './codeLens';
import { ConflictViews } from './conflictView';
import { createDraft, pushFile, pushOnSave, validateRemote } from './fileWrites';
import { PushReviews } from './reviewTab';
import { sendTest } from './sendTest';
import { changeStatus } from './statusCommands';
import { trustedWrites } from './trust';
import { EXECUTIONS_SCHEME, PREVIEW_SCHEME, PreviewDocuments, RemoteFindings } from './vscodeUi';

/**
 * Push, create draft, validate remotely, test sends, pause / resume / stop, execution history and
 * the publishing explanation, as commands; a CodeLens at the top of campaign files; push on save
 * when `campaignStudio.push.onSave` is on. This module only wires them: each command is a module
 * of this folder (`fileWrites.ts`, `sendTest.ts`, `statusCommands.ts`, `campaignInfo.ts`), what
 * they share is `PushActions` (`actions.ts`), their words `texts.ts`; the flows themselves are
 * plain TypeScript in `@campaign-studio/sync`.
 */

export function pushFeature(connection: () => ConnectionSource | undefined): Feature & { actions(): PushActions | undefined } {
  let actions: PushActions | undefined;
  return {
    name: 'push',
    activate: ctx => {
      actions = activatePush(ctx, connection);
    },
    /** What the write commands share, once activated, for promotion to write with. */
    actions: () => actions,
  };
}

/** The documents, views and listeners of the write side, and its commands. */
function activatePush(ctx: StudioContext, connection: () => ConnectionSource | undefined): PushActions {
  const subs = ctx.extension.subscriptions;
  const previews = new PreviewDocuments();
  /** The execution histories, read-only documents with nothing to save. */
  const histories = new PreviewDocuments(EXECUTIONS_SCHEME);
  const findings = new RemoteFindings(ctx.client);
  const reviews = new PushReviews(previews);
  /** The "Resolve conflicts" tabs this feature's pushes open. */
  const conflicts = new ConflictViews(ctx.extension.extensionUri, previews);
  const actions = new PushActions(ctx, connection, { findings, output: ctx.output, reviews, askConflicts: q => conflicts.ask(q) });
  subs.push(previews, findings, reviews, conflicts, actions.lensChanged);
  subs.push(histories, vscode.workspace.registerTextDocumentContentProvider(PREVIEW_SCHEME, previews));
  subs.push(vscode.languages.registerCodeLensProvider({ scheme: PREVIEW_SCHEME }, reviews));
  subs.push(vscode.workspace.registerTextDocumentContentProvider(EXECUTIONS_SCHEME, histories));
  subs.push(
    vscode.languages.registerCodeLensProvider(
      { scheme: 'file', pattern: CAMPAIGN_FILES_GLOB },
      {
        onDidChangeCodeLenses: actions.lensChanged.event,
        provideCodeLenses: doc => campaignLenses(actions, doc),
      },
    ),
  );
  const conn = connection();
  if (conn?.onDidChange) subs.push(conn.onDidChange(() => actions.lensChanged.fire()));
  subs.push(vscode.workspace.onDidSaveTextDocument(doc => pushOnSave(actions, doc)));
  subs.push(
    vscode.workspace.onDidChangeConfiguration(e => {
      if (e.affectsConfiguration('campaignStudio')) actions.lensChanged.fire();
    }),
  );
  registerCommands(ctx, trustedWrites(pushCommands(actions, { histories, reviews, conflicts })));
  return actions;
}

/** The write commands: those on a campaign file run one write of it at a time, and all that need the service offer to sign in first. */
function pushCommands(
  actions: PushActions,
  views: { histories: PreviewDocuments; reviews: PushReviews; conflicts: ConflictViews },
): CommandTable<'push'> {
  const { histories, reviews, conflicts } = views;
  return {
    [COMMAND_IDS.push]: () => actions.signedIn(arg => actions.withFile(arg, 'push', file => pushFile(actions, file))),
    [COMMAND_IDS.createDraft]: () => actions.signedIn(arg => actions.withFile(arg, 'createDraft', file => createDraft(actions, file))),
    [COMMAND_IDS.validateRemote]: () => actions.signedIn(arg => actions.withFile(arg, 'validate', file => validateRemote(actions, file))),
    [COMMAND_IDS.sendTest]: () => actions.signedIn(arg => actions.withFile(arg, 'sendTest', file => sendTest(actions, file))),
    [COMMAND_IDS.pauseCampaign]: () => actions.signedIn((arg, selected) => changeStatus(actions, arg, 'PAUSE', selected)),
    [COMMAND_IDS.resumeCampaign]: () => actions.signedIn((arg, selected) => changeStatus(actions, arg, 'RESUME', selected)),
    [COMMAND_IDS.stopCampaign]: () => actions.signedIn((arg, selected) => changeStatus(actions, arg, 'STOP', selected)),
    [COMMAND_IDS.showExecutions]: () => actions.signedIn(arg => showExecutions(actions, histories, arg)),
    [COMMAND_IDS.publishInfo]: () => (arg?: unknown) => publishInfo(actions, arg),
    [COMMAND_IDS.reviewPush]: () => (arg?: unknown) => reviews.answer(arg, true),
    [COMMAND_IDS.reviewCancel]: () => (arg?: unknown) => reviews.answer(arg, false),
    [COMMAND_IDS.conflictsChoose]: () => (arg?: unknown) => conflicts.choose(arg),
    [COMMAND_IDS.conflictsPreviewResult]: () => () => conflicts.previewResult(),
    [COMMAND_IDS.conflictsContinue]: () => () => conflicts.continue(),
    [COMMAND_IDS.conflictsCancel]: () => () => conflicts.cancel(),
  };
}
