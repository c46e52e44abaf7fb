import * as vscode from 'vscode';
import { RuleDocRequest } from '@campaign-studio/core';
import { plainText } from '@campaign-studio/sync';
import { VSCODE_COMMANDS } from '../commandIds';
import { StudioContext } from '../context';
import { TEXT } from './text';

/**
 * A rule's documentation inside the editor: a read-only Markdown document per rule, with the text
 * the language server renders from the rule's definition (the section of docs/rules.md), shown in
 * VS Code's Markdown preview. Diagnostics' code links, the hover's rule links and the quick-fix
 * menu all run `campaignStudio.showRuleDoc` (the client asks the server for such links with
 * `initializationOptions.ruleDocCommand`).
 */

export const RULE_DOC_SCHEME = 'campaign-rule';
/** The rule id the input box shows as an example. */
const EXAMPLE_RULE = 'H2';

/** `campaign-rule:/H2/Rule H2.md`: the tab shows the document's name, the rule's id comes first. */
export function ruleDocUri(id: string): vscode.Uri {
  return vscode.Uri.from({ scheme: RULE_DOC_SCHEME, path: `/${id}/${TEXT.ruleDocName(id)}.md` });
}

function ruleIdOf(uri: vscode.Uri): string {
  return uri.path.split('/')[1] ?? '';
}

/** The rule's section, and a link to it in the whole reference installed with the extension. */
export function ruleDocProvider(ctx: StudioContext): vscode.TextDocumentContentProvider {
  return {
    async provideTextDocumentContent(uri) {
      const doc = await ctx.client.sendRequest(RuleDocRequest.type, { rule: ruleIdOf(uri) });
      if (!doc) return TEXT.unknownRule(ruleIdOf(uri));
      const reference = vscode.Uri.joinPath(ctx.extension.extensionUri, 'docs', 'rules.md').with({ fragment: doc.id.toLowerCase() });
      return `${doc.markdown}\n---\n\n[${TEXT.allRules()}](${reference.toString()})\n`;
    },
  };
}

/** Shows a rule's documentation (the rule id given, or asked for); resolves with the document shown. */
export async function showRuleDoc(ctx: StudioContext, rule?: unknown): Promise<vscode.Uri | undefined> {
  const asked =
    typeof rule === 'string' ? rule : await vscode.window.showInputBox({ prompt: TEXT.ruleIdPrompt(), placeHolder: EXAMPLE_RULE });
  const id = asked?.trim().toUpperCase();
  if (!id) return undefined;
  const doc = await ctx.client.sendRequest(RuleDocRequest.type, { rule: id });
  if (!doc) {
    void vscode.window.showErrorMessage(plainText(TEXT.unknownRule(id)));
    return undefined;
  }
  const uri = ruleDocUri(doc.id);
  await vscode.commands.executeCommand(VSCODE_COMMANDS.markdownPreview, uri);
  return uri;
}
