import { Severity } from '@campaign-studio/core';
import { FileReport } from '../report';

/** What a format needs besides the reports. */
export interface FormatContext {
  /** Whether the text may be coloured (a terminal, and no `NO_COLOR`). */
  colour: boolean;
  /** The least severe diagnostic that fails the run (`--fail-severity`). */
  failSeverity: Severity;
  version: string;
  /** The working folder: SARIF and GitHub name files relative to it. */
  cwd: string;
}

/** Everything a format prints on stdout for one run. */
export type Formatter = (reports: FileReport[], context: FormatContext) => string;
