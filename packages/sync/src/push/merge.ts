import { dequal } from 'dequal';
import { CampaignDoc, contentKeys } from './model';

/**
 * Three-way merge per top-level component (base = the snapshot fetched, local = the file,
 * remote = the service now). A component changed on one side only takes that side; changed on
 * both sides to different values it is a conflict for the user to decide. Read-only metadata and
 * authorship are not merged: they always come from the remote.
 */

export type ComponentSource = 'both' | 'local' | 'remote' | 'unchanged';

export interface ComponentMerge {
  key: string;
  base: unknown;
  local: unknown;
  remote: unknown;
  /** Where the merged value comes from; `undefined` for a conflict. */
  source?: ComponentSource;
}

export interface MergeResult {
  /** The merged content: for conflicts the local value stays until a choice is made. */
  merged: CampaignDoc;
  /** Components changed only on the service: the file must take them. */
  takenFromRemote: string[];
  /** Components changed only locally: they are what the push will send. */
  keptLocal: string[];
  /** Components changed on both sides to the same value. */
  convergent: string[];
  /** Components changed on both sides differently. */
  conflicts: ComponentMerge[];
}

export function mergeComponents(base: CampaignDoc, local: CampaignDoc, remote: CampaignDoc): MergeResult {
  const keys: string[] = [];
  for (const k of [...contentKeys(local), ...contentKeys(remote), ...contentKeys(base)]) if (!keys.includes(k)) keys.push(k);
  const merged: CampaignDoc = {};
  const takenFromRemote: string[] = [];
  const keptLocal: string[] = [];
  const convergent: string[] = [];
  const conflicts: ComponentMerge[] = [];
  for (const key of keys) {
    const b = base[key];
    const l = local[key];
    const r = remote[key];
    if (dequal(l, r)) {
      if (l !== undefined) merged[key] = l;
      if (!dequal(l, b)) convergent.push(key);
    } else if (dequal(b, l)) {
      if (r !== undefined) merged[key] = r;
      takenFromRemote.push(key);
    } else if (dequal(b, r)) {
      if (l !== undefined) merged[key] = l;
      keptLocal.push(key);
    } else {
      if (l !== undefined) merged[key] = l;
      conflicts.push({ key, base: b, local: l, remote: r });
    }
  }
  return { merged, takenFromRemote, keptLocal, convergent, conflicts };
}

export type ConflictChoice = 'local' | 'remote';

/**
 * Applies the user's choices to a merge: `remote` takes the service's value into the file (the
 * push will not touch that component), `local` keeps the file's value (the push replaces the
 * service's). Every conflict needs a choice.
 */
export function resolveConflicts(result: MergeResult, choices: Record<string, ConflictChoice>): { merged: CampaignDoc; fromRemote: string[] } {
  const merged: CampaignDoc = { ...result.merged };
  const fromRemote = [...result.takenFromRemote];
  for (const c of result.conflicts) {
    const choice = choices[c.key];
    if (choice !== 'local' && choice !== 'remote') throw new Error(`No choice was made for the conflicting component \`${c.key}\`.`);
    if (choice === 'remote') {
      if (c.remote === undefined) delete merged[c.key]; else merged[c.key] = c.remote;
      fromRemote.push(c.key);
    }
  }
  return { merged, fromRemote };
}
