import componentsJson from '../../../../snippets/components.json';
import skeletonsJson from '../../../../snippets/skeletons.json';
import { applies, EditContext, pathMatches, splitPattern } from './editingContext';
import type { Segment } from './schemaWalk';
import { FeatureFlags } from '../model/types';

/**
 * The snippet files in `snippets/` are VS Code snippet files (contributed for `campaign-json`).
 * The component snippets carry where they belong (`x-at`, path patterns) and what they apply to
 * (`x-channels`, `x-delivery-types`, `x-feature`), keys that VS Code ignores; the language server
 * reads the same file to offer each one as a completion at its place, so every editor gets them.
 */

export interface SnippetEntry {
  name: string;
  prefix: string | string[];
  description?: string;
  body: string[];
  isFileTemplate?: boolean;
  'x-at'?: string[];
  'x-channels'?: string[];
  'x-delivery-types'?: string[];
  'x-feature'?: keyof FeatureFlags;
}

function entries(json: unknown): SnippetEntry[] {
  return Object.entries(json as Record<string, Omit<SnippetEntry, 'name'>>).map(([name, e]) => ({ name, ...e }));
}

export const COMPONENT_SNIPPETS: readonly SnippetEntry[] = entries(componentsJson);
export const SKELETON_SNIPPETS: readonly SnippetEntry[] = entries(skeletonsJson);

/** The snippet text, lines joined. */
export function bodyText(s: SnippetEntry): string {
  return s.body.join('\n');
}

/**
 * A component snippet split into the key it names (`"scheduling_details": …`) and its value;
 * `key` is undefined for snippets that are a bare value (an array item such as a filter).
 */
export function splitBody(s: SnippetEntry): { key?: string; value: string } {
  const text = bodyText(s);
  const m = /^"((?:[^"\\]|\\.)*)"\s*:\s*/.exec(text);
  if (!m) return { value: text };
  return { key: JSON.parse(`"${m[1]}"`) as string, value: text.slice(m[0].length) };
}

/** The component snippets whose value belongs at `path` and that apply to this campaign. */
export function snippetsAt(ctx: EditContext, path: readonly Segment[]): SnippetEntry[] {
  return COMPONENT_SNIPPETS.filter(
    s =>
      (s['x-at'] ?? []).some(p => pathMatches(splitPattern(p), path)) &&
      applies(ctx, { channels: s['x-channels'], deliveryTypes: s['x-delivery-types'], feature: s['x-feature'] }),
  );
}

// ---------------------------------------------------------------------------------------------
// Snippet syntax (TextMate / LSP): $1, ${1}, ${1:default}, ${1|a,b|}, $VAR, ${VAR:default}.

/**
 * The text a snippet inserts when every placeholder keeps its default (the first choice of a
 * choice), as a person pressing Tab through it would get.
 */
export function expandSnippet(snippet: string): string {
  let i = 0;
  const n = snippet.length;
  // Reads until one of `stops` (unescaped) at nesting level 0; returns the expanded text.
  const read = (stops: string): string => {
    let out = '';
    while (i < n) {
      const c = snippet[i];
      if (c === '\\' && i + 1 < n && '$}\\,|'.includes(snippet[i + 1])) {
        out += snippet[i + 1];
        i += 2;
        continue;
      }
      if (stops.includes(c)) return out;
      if (c === '$') {
        const rest = snippet.slice(i + 1);
        const simple = /^(\d+|[A-Za-z_][A-Za-z0-9_]*)/.exec(rest);
        if (simple) {
          i += 1 + simple[0].length;
          continue;
        }
        if (rest.startsWith('{')) {
          const head = /^\{(\d+|[A-Za-z_][A-Za-z0-9_]*)/.exec(rest);
          if (head) {
            i += 1 + head[0].length;
            const after = snippet[i];
            if (after === '}') {
              i++;
              continue;
            }
            if (after === ':') {
              i++;
              out += read('}');
              i++;
              continue;
            }
            if (after === '|') {
              i++;
              const choices: string[] = [];
              for (;;) {
                choices.push(read(',|'));
                if (snippet[i] === ',') {
                  i++;
                  continue;
                }
                break;
              }
              i += 2; // `|}`
              out += choices[0] ?? '';
              continue;
            }
            if (after === '/') {
              // A transform: keep nothing of it (variables are empty here).
              const end = snippet.indexOf('}', i);
              i = end < 0 ? n : end + 1;
              continue;
            }
          }
        }
      }
      out += c;
      i++;
    }
    return out;
  };
  return read('');
}

/** Escapes text for use as literal snippet text. */
export function escapeSnippet(text: string): string {
  return text.replace(/[\\$}]/g, m => '\\' + m);
}
