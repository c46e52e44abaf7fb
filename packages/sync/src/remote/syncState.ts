import { JsonObject } from '@campaign-studio/core';
import { FieldChange, fieldChanges, pathText } from '../push/fieldPaths';
import { mergeFields } from '../push/merge';
import { contentOf } from '../push/model';

/**
 * Where a fetched file stands against its base snapshot and the service, as `campaign status`
 * and `campaign diff` tell it: what changed on each side since the fetch, by JSON path, and the
 * fields changed on both sides differently (which a push or pull cannot merge on its own).
 */

export type SyncState = 'unchanged' | 'modified' | 'behind' | 'diverged';

export interface PathChange {
  /** `basic_details.geofences[name="Mall"].radius`, as the conflict view shows it. */
  path: string;
  /** Absent where the field is absent on that side. */
  before?: unknown;
  after?: unknown;
}

export interface SyncComparison {
  state: SyncState;
  /** Base → file. */
  local: PathChange[];
  /** Base → service. */
  remote: PathChange[];
  /** Paths changed on both sides to different values. */
  conflicts: string[];
}

export function compareWithBase(base: JsonObject, local: JsonObject, remote: JsonObject): SyncComparison {
  const b = contentOf(base);
  const l = contentOf(local);
  const r = contentOf(remote);
  const localChanges = fieldChanges(b, l).map(asPathChange);
  const remoteChanges = fieldChanges(b, r).map(asPathChange);
  const conflicts = localChanges.length && remoteChanges.length ? mergeFields(b, l, r).conflicts.map(c => c.path) : [];
  return { state: stateOf(localChanges.length > 0, remoteChanges.length > 0), local: localChanges, remote: remoteChanges, conflicts };
}

function stateOf(localChanged: boolean, remoteChanged: boolean): SyncState {
  if (localChanged && remoteChanged) return 'diverged';
  if (localChanged) return 'modified';
  return remoteChanged ? 'behind' : 'unchanged';
}

function asPathChange(c: FieldChange): PathChange {
  return {
    path: pathText(c.path),
    ...(c.before === undefined ? {} : { before: c.before }),
    ...(c.after === undefined ? {} : { after: c.after }),
  };
}
