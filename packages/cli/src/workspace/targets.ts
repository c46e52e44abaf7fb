import * as fs from 'fs';
import * as path from 'path';
import { glob, isDynamicPattern } from 'tinyglobby';
import { isCampaignFileName, isSearchFileName } from '@campaign-studio/core';
import { GitIgnores } from '@campaign-studio/sync';
import { Problems, reason } from './problems';

/** A file to check: as the output names it, where it is, and for `-` that it is read from stdin. */
export interface Target {
  shown: string;
  abs: string;
  stdin?: boolean;
}

const SKIPPED_DIRS = new Set(['node_modules', '.git']);

/** Which files a folder stands for, by name (core's `fileKind` predicates), and how messages name them. */
export interface Wanted {
  accepts(fileName: string): boolean;
  description: string;
}

/** What lint checks: campaigns and search bodies. */
export const LINTED: Wanted = {
  accepts: name => isCampaignFileName(name) || isSearchFileName(name),
  description: '*.campaign.json or *.search.json files',
};

/** What the sync commands work on: campaigns. */
export const CAMPAIGNS: Wanted = { accepts: isCampaignFileName, description: '*.campaign.json files' };

/** Joins a found file onto the directory as the user wrote it, so paths read as given. */
function shownPath(givenDir: string, rel: string): string {
  return givenDir.endsWith('/') || givenDir.endsWith(path.sep) ? givenDir + rel : givenDir + path.sep + rel;
}

function byName(a: fs.Dirent, b: fs.Dirent): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/** What `-` stands for: `--stdin-filename`'s file (for settings and base lookup) or `<stdin>` in the working folder. */
export function stdinTarget(cwd: string, stdinFilename: string | undefined): Target {
  const shown = stdinFilename ?? '<stdin>';
  return { shown, abs: path.resolve(cwd, shown), stdin: true };
}

/**
 * The files to check, in the order given; a directory's or a glob's files sorted by name, each
 * file once. Inputs that match nothing, or cannot be read, are problems.
 */
export class TargetCollector {
  readonly targets: Target[] = [];
  private readonly seen = new Set<string>();
  private readonly ignores: GitIgnores;

  constructor(
    private readonly cwd: string,
    private readonly problems: Problems,
    private readonly wanted: Wanted,
    private readonly stdinFilename?: string,
  ) {
    this.ignores = new GitIgnores(cwd);
  }

  async add(input: string): Promise<void> {
    if (input === '-') return this.push(stdinTarget(this.cwd, this.stdinFilename));
    const abs = path.resolve(this.cwd, input);
    let stat: fs.Stats;
    try {
      stat = fs.statSync(abs);
    } catch (e) {
      if (isDynamicPattern(input)) return this.addGlob(input);
      return this.problems.unreadable(input, reason(e), 'Check the path.');
    }
    if (!stat.isDirectory()) return this.push({ shown: input, abs });
    const before = this.targets.length;
    const skipped = this.walk(abs, abs, input, new Set());
    if (this.targets.length === before)
      this.problems.problem(
        `${input}: no ${this.wanted.description} in it${ignoredNote(skipped)}. Give a directory, file or glob that holds campaigns.`,
      );
  }

  private push(t: Target): void {
    if (this.seen.has(t.abs)) return;
    this.seen.add(t.abs);
    this.targets.push(t);
  }

  private async addGlob(pattern: string): Promise<void> {
    const absolute = path.isAbsolute(pattern);
    const found = await glob(pattern, { cwd: this.cwd, absolute, onlyFiles: true, ignore: ['**/node_modules/**', '**/.git/**'] });
    const kept = found.filter(f => !this.ignores.ignores(path.resolve(this.cwd, f), false)).sort();
    if (kept.length === 0) {
      this.problems.problem(
        `${pattern}: no files match it${ignoredNote(found.length)}. Check the pattern, and quote it so the shell does not expand it.`,
      );
      return;
    }
    for (const f of kept) this.push({ shown: f, abs: path.resolve(this.cwd, f) });
  }

  /**
   * Adds the checked files under `dir`, inside the directory `given` on the command line (checked
   * even when an enclosing repository ignores it, as a file named there is); returns how many
   * entries .gitignore made it skip.
   */
  private walk(given: string, dir: string, shown: string, visited: Set<string>): number {
    let real: string;
    let entries: fs.Dirent[];
    try {
      real = fs.realpathSync(dir);
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch (e) {
      this.problems.unreadable(shown, reason(e), "Check the directory's permissions.");
      return 0;
    }
    if (visited.has(real)) return 0; // a link back up the tree
    visited.add(real);
    let skipped = 0;
    for (const e of entries.sort(byName)) {
      const abs = path.join(dir, e.name);
      const kind = this.kindOf(e, abs, shownPath(shown, e.name));
      if (kind === 'dir' && SKIPPED_DIRS.has(e.name)) continue;
      if (kind === 'other' || (kind === 'file' && !this.wanted.accepts(e.name))) continue;
      if (this.ignores.ignores(abs, kind === 'dir', given)) skipped++;
      else if (kind === 'dir') skipped += this.walk(given, abs, shownPath(shown, e.name), visited);
      else this.push({ shown: shownPath(shown, e.name), abs });
    }
    return skipped;
  }

  /** What an entry is, following links; a broken link is only a problem when it looks like a file we would check. */
  private kindOf(e: fs.Dirent, abs: string, shown: string): 'dir' | 'file' | 'other' {
    if (!e.isSymbolicLink()) return e.isDirectory() ? 'dir' : e.isFile() ? 'file' : 'other';
    try {
      return fs.statSync(abs).isDirectory() ? 'dir' : 'file';
    } catch (err) {
      if (this.wanted.accepts(e.name)) this.problems.unreadable(shown, reason(err), 'It is a link to nothing: fix or remove it.');
      return 'other';
    }
  }
}

function ignoredNote(ignored: number): string {
  return ignored ? ` that .gitignore does not ignore (${ignored} ignored)` : '';
}
