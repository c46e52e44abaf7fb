import * as l10n from '@vscode/l10n';
import * as fs from 'fs';
import * as path from 'path';

/**
 * Writes never follow a symbolic link out of the working folder: a campaign file, `.campaigns/`
 * or anything below them that is a link to elsewhere would otherwise have pull, fetch or push
 * write (and first read) a file the folder does not own. Links that stay inside keep working.
 */

/** A write refused because the path leads outside its folder through a link; carries where it leads. */
export class OutsideFolderError extends Error {
  constructor(
    readonly file: string,
    readonly leadsTo: string,
    readonly folder: string,
  ) {
    super(
      l10n.t(
        '{0} is a symbolic link (or lies below one) that leads to {1}, outside the working folder {2}: nothing was written. Replace the link with a real file or folder, or run the command in the folder it leads into.',
        file,
        leadsTo,
        folder,
      ),
    );
  }
}

const MAX_LINKS = 40;

/** Where writing `target` would land once every link is followed, whether or not the file exists yet (a dangling link counts). */
export function whereItLeads(target: string, links = 0): string {
  try {
    return fs.realpathSync(target);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ENOTDIR') throw e;
  }
  const link = linkOf(target);
  if (link !== undefined) {
    if (links >= MAX_LINKS) throw Object.assign(new Error(`${target}: too many links`), { code: 'ELOOP' });
    return whereItLeads(path.resolve(path.dirname(target), link), links + 1);
  }
  const parent = path.dirname(target);
  return parent === target ? target : path.join(whereItLeads(parent, links), path.basename(target));
}

function linkOf(p: string): string | undefined {
  try {
    return fs.lstatSync(p).isSymbolicLink() ? fs.readlinkSync(p) : undefined;
  } catch {
    return undefined;
  }
}

function isInside(folder: string, p: string): boolean {
  const rel = path.relative(folder, p);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/**
 * Throws an `OutsideFolderError` when `target`, a path inside `folder`, leads outside it through
 * a link. A path outside `folder` as written is not this guard's to judge.
 */
export function refuseLinkOut(folder: string, target: string): void {
  const root = path.resolve(folder);
  const file = path.resolve(root, target);
  if (!isInside(root, file)) return;
  const real = whereItLeads(file);
  if (!isInside(whereItLeads(root), real)) throw new OutsideFolderError(file, real, root);
}
