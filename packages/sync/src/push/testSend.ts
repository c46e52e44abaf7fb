import * as l10n from '@vscode/l10n';
import { CampaignDoc } from './model';
import { isObject, parsePointer } from '@campaign-studio/core';
import { Problem } from './stateRules';

/**
 * Test sends: draft mode (a saved draft, by id) or inline mode (content from the current file,
 * rule B8), at most 10 recipients, remembered per workspace (most recent first).
 */

export const MAX_RECIPIENTS = 10;
const EMAIL = /^[^@\s,;]+@[^@\s,;]+\.[^@\s,;]+$/;

/** Recipients typed as one line: separated by commas, semicolons or spaces; duplicates dropped. */
export function parseRecipients(input: string, channel: string): { recipients: string[]; problems: string[] } {
  const parts = input
    .split(/[\s,;]+/)
    .map(s => s.trim())
    .filter(Boolean);
  const recipients: string[] = [];
  const problems: string[] = [];
  for (const p of parts) {
    if (recipients.some(r => r.toLowerCase() === p.toLowerCase())) continue;
    if (channel === 'EMAIL' && !EMAIL.test(p)) {
      problems.push(l10n.t('{0} is not an email address.', `\`${p}\``));
      continue;
    }
    recipients.push(p);
  }
  if (recipients.length === 0 && problems.length === 0)
    problems.push(channel === 'EMAIL' ? l10n.t('Give at least one email address.') : l10n.t('Give at least one user identifier.'));
  if (recipients.length > MAX_RECIPIENTS)
    problems.push(
      l10n.t(
        'A test goes to at most {0} recipients; {1} were given. Remove {2}.',
        MAX_RECIPIENTS,
        recipients.length,
        recipients.length - MAX_RECIPIENTS,
      ),
    );
  return { recipients, problems };
}

/** The remembered list after a send: the new ones first, then the older ones, at most 10. */
export function rememberRecipients(previous: readonly string[], used: readonly string[]): string[] {
  const out: string[] = [];
  for (const r of [...used, ...previous]) {
    if (typeof r !== 'string' || !r) continue;
    if (out.some(o => o.toLowerCase() === r.toLowerCase())) continue;
    out.push(r);
    if (out.length === MAX_RECIPIENTS) break;
  }
  return out;
}

/** The fields an inline test carries: the content and what identifies the campaign's kind. */
const INLINE_FIELDS = ['channel', 'basic_details', 'campaign_content', 'connector', 'utm_params'];

/**
 * The content of an inline test, taken from the file. Rule B8 (the basic details an inline Email
 * test needs) comes from the shared rule set, run with the `inlineTest` purpose; this adds what
 * any inline test needs: a channel V5 can test and some content.
 */
export function inlineTestContent(doc: CampaignDoc): { content?: CampaignDoc; problems: Problem[] } {
  const problems: Problem[] = [];
  const channel = doc.channel;
  if (channel !== 'PUSH' && channel !== 'EMAIL') {
    problems.push({
      rule: channel === 'SMS' ? 'D5' : 'D2',
      path: '/channel',
      severity: 'error',
      message:
        channel === 'SMS'
          ? l10n.t('SMS campaigns cannot be test-sent through V5.')
          : l10n.t('`channel` must be `PUSH` or `EMAIL` for a test send.'),
    });
    return { problems };
  }
  if (!isObject(doc.campaign_content)) {
    problems.push({
      rule: 'B8',
      path: '/campaign_content',
      severity: 'error',
      message: l10n.t(
        "An inline test sends the file's content, and `campaign_content` is missing. Add it, or send a test of the saved draft instead.",
      ),
    });
    return { problems };
  }
  const content: CampaignDoc = {};
  for (const k of INLINE_FIELDS) if (doc[k] !== undefined) content[k] = doc[k];
  return { content, problems };
}

/** Whether a finding's pointer lies in what an inline test sends ('' = the whole file). */
export function inInlineContent(path: string): boolean {
  if (path === '') return true;
  return INLINE_FIELDS.includes(parsePointer(path)[0]);
}

/** One line per recipient for the report. */
export function describeResults(results: ReadonlyArray<{ recipient: string; ok: boolean; reason?: string }>): {
  summary: string;
  lines: string[];
} {
  const ok = results.filter(r => r.ok).length;
  const failed = () => l10n.t({ message: 'failed', comment: 'why a test did not reach a recipient, when the service gives no reason' });
  const lines = results.map(r => (r.ok ? `✓ ${r.recipient}` : `✗ ${r.recipient}: ${r.reason ?? failed()}`));
  const summary =
    results.length === 0
      ? l10n.t('The service accepted the test but reported no recipient.')
      : ok === results.length
        ? ok === 1
          ? l10n.t('Test sent to {0}.', results[0].recipient)
          : l10n.t('Test sent to all {0} recipients.', ok)
        : l10n.t(
            'Test sent to {0} of {1} recipients; {2} failed: {3}.',
            ok,
            results.length,
            results.length - ok,
            results
              .filter(r => !r.ok)
              .map(r => `${r.recipient} (${r.reason ?? failed()})`)
              .join(', '),
          );
  return { summary, lines };
}
