import * as l10n from '@vscode/l10n';
import * as path from 'path';
import { CAMPAIGN_FILE_SUFFIX } from '@campaign-studio/core';
import { isSafeId } from './baseFormat';

/** The id of a file's campaign is read the same way everywhere (`baseFormat.ts`). */
export { idFromFileName, isSafeId } from './baseFormat';

/**
 * File names of fetched campaigns: `<folder>/<name-slug>.<id>.campaign.json`. The id in the name
 * is what ties a file to its remote campaign, so a renamed campaign is still found; the slug is
 * only for people.
 */

const MAX_SLUG = 60;

/** `Spring Sale – 20% off!` → `spring-sale-20-off`; never empty. */
export function slugify(name: unknown, fallback = 'campaign'): string {
  if (typeof name !== 'string') return fallback;
  const s = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (!s) return fallback;
  return s.length > MAX_SLUG ? s.slice(0, MAX_SLUG).replace(/-+$/, '') : s;
}

/** The file name (no folder) for a campaign. */
export function campaignFileName(name: unknown, id: string): string {
  if (!isSafeId(id)) throw new Error(l10n.t`\`${id}\` cannot be part of a file name: a campaign id is letters, digits, \`_\` and \`-\`.`);
  return `${slugify(name)}.${id}${CAMPAIGN_FILE_SUFFIX}`;
}

/** The campaign name in a record or document (`basic_details.name`). */
export function campaignName(doc: unknown): string | undefined {
  if (!doc || typeof doc !== 'object') return undefined;
  const bd = (doc as Record<string, unknown>).basic_details;
  const n = bd && typeof bd === 'object' ? (bd as Record<string, unknown>).name : undefined;
  return typeof n === 'string' && n.trim() ? n : undefined;
}

/**
 * The fetch folder made safe: relative to `workspaceRoot`, no `..`, forward slashes; `""` is the
 * workspace root. An absolute folder inside the workspace is taken as the same folder relative.
 */
export function cleanFolder(folder: unknown, workspaceRoot: string): string {
  if (typeof folder !== 'string') return 'campaigns';
  const relative = path.isAbsolute(folder) ? path.relative(workspaceRoot, folder) : folder;
  const parts = relative
    .replace(/\\/g, '/')
    .split('/')
    .filter(p => p && p !== '.');
  if (path.isAbsolute(relative) || parts.some(p => p === '..'))
    throw new Error(l10n.t`The fetch folder \`${folder}\` leaves the workspace: use a folder inside it, such as \`campaigns\`.`);
  return parts.join('/');
}
