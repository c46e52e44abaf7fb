import * as vscode from 'vscode';
import { contentOf, isObject, promotedEqual, pushApi, readLinksFile, readValuesFile, VALUES_FILE } from '@campaign-studio/sync';
import { VSCODE_COMMANDS } from '../commandIds';
import { alignKeys } from '../push/review';
import type { PreviewDocuments } from '../push/vscodeUi';
import { reportError } from '../remoteEditor/connection';
import { runWithProgress } from '../remoteEditor/progress';
import { comparedText, LinkedSide, linkedSides, pairOf, promotedBody } from './linkMarks';
import type { PromoteParts } from './promote';
import { clientWithKey, Subject, subjectOf } from './subjects';

/**
 * "Compare with Environment…": a campaign with promotion links against a linked campaign, both as
 * their environments hold them now, in VS Code's diff editor (read-only documents). A source is
 * shown with the target's values put in place, as a promotion would send it, so that only what a
 * promotion would change, or what was edited in the target, shows as a difference.
 */

/** The read-only documents of comparisons. */
export const COMPARE_SCHEME = 'campaign-compare';

/** What the command returns (for scripts and tests). */
export interface Comparison {
  title: string;
  left: vscode.Uri;
  right: vscode.Uri;
  /** Whether the target holds exactly what a promotion would send. */
  equal: boolean;
}

export async function compareEnvironment(parts: PromoteParts, documents: PreviewDocuments, arg: unknown): Promise<Comparison | undefined> {
  const subject = await subjectOf(parts.conn, arg);
  const side = await pickSide(parts, subject, isObject(arg) && typeof arg.other === 'string' ? arg.other : undefined);
  if (!side?.otherEnvironment) return undefined;
  const other = side.otherEnvironment;
  const secrets = parts.ctx.extension.secrets;
  const hereClient = await clientWithKey(parts.conn, secrets, subject.environment);
  if (!hereClient) return undefined;
  const otherClient = await clientWithKey(parts.conn, secrets, other);
  if (!otherClient) return undefined;
  const doing = vscode.l10n.t(
    'Reading campaign {0} from {1} and campaign {2} from {3}',
    subject.id,
    subject.environment.name,
    side.other.campaignId,
    other.name,
  );
  try {
    const [hereRemote, otherRemote] = await runWithProgress(doing, action =>
      Promise.all([
        pushApi(hereClient.forAction(action)).getCampaign(subject.id, action.signal),
        pushApi(otherClient.forAction(action)).getCampaign(side.other.campaignId, action.signal),
      ]),
    );
    const pair = pairOf({ environment: subject.environment, campaignId: subject.id }, hereRemote, side, otherRemote)!;
    const links = readLinksFile(subject.folder);
    const prepared = promotedBody(pair, readValuesFile(subject.folder, VALUES_FILE), links);
    // This campaign: as a promotion would send it when it is the source, as held when it is the target.
    const here = side.direction === 'to' ? prepared.body : contentOf(hereRemote.normalized);
    const there = alignKeys(contentOf(otherRemote.normalized), here) as Record<string, unknown>;
    const name = prepared.campaignName ?? subject.id;
    const title = vscode.l10n.t(
      '{0}: {1} (campaign {2}) ↔ {3} (campaign {4})',
      name,
      subject.environment.name,
      subject.id,
      other.name,
      side.other.campaignId,
    );
    const hereName =
      side.direction === 'to'
        ? vscode.l10n.t({
            message: '{0} with {1} values',
            args: [subject.environment.name, other.name],
            comment: "the left side of a comparison: the source environment's campaign with the target environment's values put in place",
          })
        : subject.environment.name;
    const { left, right } = documents.pair(
      subject.id,
      { name: `${hereName}.json`, text: comparedText(here) },
      { name: `${other.name}.json`, text: comparedText(there) },
    );
    await vscode.commands.executeCommand(VSCODE_COMMANDS.diff, left, right, title, { preview: false });
    return { title, left, right, equal: promotedEqual(prepared, pair.target) };
  } catch (e) {
    reportError(parts.conn, e, doing);
    return undefined;
  }
}

/** The linked campaign to compare with: the one named, the only one, or the one picked. */
async function pickSide(parts: PromoteParts, subject: Subject, named: string | undefined): Promise<LinkedSide | undefined> {
  const { environments } = parts.conn.environments();
  const sides = linkedSides(readLinksFile(subject.folder), environments, { environment: subject.environment, campaignId: subject.id });
  if (!sides.length)
    throw new Error(
      vscode.l10n.t(
        'Campaign {0} of {1} has no promotion link in campaign.links.json: promote it first ("Campaign Studio: Promote to Environment…").',
        subject.id,
        subject.environment.name,
      ),
    );
  const known = sides.filter(s => s.otherEnvironment);
  if (!known.length)
    throw new Error(
      vscode.l10n.t(
        'Campaign {0} is linked to workspace {1}, which no environment of the `campaignStudio.environments` setting names: add it.',
        subject.id,
        sides[0].other.workspaceId,
      ),
    );
  if (named) {
    const side = known.find(s => s.otherEnvironment!.name === named);
    if (!side) throw new Error(vscode.l10n.t('Campaign {0} of {1} has no link to {2}.', subject.id, subject.environment.name, named));
    return side;
  }
  if (known.length === 1) return known[0];
  const pick = await vscode.window.showQuickPick(
    known.map(s => ({
      label: s.otherEnvironment!.name,
      description:
        s.direction === 'to'
          ? vscode.l10n.t('campaign {0}, promoted to from here', s.other.campaignId)
          : vscode.l10n.t('campaign {0}, promoted from there', s.other.campaignId),
      side: s,
    })),
    { title: vscode.l10n.t('Compare campaign {0} of {1} with which environment?', subject.id, subject.environment.name) },
  );
  return pick?.side;
}
