import * as vscode from 'vscode';
import { VSCODE_COMMANDS } from '../commandIds';

/**
 * The outcomes the walkthrough's steps teach, each the context key its completion event waits for
 * (`onContext:` in package.json's `contributes.walkthroughs`): a step is checked when the thing
 * happened (a campaign pushed), whichever command, button or menu started it.
 */
export const WALKTHROUGH_STEPS = {
  created: 'campaignStudio.walkthrough.created',
  problemsShown: 'campaignStudio.walkthrough.problemsShown',
  fetched: 'campaignStudio.walkthrough.fetched',
  pushed: 'campaignStudio.walkthrough.pushed',
  promoted: 'campaignStudio.walkthrough.promoted',
} as const;

export type WalkthroughStep = keyof typeof WALKTHROUGH_STEPS;

/** The walkthrough as `workbench.action.openWalkthrough` names it: `<publisher>.<name>#<walkthrough id>`. */
export const WALKTHROUGH_ID = 'campaign-studio.campaign-studio#gettingStarted';

/** `campaignStudio.walkthrough.openOnStartup`: a workspace that introduces Campaign Studio (the sandbox) opens on the walkthrough. */
export function openWalkthroughOnStartup(): Thenable<unknown> | undefined {
  if (!vscode.workspace.getConfiguration('campaignStudio.walkthrough').get<boolean>('openOnStartup', false)) return undefined;
  return vscode.commands.executeCommand(VSCODE_COMMANDS.openWalkthrough, WALKTHROUGH_ID, false);
}

/** Sets the step's context key, which checks the step off (VS Code remembers it across sessions). */
export function markStepDone(step: WalkthroughStep): Thenable<unknown> {
  return vscode.commands.executeCommand(VSCODE_COMMANDS.setContext, WALKTHROUGH_STEPS[step], true);
}
