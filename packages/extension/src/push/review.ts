import { isObject } from '@campaign-studio/core';
import { list, PushPreview, ReviewChange } from '@campaign-studio/sync';

/**
 * The words and texts of the push's questions, as pure functions of what the flow hands the
 * editor: the review's two documents, the short modal question and the typed confirmation for
 * production. The VS Code layer only shows them.
 */

/** Longest value shown in one line of a list; the whole value is in the body below it. */
const VALUE_WIDTH = 80;
/** Where the review's sentences wrap: it opens beside the file, in half the editor's width. */
const HEADER_WIDTH = 64;
/** Field lines a modal dialog lists before it says how many more there are. */
const MODAL_FIELDS = 12;

/** How a field that is not there shows, in the review and in the conflict view. */
export const ABSENT = '(absent)';

/** A value in one line, as compact JSON; `ABSENT` for a field that is not there. */
export function compactJson(value: unknown, width = VALUE_WIDTH): string {
  if (value === undefined) return ABSENT;
  const text = JSON.stringify(value);
  return text.length > width ? `${text.slice(0, width - 1)}…` : text;
}

/** "colleague@example.com at 2024-05-01T10:00:00Z", or what is known of it. */
export function whoAndWhen(by: string | undefined, at: string | undefined): string | undefined {
  if (by && at) return `${by} at ${at}`;
  return by || (at ? `someone at ${at}` : undefined);
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** `path: before → after`, marked when it replaces a change made on the service. */
export function changeLine(c: ReviewChange, remoteUpdatedBy?: string): string {
  const line = `${c.path}: ${compactJson(c.before)} → ${compactJson(c.after)}`;
  if (!c.overridesRemote) return line;
  return `${line}  [replaces a change made on the service${remoteUpdatedBy ? ` by ${remoteUpdatedBy}` : ' since your fetch'}]`;
}

/** Words of `text` in lines of at most `width` characters (a longer word stays whole). */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  return line ? [...lines, line] : lines;
}

function campaignLabel(p: Pick<PushPreview, 'campaignName' | 'campaignId'>): string {
  return p.campaignName ? `${JSON.stringify(p.campaignName)} (${p.campaignId})` : p.campaignId;
}

/** A titled list, after a blank line; nothing when the list is empty. */
function section(title: string, lines: string[]): string[] {
  return lines.length ? ['', title, ...lines] : [];
}

/** A note as a bullet, wrapped, its later lines indented under its first. */
function bullet(text: string): string[] {
  return wrap(text, HEADER_WIDTH - 4).map((l, i) => `${i ? '    ' : '  - '}${l}`);
}

/**
 * The lines both sides of the review start with (without the comment marks): the request, the
 * campaign, the environment, who changed it last, each field that changes, what the file took
 * from the service, and the notes. Both sides carry the same lines, so the diff marks only the body.
 */
export function reviewHeader(p: PushPreview): string[] {
  const last = whoAndWhen(p.remoteUpdatedBy, p.remoteUpdatedAt);
  return [
    ...wrap('Nothing has been sent yet: Push or Cancel Push are in this tab\'s title bar; closing the tab cancels.', HEADER_WIDTH),
    '',
    `${p.request.method} ${p.request.path}`,
    `Campaign ${campaignLabel(p)}, status ${p.status || 'unknown'}`,
    `Environment: ${p.environment}${p.production ? ' (PRODUCTION: you will be asked to type its name)' : ''}`,
    ...wrap(`Last changed on the service: ${last ?? 'not recorded by the service'}`, HEADER_WIDTH),
    ...wrap(`Sends ${list(p.changed)} whole (an update replaces each component it carries), with \`channel\`, \`campaign_delivery_type\` and \`updated_by\`.`, HEADER_WIDTH),
    ...section(`${plural(p.changes.length, 'field change')} (on ${p.environment} now → after push):`, p.changes.map(c => `  ${changeLine(c, p.remoteUpdatedBy)}`)),
    ...section('Your file already took from the service (not sent):', p.takeFromRemote.map(f => `  ${f}`)),
    ...section('Notes:', p.notes.flatMap(bullet)),
    '',
    ...wrap(`Below: the campaign on ${p.environment} now, against the exact request body that Push sends.`, HEADER_WIDTH),
  ];
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
  /** The document's file name, shown in the tab's tooltip; `.jsonc` for comments. */
  name: string;
  text: string;
}

export interface ReviewDocuments {
  title: string;
  /** On the service now. */
  left: ReviewSide;
  /** After the push: the header, then exactly the body sent. */
  right: ReviewSide;
}

/** The two documents of the review: the same header, then the service's values and the body. */
export function reviewDocuments(p: PushPreview): ReviewDocuments {
  // A line break inside a name or a note would end the comment: each header line stays one line.
  const header = reviewHeader(p).map(l => (l ? `// ${l.replace(/[\r\n\u2028\u2029]+/g, ' ')}` : '//')).join('\n') + '\n';
  return {
    title: `Review push: ${p.campaignName || p.campaignId} → ${p.environment}`,
    left: { name: `on ${p.environment} now.jsonc`, text: header + JSON.stringify(alignKeys(p.before, p.body), null, 2) + '\n' },
    right: { name: 'after push.jsonc', text: header + JSON.stringify(p.body, null, 2) + '\n' },
  };
}

/** The short confirmation of `campaignStudio.push.confirmation: "modal"`. */
export function modalQuestion(p: PushPreview): { message: string; detail: string; button: string } {
  const where = `to ${p.environment}${p.production ? ' (production)' : ''}`;
  const message = p.changes.length
    ? `Push ${plural(p.changes.length, 'field change')} in ${list(p.changed)} ${where}?`
    : `Push ${list(p.changed)} ${where}?`;
  const lines = p.changes.map(c => changeLine(c, p.remoteUpdatedBy));
  const shown = lines.length > MODAL_FIELDS ? [...lines.slice(0, MODAL_FIELDS - 1), `… and ${lines.length - MODAL_FIELDS + 1} more`] : lines;
  const took = p.takeFromRemote.length ? [`Your file already took ${list(p.takeFromRemote)} from the service.`] : [];
  return { message, detail: [`Campaign ${campaignLabel(p)}.`, ...shown, ...took].join('\n'), button: 'Push' };
}

/** What typing a name says, and whether what was typed confirms. */
export interface TypedConfirmation {
  title: string;
  prompt: string;
  placeHolder: string;
  /** undefined when `typed` confirms; else what to type, as an error once something wrong was typed. */
  check(typed: string): { message: string; severity: 'info' | 'error' } | undefined;
}

/** A question answered by typing `expected` exactly (`what` it is, `doing` what it confirms); Escape cancels. */
export function typedQuestion(title: string, context: string, expected: string, what: string, doing: string): TypedConfirmation {
  return {
    title,
    prompt: `${context} Type ${expected} to ${doing}, or press Escape to cancel.`,
    placeHolder: expected,
    check: typed => {
      if (typed === expected) return undefined;
      if (typed === '') return { message: `Type ${expected} to ${doing}, or press Escape to cancel.`, severity: 'info' };
      return { message: `Type ${what} exactly: ${expected}. Escape cancels.`, severity: 'error' };
    },
  };
}

/** The production question: type the environment's name to push. */
export function typedConfirmation(p: PushPreview): TypedConfirmation {
  const env = p.environment;
  return typedQuestion(`Push to production environment ${env}`, `This changes the live campaign ${campaignLabel(p)}: ${list(p.changed)}.`, env, 'the environment\'s name', 'push');
}
