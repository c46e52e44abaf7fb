import * as l10n from '@vscode/l10n';
import { isObject } from '../model/json';
import { code } from '../model/strings';
import { Finding, Fix, FixEdit, Severity } from '../model/types';

/** Small helpers shared by the rule functions. */

export type Obj = Record<string, unknown>;

/** The rule functions' name for core's one `isObject`. */
export const isObj: (v: unknown) => v is Obj = isObject;

export function has(o: unknown, key: string): boolean {
  return isObj(o) && Object.prototype.hasOwnProperty.call(o, key);
}

export { code } from '../model/strings';

export function fix(title: string, edits: FixEdit[], isPreferred = false): Fix {
  return isPreferred ? { title, edits, isPreferred } : { title, edits };
}

/** A wrong value replaced by the one meant (`Change to \`ANDROID\``): preferred, as the only clear match. */
export function changeTo(path: string, value: string, isPreferred = true): Fix {
  return fix(l10n.t`Change to ${code(value)}`, [{ kind: 'replaceValue', path, value }], isPreferred);
}

export function finding(rule: string, severity: Severity, path: string, message: string, extra?: Partial<Finding>): Finding {
  return { rule, severity, path, message, ...extra };
}

/** The channel and delivery type of a campaign document, when they are valid strings. */
export function campaignKind(doc: unknown): { channel?: string; type?: string } {
  if (!isObj(doc)) return {};
  return {
    channel: typeof doc.channel === 'string' ? doc.channel : undefined,
    type: typeof doc.campaign_delivery_type === 'string' ? doc.campaign_delivery_type : undefined,
  };
}
