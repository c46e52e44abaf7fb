import * as l10n from '@vscode/l10n';
import { dequal } from 'dequal';
import { CampaignDoc, isUnknownTopLevel, list, sorted } from './model';
import { code, COMPONENTS, has, IDENTITY_FIELDS, isComponent, isObject, isReadOnlyField } from '@campaign-studio/core';
import type { Problem } from './stateRules';
import type { ReviewChange } from './ports';
import { fieldChanges, pathText, valueAt } from './fieldPaths';

/**
 * The update body of a push (rule P4 and the spec's "Other update rules"): every top-level
 * component that differs from the base snapshot, sent whole, plus `channel`,
 * `campaign_delivery_type` and `updated_by`. Read-only metadata is never sent.
 */

export interface PatchPlan {
  /** The exact body of `PATCH /v5/campaigns/{id}`. */
  body: CampaignDoc;
  /** Components sent (changed or added locally), in document order. */
  changed: string[];
  /** Components present in the base but deleted locally: an update cannot delete a component. */
  removedLocally: string[];
  /** Unknown top-level keys (rule D7) that differ from the base: never sent. */
  unknownKeys: string[];
  /** Read-only fields edited locally (rule D8): editing them has no effect, so nothing is sent. */
  readOnlyEdits: string[];
  /** `channel` / `campaign_delivery_type` changed against the base: an update cannot do that. */
  identityChanges: Array<{ field: string; from: unknown; to: unknown }>;
}

export class PatchError extends Error {}

export function computePatch(local: unknown, base: unknown, updatedBy: string): PatchPlan {
  if (!isObject(local))
    throw new PatchError(l10n.t('The campaign file does not hold a JSON object, so there is nothing to push. Fix the file first.'));
  if (!isObject(base))
    throw new PatchError(
      l10n.t(
        'The base snapshot of this campaign is missing or damaged, so local changes cannot be told apart from remote ones. Fetch the campaign again.',
      ),
    );
  const changed: string[] = [];
  const removedLocally: string[] = [];
  const unknownKeys: string[] = [];
  const readOnlyEdits: string[] = [];
  const identityChanges: PatchPlan['identityChanges'] = [];

  for (const key of Object.keys(local)) {
    if (isComponent(key)) {
      if (!dequal(local[key], base[key])) changed.push(key);
    } else if (isUnknownTopLevel(key)) {
      if (!dequal(local[key], base[key])) unknownKeys.push(key);
    } else if (isReadOnlyField(key) && has(base, key) && !dequal(local[key], base[key])) {
      readOnlyEdits.push(key);
    }
  }
  for (const key of COMPONENTS) {
    if (has(base, key) && base[key] !== undefined && !has(local, key)) removedLocally.push(key);
  }
  for (const field of IDENTITY_FIELDS) {
    if (has(base, field) && !dequal(local[field], base[field])) identityChanges.push({ field, from: base[field], to: local[field] });
  }

  const body: CampaignDoc = {
    channel: has(local, 'channel') ? local.channel : base.channel,
    campaign_delivery_type: has(local, 'campaign_delivery_type') ? local.campaign_delivery_type : base.campaign_delivery_type,
    updated_by: updatedBy,
  };
  for (const key of changed) body[key] = local[key];
  return { body, changed, removedLocally, unknownKeys, readOnlyEdits, identityChanges };
}

/** True when the plan sends no component: there is nothing to push. */
export function isEmptyPatch(plan: PatchPlan): boolean {
  return plan.changed.length === 0;
}

/** A value as a diff shows it: pretty JSON with keys sorted, so that order never shows as a change. */
export function previewText(value: unknown): string {
  return JSON.stringify(sorted(value), null, 2) + '\n';
}

/**
 * A request's body as the reviews show it (the editor's review, `campaign plan`): the bytes the
 * service client sends (`JSON.stringify(body)`), indented, keys in the order they are sent.
 */
