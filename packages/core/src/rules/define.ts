import { CheckPurpose, DocumentKind, FeatureFlags, Finding, Fix, RemoteState, RuleCheck } from '../model/types';

/**
 * The shape of a rule's one home. Each rule-group module (`document.ts`, `scheduling.ts`, …)
 * exports a `RuleGroup`: the definitions of its rules beside the functions that check them.
 * The catalogue, docs/rules.md, the schema messages and the rule-specific quick fixes are all
 * read from these definitions.
 */

/** The severity column of rules.md: mixed rules give each finding its own severity. */
export type SeverityColumn = 'E' | 'W' | 'I' | 'E / W' | 'E / I' | '—';

/** What docs/rules.md shows for a rule: a document that breaks it, and how to fix it. */
export interface RuleDocs {
  /** The example as a JSON value, shown pretty-printed … */
  doc?: unknown;
  /** … or as text, shown as written (for examples that are not strict JSON). */
  text?: string;
  /** The kind of document the example is (a campaign unless said). */
  kind?: Exclude<DocumentKind, 'campaign'>;
  /** The `.campaignrc.json` the example is checked with. */
  settings?: { features?: FeatureFlags; subscriptionCategories?: string[] };
  /** What the service holds, for the update rules. */
  remote?: RemoteState;
  purpose?: CheckPurpose;
  /** The current instant (epoch ms) the example is checked at, for the rules that depend on it. */
  now?: number;
  /** One sentence before the example. */
  context?: string;
  /** How to fix it (markdown). */
  fix: string;
}

/** What a rule's own quick fix is given about the finding it fixes. */
export interface FixContext {
  finding: Finding;
  doc: unknown;
  segs: string[];
  /** The value at the finding's path (undefined when the property is missing). */
  value: unknown;
  parent: unknown;
  key: string;
}

export interface RuleDefinition {
  /** The id of rules.md: a public contract, never renamed or renumbered. */
  id: string;
  /** A few words naming the rule. */
  title: string;
  severity: SeverityColumn;
  /** The rule in one or two sentences, as rules.md states it. */
  summary: string;
  /**
   * Message templates the schemas name in `x-messages` (`{ "pattern": "notEmail" }`), by name.
   * `{value}`, `{property}`, `{missing}` and the like are filled from the schema error.
   */
  messages?: Record<string, string>;
  docs: RuleDocs;
  /** Fixes for this rule's findings that the reporting code does not attach itself. */
  fix?: (f: FixContext) => Fix[];
  /** A finding on a present key means "does not apply here": offer to remove the key. */
  removesInapplicable?: true;
}

/** A rule-group module: its rules and the functions that report what the schemas cannot say. */
export interface RuleGroup {
  /** The heading docs/rules.md lists the rules under (groups may share one). */
  section: string;
  rules: RuleDefinition[];
  checks: RuleCheck[];
}
