import { ErrorCodes, ResponseError } from 'vscode-languageserver/node';
import { RuleDocRequest, ruleDoc } from '@campaign-studio/core';
import { ServerContext } from '../context';

/** `campaign/ruleDoc`: one rule's documentation as Markdown, for showing it inside the editor. */
export function registerRuleDoc(ctx: ServerContext): void {
  ctx.connection.onRequest(RuleDocRequest.type, params => {
    if (typeof params?.rule !== 'string')
      throw new ResponseError(ErrorCodes.InvalidParams, `${RuleDocRequest.method} needs a rule id, such as "H2"`);
    return ruleDoc(params.rule);
  });
}
