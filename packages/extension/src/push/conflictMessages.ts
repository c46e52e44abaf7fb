/**
 * What the "Resolve conflicts" webview and its controller (`conflictView.ts`) say to each other.
 * Types only, with no imports: the webview script (`src/webview/conflicts.ts`, built for the
 * browser) and the extension both use them.
 */

/** The choice for one conflicting field: yours, theirs, or a value written by hand. */
export type ChoiceKind = 'local' | 'remote' | 'edit';

/** One conflicting field as the view draws it. */
export interface ConflictRow {
  /** The conflict's id (`FieldConflict.id`). */
  id: string;
  /** `basic_details.name`, as people read it. */
  path: string;
  /** Each side's value as compact JSON, `(absent)` when the field is not there. */
  base: string;
  local: string;
  remote: string;
  choice?: ChoiceKind;
  /** The hand-written value (JSON text), prefilled with yours. */
  editText: string;
  /** The edit removes the field: ticked explicitly, the text is then not used. */
  remove: boolean;
  /** Why the chosen edit cannot be used (not JSON, empty); absent when it can. */
  error?: string;
  /** "Keep for basic_details.name": what the choice is about, for screen readers and the palette's pick. */
  keepFor: string;
  /** "The value of basic_details.name, as JSON": the edit's label. */
  valueLabel: string;
}

export interface ConflictViewState {
  /** "Campaign "Spring sale" (c-123) on staging". */
  campaign: string;
  /** Who changed the service's copy, and when, as far as the service says: "colleague@… at …". */
  theirsBy: string;
  rows: ConflictRow[];
  /** Rows with a usable choice. */
  decided: number;
  /** Every row has a usable choice: Continue is enabled. */
  ready: boolean;
  /** The paragraph under the heading: the campaign, how many fields conflict, what Continue does. */
  intro: string;
  /** "1 of 2 fields decided". */
  progress: string;
}

/** The view's fixed words, in the page (`data-texts` of its main element), localized by the extension. */
export interface ConflictViewTexts {
  heading: string;
  /** The title of each side's column. */
  sides: Record<'base' | 'local' | 'remote', string>;
  /** Under the title of the base and yours columns (theirs says who changed it: `theirsBy`). */
  who: Record<'base' | 'local', string>;
  /** The radio buttons. */
  choices: Record<ChoiceKind, string>;
  keep: string;
  removeField: string;
  /** The buttons that open a field's diff, base against yours or theirs. */
  compare: Record<'local' | 'remote', string>;
  preview: string;
  continue: string;
  cancel: string;
}

/** Controller → webview: the whole state, after every change. */
export interface StateMessage {
  type: 'state';
  state: ConflictViewState;
}

/** Webview → controller: what the person did. */
export type ViewMessage =
  | { type: 'ready' }
  | { type: 'choose'; id: string; choice: ChoiceKind }
  | { type: 'edit'; id: string; text: string }
  | { type: 'remove'; id: string; remove: boolean }
  | { type: 'diff'; id: string; side: 'local' | 'remote' }
  | { type: 'preview' }
  | { type: 'continue' }
  | { type: 'cancel' };
