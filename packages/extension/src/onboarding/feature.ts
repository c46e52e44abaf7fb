import * as vscode from 'vscode';
import { COMMAND_IDS, CommandTable } from '../commandIds';
import { Feature, registerCommands } from '../context';
import { newCampaign, NewCampaignArgs } from './newCampaign';
import { RULE_DOC_SCHEME, ruleDocProvider, showRuleDoc } from './ruleDocs';
import { openWalkthroughOnStartup } from './walkthrough';

/** Getting started: "New Campaign…" and the rules' documentation inside the editor (the walkthrough is all manifest). */
export function onboardingFeature(): Feature {
  return {
    name: 'onboarding',
    activate(ctx) {
      ctx.extension.subscriptions.push(vscode.workspace.registerTextDocumentContentProvider(RULE_DOC_SCHEME, ruleDocProvider(ctx)));
      const commands: CommandTable<'onboarding'> = {
        [COMMAND_IDS.newCampaign]: c => async (args?: NewCampaignArgs) => {
          const created = await newCampaign(args);
          if (created) c.stepDone.fire('created');
          return created;
        },
        [COMMAND_IDS.showRuleDoc]: c => async (rule?: unknown) => {
          const shown = await showRuleDoc(c, rule);
          if (shown) c.stepDone.fire('problemsShown');
          return shown;
        },
      };
      registerCommands(ctx, commands);
      void openWalkthroughOnStartup()?.then(undefined, e =>
        ctx.output.warn(`opening the walkthrough failed: ${e instanceof Error ? e.message : String(e)}`),
      );
    },
  };
}
