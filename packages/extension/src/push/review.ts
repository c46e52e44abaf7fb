import * as l10n from '@vscode/l10n';
import { isObject, serviceTimeText } from '@campaign-studio/core';
import { list, PushPreview, requestBodyText, ReviewChange } from '@campaign-studio/sync';

/**
 * The words and texts of the push's questions, as pure functions of what the flow hands the
 * editor: the review's two documents, the short modal question and the typed confirmation for
 * production. The VS Code layer only shows them. No VS Code here (its unit tests run in node): the
 * texts go through `@vscode/l10n`, which the extension gives its own bundle at activation.
 */

/** Longest value shown in one line of a list; the whole value is in the body below it. */
const VALUE_WIDTH = 80;
/** Longest value in the header's list of changes, so that a change fits in a few lines of a narrow review. */
const HEADER_VALUE_WIDTH = 40;
/**
 * How the review documents' names end: the Campaign Review language (package.json), whose
 * defaults wrap their lines at the review's width, whatever it is, and show the CodeLens (Push,
 * Cancel) in the diff editor, and which the language server does not take for a campaign file.
 * So the header is a line per sentence, and the editor wraps it.
 */
export const REVIEW_FILE_SUFFIX = '.campaign-review';
/** Field lines a modal dialog lists before it says how many more there are. */
const MODAL_FIELDS = 12;

/** How a field that is not there shows, in the review and in the conflict view. */
export function absent(): string {
  return l10n.t({ message: '(absent)', comment: 'a field that is not in the campaign, where its value would show' });
}

/** A value in one line, as compact JSON; `absent()` for a field that is not there. */
export function compactJson(value: unknown, width = VALUE_WIDTH): string {
  if (value === undefined) return absent();
  const text = JSON.stringify(value);
  return text.length > width ? `${text.slice(0, width - 1)}…` : text;
}

/** "colleague@example.com at Nov 28, 2026, 6:34 AM GMT+1" (the service's time, read here), or what is known of it. */
export function whoAndWhen(by: string | undefined, at: string | undefined): string | undefined {
  const when = at && serviceTimeText(at);
  if (by && when) return l10n.t({ message: '{0} at {1}', args: [by, when], comment: 'who changed the campaign on the service, and when' });
  return by || (when ? l10n.t('someone at {0}', when) : undefined);
}

/** An environment's name, marked when it is production. */
function environmentLabel(p: Pick<PushPreview, 'environment' | 'production'>): string {
  return p.production ? l10n.t('{0} (production)', p.environment) : p.environment;
}

/** `path: before → after`, marked when it replaces a change made on the service. */
export function changeLine(c: ReviewChange, remoteUpdatedBy?: string, width = VALUE_WIDTH): string {
  const line = `${c.path}: ${compactJson(c.before, width)} → ${compactJson(c.after, width)}`;
  if (!c.overridesRemote) return line;
  const note = remoteUpdatedBy
    ? l10n.t('[replaces a change made on the service by {0}]', remoteUpdatedBy)
    : l10n.t('[replaces a change made on the service since your fetch]');
  return `${line}  ${note}`;
}

function campaignLabel(p: Pick<PushPreview, 'campaignName' | 'campaignId'>): string {
  return p.campaignName ? `${JSON.stringify(p.campaignName)} (${p.campaignId})` : p.campaignId;
}

/** The campaign by its name in a sentence (its id when it has none). */
function campaignNamed(p: Pick<PushPreview, 'campaignName' | 'campaignId'>): string {
  return p.campaignName
    ? l10n.t({ message: '“{0}”', args: [p.campaignName], comment: "a campaign's name, quoted, in a sentence" })
    : l10n.t('campaign {0}', p.campaignId);
}

/** What the review asks of its reader, first: check, then Push; Cancel sends nothing. */
export function reviewInstruction(campaign: string, environment: string): string {
  return l10n.t(
    'Check the body below, then press Push to write {0} on {1}. Cancel, or closing this tab, sends nothing.',
    campaign,
    environment,
  );
}

/** The label of the review's primary action, at its top and in its title bar. */
export function pushActionTitle(environment: string): string {
  return l10n.t('Push to {0}', environment);
}

/** A change in the header, its values shortened. */
function headerChange(c: ReviewChange, remoteUpdatedBy?: string): string {
  return `  ${changeLine(c, remoteUpdatedBy, HEADER_VALUE_WIDTH)}`;
}

/** A titled list, after a blank line; nothing when the list is empty. */
function section(title: string, lines: string[]): string[] {
  return lines.length ? ['', title, ...lines] : [];
}

/** A note as a bullet. */
function bullet(text: string): string {
  return `  - ${text}`;
}

/**
 * The lines both sides of the review start with (without the comment marks): the request, the
 * campaign, the environment, who changed it last, each field that changes, what the file took
 * from the service, and the notes. Both sides carry the same lines, so the diff marks only the body.
 */
export function reviewHeader(p: PushPreview): string[] {
  const last = whoAndWhen(p.remoteUpdatedBy, p.remoteUpdatedAt);
  return [
    reviewInstruction(campaignNamed(p), environmentLabel(p)),
    '',
    `${p.request.method} ${p.request.path}`,
    l10n.t('Campaign {0}, status {1}', campaignLabel(p), p.status || l10n.t('unknown')),
    p.production
      ? l10n.t('Environment: {0} (PRODUCTION: you will be asked to type its name)', p.environment)
      : l10n.t('Environment: {0}', p.environment),
    l10n.t('Last changed on the service: {0}', last ?? l10n.t('not recorded by the service')),
    l10n.t(
      'Sends {0} whole (an update replaces each component it carries), with `channel`, `campaign_delivery_type` and `updated_by`.',
      list(p.changed),
    ),
    ...section(
      changesTitle(p),
      p.changes.map(c => headerChange(c, p.remoteUpdatedBy)),
    ),
    ...section(
      l10n.t('Your file already took from the service (not sent):'),
      p.takeFromRemote.map(f => `  ${f}`),
    ),
    ...section(l10n.t('Notes:'), p.notes.map(bullet)),
    '',
    l10n.t('Below: the campaign on {0} now, against the exact request body that Push sends.', p.environment),
  ];
}

