import { chosenValue, ConflictChoice, FieldConflict, mergeFields } from './merge';
import { withValueAt } from './fieldPaths';
import { CampaignDoc, contentOf } from './model';

/**
 * Conflicts resolved outside a push (`campaign resolve`): each chosen field takes, in the file,
 * the value the editor's conflict view gives that choice (`chosenValue`), and in the base, the
 * service's current value. The next merge then finds the field changed only in the file (or not
 * at all), so a push sends exactly the choice on top of the service's version, and the service's
 * other changes still show as theirs, to be taken into the file, never sent back over. Every
 * other field of the file and of the base stays as it was.
 */

export interface ResolvedField {
  conflict: FieldConflict;
  choice: ConflictChoice;
  /** What the file holds now; `undefined` where the field is removed. */
  value: unknown;
}

export interface Resolution {
  /** The file's document with the chosen values. */
  local: CampaignDoc;
  /** The base with the service's value at each resolved field. */
  base: CampaignDoc;
  resolved: ResolvedField[];
  /** Conflicts no choice was given for: still conflicts. */
  left: FieldConflict[];
}

/** The conflicts of the three documents (content only, as a push merges them). */
export function conflictsOf(base: CampaignDoc, local: CampaignDoc, remote: CampaignDoc): FieldConflict[] {
  return mergeFields(contentOf(base), contentOf(local), contentOf(remote)).conflicts;
}

/** Applies the choices, keyed by conflict id, to the file's document and the base. */
export function resolveFields(
  base: CampaignDoc,
  local: CampaignDoc,
  remote: CampaignDoc,
  choices: Readonly<Record<string, ConflictChoice>>,
): Resolution {
  const out: Resolution = { local, base, resolved: [], left: [] };
  for (const conflict of conflictsOf(base, local, remote)) {
    const choice = Object.prototype.hasOwnProperty.call(choices, conflict.id) ? choices[conflict.id] : undefined;
    if (choice === undefined) {
      out.left.push(conflict);
      continue;
    }
    const value = chosenValue(conflict, choice);
    out.local = withValueAt(out.local, conflict.segments, value) as CampaignDoc;
    out.base = withValueAt(out.base, conflict.segments, conflict.remote) as CampaignDoc;
    out.resolved.push({ conflict, choice, value });
  }
  return out;
}
