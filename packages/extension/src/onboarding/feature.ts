import * as vscode from 'vscode';
import { COMMAND_IDS, CommandTable } from '../commandIds';
import { Feature, registerCommands } from '../context';
import { newCampaign, NewCampaignArgs } from './newCampaign';
import { RULE_DOC_SCHEME, ruleDocProvider, showRuleDoc } from './ruleDocs';

/** Getting started: "New Campaign…" and the rules' documentation inside the editor (the walkthrough is all manifest). */
export function onboardingFeature(): Feature {
  return {
    name: 'onboarding',
    activate(ctx) {
      ctx.extension.subscriptions.push(vscode.workspace.registerTextDocumentContentProvider(RULE_DOC_SCHEME, ruleDocProvider(ctx)));
      const commands: CommandTable<'onboarding'> = {
        [COMMAND_IDS.newCampaign]: () => (args?: NewCampaignArgs) => newCampaign(args),
        [COMMAND_IDS.showRuleDoc]: c => (rule?: unknown) => showRuleDoc(c, rule),
      };
      registerCommands(ctx, commands);
    },
  };
}