function changesTitle(p: PushPreview): string {
  return p.changes.length === 1
    ? l10n.t('1 field change (on {0} now → after push):', p.environment)
    : l10n.t('{0} field changes (on {1} now → after push):', p.changes.length, p.environment);
}

/**
 * `value` with the keys of its objects in the order `like` has them (keys `like` lacks follow in
 * their own order): the "before" side follows the body's order, so order never shows as a change.
 */
export function alignKeys(value: unknown, like: unknown): unknown {
  if (Array.isArray(value)) return value.map((v, i) => alignKeys(v, Array.isArray(like) ? like[i] : undefined));
  if (!isObject(value)) return value;
  const guide = isObject(like) ? Object.keys(like) : [];
  const own = Object.keys(value);
  const keys = [...guide.filter(k => own.includes(k)), ...own.filter(k => !guide.includes(k))];
  return Object.fromEntries(keys.map(k => [k, alignKeys(value[k], isObject(like) ? like[k] : undefined)]));
}

export interface ReviewSide {
  /** The document's file name, shown in the tab's tooltip; ends with `REVIEW_FILE_SUFFIX`. */
  name: string;
  text: string;
}

export interface ReviewDocuments {
  title: string;
  /** The primary action's label: "Push to staging". */
  action: string;
  /** On the service now. */
  left: ReviewSide;
  /** After the push: the header, then exactly the body sent. */
  right: ReviewSide;
}

/** The two documents of the review: the same header, then the service's values and the body. */
export function reviewDocuments(p: PushPreview): ReviewDocuments {
  // A line break inside a name or a note would end the comment: each header line stays one line.
  const header =
    reviewHeader(p)
      .map(l => (l ? `// ${l.replace(/[\r\n\u2028\u2029]+/g, ' ')}` : '//'))
      .join('\n') + '\n';
  return {
    title: l10n.t('Review push: {0} → {1}', p.campaignName || p.campaignId, p.environment),
    action: pushActionTitle(environmentLabel(p)),
    left: {
      name: `${l10n.t({ message: 'on {0} now', args: [p.environment], comment: "the name of the review's left document, the campaign as the service holds it" })}${REVIEW_FILE_SUFFIX}`,
      text: header + JSON.stringify(alignKeys(p.before, p.body), null, 2) + '\n',
    },
    right: {
      name: `${l10n.t({ message: 'after push', comment: "the name of the review's right document, the body the push sends" })}${REVIEW_FILE_SUFFIX}`,
      text: header + requestBodyText(p.body),
    },
  };
}

/** The short confirmation of `campaignStudio.push.confirmation: "modal"`. */
export function modalQuestion(p: PushPreview): { message: string; detail: string; button: string } {
  const lines = p.changes.map(c => changeLine(c, p.remoteUpdatedBy));
  const shown =
    lines.length > MODAL_FIELDS ? [...lines.slice(0, MODAL_FIELDS - 1), l10n.t('… and {0} more', lines.length - MODAL_FIELDS + 1)] : lines;
  const took = p.takeFromRemote.length ? [l10n.t('Your file already took {0} from the service.', list(p.takeFromRemote))] : [];
  return {
    message: modalMessage(p),
    detail: [l10n.t('Campaign {0}.', campaignLabel(p)), ...shown, ...took].join('\n'),
    button: l10n.t('Push'),
  };
}

function modalMessage(p: PushPreview): string {
  const to = environmentLabel(p);
  if (!p.changes.length) return l10n.t('Push {0} to {1}?', list(p.changed), to);
  return p.changes.length === 1
    ? l10n.t('Push 1 field change in {0} to {1}?', list(p.changed), to)
    : l10n.t('Push {0} field changes in {1} to {2}?', p.changes.length, list(p.changed), to);
}

/** What typing a name says, and whether what was typed confirms. */
export interface TypedConfirmation {
  title: string;
  prompt: string;
  placeHolder: string;
  /** undefined when `typed` confirms; else what to type, as an error once something wrong was typed. */
  check(typed: string): { message: string; severity: 'info' | 'error' } | undefined;
}

/** What a typed question says: what to type (`ask`), and that what was typed is not it (`wrong`). */
export interface TypingTexts {
  ask: string;
  wrong: string;
}

/** A question answered by typing `expected` exactly; Escape cancels. */
export function typedQuestion(title: string, context: string, expected: string, texts: TypingTexts): TypedConfirmation {
  return {
    title,
    prompt: `${context} ${texts.ask}`,
    placeHolder: expected,
    check: typed => {
      if (typed === expected) return undefined;
      if (typed === '') return { message: texts.ask, severity: 'info' };
      return { message: texts.wrong, severity: 'error' };
    },
  };
}

/** The production question: type the environment's name to push. */
export function typedConfirmation(p: PushPreview): TypedConfirmation {
  const env = p.environment;
  return typedQuestion(
    l10n.t('Push to production environment {0}', env),
    l10n.t('This changes the live campaign {0}: {1}.', campaignLabel(p), list(p.changed)),
    env,
    {
      ask: l10n.t('Type {0} to push, or press Escape to cancel.', env),
      wrong: l10n.t("Type the environment's name exactly: {0}. Escape cancels.", env),
    },
  );
}
