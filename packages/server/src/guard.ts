import * as l10n from '@vscode/l10n';
import { ErrorCodes, Message, MessageStrategy, NotificationMessage, RequestMessage } from 'vscode-languageserver/node';

/**
 * Messages the server cannot take, refused with the code the protocol gives before any handler
 * runs: InvalidRequest for what is not a JSON-RPC 2.0 message and for requests after `shutdown`,
 * ServerNotInitialized before `initialize`, InvalidParams when the params do not have the shape
 * of the method's (a string, `null`, a position that is not one). A handler reading such params
 * would throw, and the client would get InternalError, which says the server is broken. A
 * notification cannot be answered: one of the wrong shape is logged in one line and dropped.
 */

type Check = (value: unknown) => boolean;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const kindOf = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v);
const isCount = (v: unknown) => Number.isInteger(v) && (v as number) >= 0;
const textDocument: Check = v => isObject(v) && typeof v.uri === 'string';
const position: Check = v => isObject(v) && isCount(v.line) && isCount(v.character);
const range: Check = v => isObject(v) && position(v.start) && position(v.end);
const formattingOptions: Check = v => isObject(v) && typeof v.tabSize === 'number' && typeof v.insertSpaces === 'boolean';
const codeActionContext: Check = v => isObject(v) && Array.isArray(v.diagnostics);
const isString: Check = v => typeof v === 'string';
const arrayOf =
  (item: Check): Check =>
  v =>
    Array.isArray(v) && v.every(item);
const openedDocument: Check = v =>
  textDocument(v) && isObject(v) && typeof v.languageId === 'string' && Number.isInteger(v.version) && typeof v.text === 'string';
const versionedDocument: Check = v => textDocument(v) && isObject(v) && Number.isInteger(v.version);
const contentChange: Check = v => isObject(v) && typeof v.text === 'string' && (v.range === undefined || range(v.range));
const fileEvent: Check = v => isObject(v) && typeof v.uri === 'string' && Number.isInteger(v.type);

/** The params each method (request or notification) needs, field by field; a method listed with none needs an object. */
const PARAMS: Record<string, Record<string, Check>> = {
  initialize: { capabilities: isObject },
  'textDocument/didOpen': { textDocument: openedDocument },
  'textDocument/didChange': { textDocument: versionedDocument, contentChanges: arrayOf(contentChange) },
  'textDocument/didSave': { textDocument },
  'textDocument/didClose': { textDocument },
  'workspace/didChangeWatchedFiles': { changes: arrayOf(fileEvent) },
  'workspace/didChangeConfiguration': {},
  'textDocument/completion': { textDocument, position },
  'textDocument/hover': { textDocument, position },
  'textDocument/codeAction': { textDocument, range, context: codeActionContext },
  'textDocument/documentSymbol': { textDocument },
  'textDocument/formatting': { textDocument, options: formattingOptions },
  'textDocument/rangeFormatting': { textDocument, range, options: formattingOptions },
  'textDocument/foldingRange': { textDocument },
  'textDocument/diagnostic': { textDocument },
  'textDocument/codeLens': { textDocument },
  'workspace/executeCommand': { command: isString },
  'codeAction/resolve': { title: isString },
  'campaign/preflight': {},
  'campaign/ruleDoc': {},
};

/** What is wrong with a request's params, or undefined when the method is unknown here or they fit. */
export function paramsProblem(method: string, params: unknown): string | undefined {
  const fields = PARAMS[method];
  if (!fields) return undefined;
  if (!isObject(params)) return l10n.t('{0} takes an object as params, not {1}', method, kindOf(params));
  const wrong = Object.keys(fields).filter(name => !fields[name](params[name]));
  return wrong.length ? l10n.t('{0} needs a valid {1} in its params', method, wrong.join(', ')) : undefined;
}

/** The method a refused request is renamed to, so that the connection answers it with `code` and `message`. */
export const REFUSED_METHOD = '$/campaignStudio/refused';
export interface Refusal {
  code: number;
  message: string;
}

/** What the strategy has seen go through: `initialize`, then `shutdown`. */
export interface Lifecycle {
  initialized: boolean;
  shutDown: boolean;
}

