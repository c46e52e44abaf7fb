import * as vscode from 'vscode';
import { Feature, registerCommands } from '../context';
import { RULE_DOC_SCHEME, ruleDocProvider, SHOW_RULE_DOC, showRuleDoc } from './ruleDocs';

/** Getting started: the rules' documentation inside the editor. */
export function onboardingFeature(): Feature {
  return {
    name: 'onboarding',
    activate(ctx) {
      ctx.extension.subscriptions.push(vscode.workspace.registerTextDocumentContentProvider(RULE_DOC_SCHEME, ruleDocProvider(ctx)));
      registerCommands(ctx, {
        [SHOW_RULE_DOC]: c => (rule?: unknown) => showRuleDoc(c, rule),
      });
    },
  };
}