export function requestBodyText(body: unknown): string {
  return JSON.stringify(body, null, 2) + '\n';
}

/**
 * The "before" side of the preview: the same keys as the body, holding what the remote has now,
 * so that the diff shows exactly what the push replaces.
 */
export function previewBefore(body: CampaignDoc, remote: CampaignDoc): CampaignDoc {
  const out: CampaignDoc = {};
  for (const key of Object.keys(body)) {
    if (key === 'updated_by') {
      if (remote.updated_by !== undefined) out.updated_by = remote.updated_by;
      continue;
    }
    if (has(remote, key)) out[key] = remote[key];
  }
  return out;
}

/**
 * Notes shown beside the preview: what is deliberately not sent, and why. `readOnly: false`
 * leaves out the note on read-only metadata (rule D8), which the preview does not repeat.
 */
export function planNotes(plan: PatchPlan, { readOnly = true }: { readOnly?: boolean } = {}): string[] {
  const notes: string[] = [];
  if (plan.removedLocally.length) {
    const names = list(plan.removedLocally);
    notes.push(
      plan.removedLocally.length === 1
        ? l10n.t(
            '{0} was deleted from the file but stay on the service: an update replaces the components it carries and cannot delete one. Edit the campaign in the dashboard to remove it.',
            names,
          )
        : l10n.t(
            '{0} were deleted from the file but stay on the service: an update replaces the components it carries and cannot delete one. Edit the campaign in the dashboard to remove them.',
            names,
          ),
    );
  }
  if (plan.unknownKeys.length) {
    const names = list(plan.unknownKeys);
    notes.push(
      plan.unknownKeys.length === 1
        ? l10n.t('{0} is not a field of the campaign record, so it is not sent (rule D7). Check the spelling.', names)
        : l10n.t('{0} are not fields of the campaign record, so they are not sent (rule D7). Check the spelling.', names),
    );
  }
  if (readOnly && plan.readOnlyEdits.length) {
    const names = list(plan.readOnlyEdits);
    notes.push(
      plan.readOnlyEdits.length === 1
        ? l10n.t('{0} is read-only metadata (rule D8): the edit has no effect and is not sent.', names)
        : l10n.t('{0} are read-only metadata (rule D8): the edit has no effect and is not sent.', names),
    );
  }
  return notes;
}

/** Refusals that come from the plan itself, before any state is known. */
export function planRefusals(plan: PatchPlan): Problem[] {
  return plan.identityChanges.map(c => ({
    rule: 'D6',
    severity: 'error' as const,
    path: '/' + c.field,
    message:
      c.field === 'channel'
        ? l10n.t(
            '{0} was {1} when fetched and is {2} in the file: an existing campaign cannot change its channel. Put back {1}, or create a new draft from a copy of this file without its `id`.',
            code(c.field),
            String(JSON.stringify(c.from)),
            String(JSON.stringify(c.to)),
          )
        : l10n.t(
            '{0} was {1} when fetched and is {2} in the file: an existing campaign cannot change its delivery type. Put back {1}, or create a new draft from a copy of this file without its `id`.',
            code(c.field),
            String(JSON.stringify(c.from)),
            String(JSON.stringify(c.to)),
          ),
  }));
}

/**
 * Every field the push changes, service now → after the push, for the review. A field the
 * service changed since the file's base is marked: sending it replaces someone else's edit.
 */
export function reviewChanges(plan: PatchPlan, merged: CampaignDoc, remoteNow: CampaignDoc, fileBase: CampaignDoc): ReviewChange[] {
  return plan.changed.flatMap(k =>
    fieldChanges(remoteNow[k], merged[k], [k]).map(c => ({
      path: pathText(c.path),
      before: c.before,
      after: c.after,
      overridesRemote: !dequal(valueAt(fileBase, c.path), valueAt(remoteNow, c.path)),
    })),
  );
}