/** Why a request is refused, from what came before it. */
export function refusal(request: RequestMessage, seen: Lifecycle): Refusal | undefined {
  if (request.method === REFUSED_METHOD)
    return { code: ErrorCodes.MethodNotFound, message: l10n.t('Unhandled method {0}', request.method) };
  if (seen.shutDown) {
    return {
      code: ErrorCodes.InvalidRequest,
      message: l10n.t('The server is shutting down: after shutdown it takes only the exit notification, not {0}.', request.method),
    };
  }
  if (!seen.initialized && request.method !== 'initialize') {
    return {
      code: ErrorCodes.ServerNotInitialized,
      message: l10n.t('The server is not initialized: send initialize before {0}.', request.method),
    };
  }
  const problem = paramsProblem(request.method, request.params);
  return problem === undefined ? undefined : { code: ErrorCodes.InvalidParams, message: problem };
}

/**
 * What makes `message` something other than a JSON-RPC 2.0 request, notification or response, or
 * undefined when it is one. A batch (an array) counts as not one: the Language Server Protocol
 * never sends batches, and the connection can only take messages one by one.
 */
export function invalidity(message: unknown): string | undefined {
  if (Array.isArray(message))
    return l10n.t('a batch of {0} messages, which the Language Server Protocol never sends: send each message on its own', message.length);
  if (!isObject(message)) return l10n.t('a JSON-RPC message is an object, not {0}', kindOf(message));
  // A response goes to the connection as it is: answering it would start an exchange about an exchange.
  if (!('method' in message) && ('result' in message || 'error' in message)) return undefined;
  if (message.jsonrpc !== '2.0')
    return l10n.t('jsonrpc must be "2.0", not {0}', JSON.stringify(message.jsonrpc) ?? kindOf(message.jsonrpc));
  if (typeof message.method !== 'string') return l10n.t('method must be a string, not {0}', kindOf(message.method));
  if ('id' in message && typeof message.id !== 'number' && typeof message.id !== 'string')
    return l10n.t('id must be a number or a string, not {0}', kindOf(message.id));
  return undefined;
}

/** A message's id when it can be answered with it: a request's, even an invalid one's. */
function answerableId(message: unknown): number | string | undefined {
  if (!isObject(message) || !('method' in message)) return undefined;
  return typeof message.id === 'number' || typeof message.id === 'string' ? message.id : undefined;
}

/** Answers a message whose id cannot be read: JSON-RPC 2.0's response with id null. */
export type AnswerUnidentified = (refusal: Refusal) => void;

/**
 * The connection's message strategy: a refused request goes on renamed to REFUSED_METHOD with its
 * refusal as params, so its answer goes through the connection like any other; a message that
 * has no id to answer by gets `unidentified`'s answer. Notifications before `initialize` are
 * dropped, `exit` excepted, as the protocol says; those of the wrong shape are logged and dropped.
 * `shutDown` tells, once the input ends, whether the editor asked the server to stop.
 */
export function refusingStrategy(
  unidentified: AnswerUnidentified,
  log: (line: string) => void,
): MessageStrategy & { readonly shutDown: boolean } {
  const seen: Lifecycle = { initialized: false, shutDown: false };
  const refuse = (message: Message, refused: Refusal, next: (message: Message) => void) =>
    next({ ...message, method: REFUSED_METHOD, params: refused } as RequestMessage);
  return {
    get shutDown() {
      return seen.shutDown;
    },
    handleMessage(message: Message, next: (message: Message) => void): void {
      const invalid = invalidity(message);
      if (invalid !== undefined) {
        const refused = { code: ErrorCodes.InvalidRequest, message: l10n.t('Invalid request: {0}.', invalid) };
        return answerableId(message) === undefined ? unidentified(refused) : refuse(message, refused, next);
      }
      if (Message.isNotification(message)) return notification(message, seen, next, log);
      if (!Message.isRequest(message)) return next(message);
      const refused = refusal(message, seen);
      if (refused) return refuse(message, refused, next);
      if (message.method === 'initialize') seen.initialized = true;
      if (message.method === 'shutdown') seen.shutDown = true;
      next(message);
    },
  };
}

function notification(message: NotificationMessage, seen: Lifecycle, next: (message: Message) => void, log: (line: string) => void): void {
  if (!seen.initialized && message.method !== 'exit') return;
  const problem = paramsProblem(message.method, message.params);
  if (problem === undefined) return next(message);
  log(l10n.t('The language server ignored a notification: {0}.', problem));
}
