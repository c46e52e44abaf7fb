import * as vscode from 'vscode';
import { Feature, registerCommands } from '../context';
import { NEW_CAMPAIGN, newCampaign, NewCampaignArgs } from './newCampaign';
import { RULE_DOC_SCHEME, ruleDocProvider, SHOW_RULE_DOC, showRuleDoc } from './ruleDocs';

/** Getting started: "New Campaign…" and the rules' documentation inside the editor (the walkthrough is all manifest). */
export function onboardingFeature(): Feature {
  return {
    name: 'onboarding',
    activate(ctx) {
      ctx.extension.subscriptions.push(vscode.workspace.registerTextDocumentContentProvider(RULE_DOC_SCHEME, ruleDocProvider(ctx)));
      registerCommands(ctx, {
        [NEW_CAMPAIGN]: () => (args?: NewCampaignArgs) => newCampaign(args),
        [SHOW_RULE_DOC]: c => (rule?: unknown) => showRuleDoc(c, rule),
      });
    },
  };
}
