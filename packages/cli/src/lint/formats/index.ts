import { Formatter } from './format';
import { formatGithub } from './github';
import { formatJson } from './json';
import { formatJunit } from './junit';
import { formatSarif } from './sarif';
import { formatText } from './text';

export type { FormatContext, Formatter } from './format';

/** The output formats, by the name `--format` takes. */
export const FORMATS = {
  text: formatText,
  json: formatJson,
  sarif: formatSarif,
  junit: formatJunit,
  github: formatGithub,
} satisfies Record<string, Formatter>;

export type Format = keyof typeof FORMATS;

export function isFormat(name: string): name is Format {
  return Object.hasOwn(FORMATS, name);
}
