import * as l10n from '@vscode/l10n';
import { ErrorCodes, Message, MessageStrategy, RequestMessage } from 'vscode-languageserver/node';

/**
 * Requests the server cannot take, refused with the code the protocol gives before any handler
 * runs: ServerNotInitialized before `initialize`, InvalidParams when the params do not have the
 * shape of the method's (a string, `null`, a position that is not one). A handler reading such
 * params would throw, and the client would get InternalError, which says the server is broken.
 */

type Check = (value: unknown) => boolean;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown) => Number.isInteger(v) && (v as number) >= 0;
const textDocument: Check = v => isObject(v) && typeof v.uri === 'string';
const position: Check = v => isObject(v) && isCount(v.line) && isCount(v.character);
const range: Check = v => isObject(v) && position(v.start) && position(v.end);
const formattingOptions: Check = v => isObject(v) && typeof v.tabSize === 'number' && typeof v.insertSpaces === 'boolean';
const codeActionContext: Check = v => isObject(v) && Array.isArray(v.diagnostics);

/** The params each method needs, field by field; a method listed with none needs an object. */
const PARAMS: Record<string, Record<string, Check>> = {
  'initialize': { capabilities: isObject },
  'textDocument/completion': { textDocument, position },
  'textDocument/hover': { textDocument, position },
  'textDocument/codeAction': { textDocument, range, context: codeActionContext },
  'textDocument/documentSymbol': { textDocument },
  'textDocument/formatting': { textDocument, options: formattingOptions },
  'textDocument/rangeFormatting': { textDocument, range, options: formattingOptions },
  'textDocument/foldingRange': { textDocument },
  'textDocument/diagnostic': { textDocument },
  'campaign/preflight': {},
  'campaign/ruleDoc': {},
};

/** What is wrong with a request's params, or undefined when the method is unknown here or they fit. */
export function paramsProblem(method: string, params: unknown): string | undefined {
  const fields = PARAMS[method];
  if (!fields) return undefined;
  if (!isObject(params)) return l10n.t('{0} takes an object as params, not {1}', method, params === null ? 'null' : Array.isArray(params) ? 'an array' : typeof params);
  const wrong = Object.keys(fields).filter(name => !fields[name](params[name]));
  return wrong.length ? l10n.t('{0} needs a valid {1} in its params', method, wrong.join(', ')) : undefined;
}

/** The method a refused request is renamed to, so that the connection answers it with `code` and `message`. */
export const REFUSED_METHOD = '$/campaignStudio/refused';
export interface Refusal { code: number; message: string }

/** Why a request is refused, from what came before it (only whether `initialize` did). */
export function refusal(request: RequestMessage, initialized: boolean): Refusal | undefined {
  if (request.method === REFUSED_METHOD) return { code: ErrorCodes.MethodNotFound, message: l10n.t('Unhandled method {0}', request.method) };
  if (!initialized && request.method !== 'initialize') {
    return { code: ErrorCodes.ServerNotInitialized, message: l10n.t('The server is not initialized: send initialize before {0}.', request.method) };
  }
  const problem = paramsProblem(request.method, request.params);
  return problem === undefined ? undefined : { code: ErrorCodes.InvalidParams, message: problem };
}

/**
 * The connection's message strategy: a refused request goes on renamed to REFUSED_METHOD with its
 * refusal as params, so its answer goes through the connection like any other; notifications
 * before `initialize` are dropped, `exit` excepted, as the protocol says.
 */
export function refusingStrategy(): MessageStrategy {
  let initialized = false;
  return {
    handleMessage(message: Message, next: (message: Message) => void): void {
      if (Message.isNotification(message) && !initialized && message.method !== 'exit') return;
      if (!Message.isRequest(message)) return next(message);
      const refused = refusal(message, initialized);
      if (refused) return next({ ...message, method: REFUSED_METHOD, params: refused } as RequestMessage);
      if (message.method === 'initialize') initialized = true;
      next(message);
    },
  };
}
