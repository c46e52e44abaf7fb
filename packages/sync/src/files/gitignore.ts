import * as fs from 'fs';
import * as path from 'path';
import ignore, { Ignore } from 'ignore';
import { entryExists } from './settingsFiles';
import { AncestorIndex } from './ancestors';

/** The rules of one .gitignore, and the path from its folder to a directory below it (`a/b/`). */
interface Level {
  rules: Ignore;
  prefix: string;
}

/**
 * What git would ignore, read from the .gitignore files of the repository (the nearest folder
 * with a `.git` at or above a path; without one, the working folder) from its root down: each
 * deeper file may ignore more or take back (`!pattern`) what an upper one ignored. Directory walks
 * and globs skip what it ignores; a file named on the command line is checked all the same.
 */
export class GitIgnores {
  private readonly rules = new Map<string, Ignore | undefined>();
  private readonly withRules = new AncestorIndex(dir => this.rulesOf(dir) !== undefined);
  private readonly repositories = new AncestorIndex(dir => entryExists(path.join(dir, '.git')));
  /** Per directory, the .gitignore files that apply to its entries, root first. */
  private readonly levels = new Map<string, readonly Level[]>();

  constructor(private readonly cwd: string) {}

  /** Whether the absolute path `abs` (a directory when `isDir`) is ignored. */
  ignores(abs: string, isDir: boolean): boolean {
    const entry = path.basename(abs) + (isDir ? '/' : '');
    let ignored = false;
    for (const { rules, prefix } of this.levelsOf(path.dirname(abs))) {
      const verdict = rules.test(prefix + entry);
      if (verdict.ignored) ignored = true;
      else if (verdict.unignored) ignored = false;
    }
    return ignored;
  }

  private levelsOf(dir: string): readonly Level[] {
    let levels = this.levels.get(dir);
    if (!levels) {
      const found = this.withRules.matching(dir);
      const root = found.length ? this.rootOf(dir) : undefined;
      levels =
        root === undefined
          ? []
          : found
              .filter(d => isInside(d, root))
              .reverse()
              .map(d => ({ rules: this.rulesOf(d)!, prefix: prefixOf(d, dir) }));
      this.levels.set(dir, levels);
    }
    return levels;
  }

  /** The folder whose .gitignore files apply to the entries of `dir`, or undefined when none do. */
  private rootOf(dir: string): string | undefined {
    const repository = this.repositories.nearest(dir);
    if (repository) return repository;
    return isInside(dir, this.cwd) ? this.cwd : undefined;
  }

  private rulesOf(dir: string): Ignore | undefined {
    if (this.rules.has(dir)) return this.rules.get(dir);
    let text: string | undefined;
    try {
      text = fs.readFileSync(path.join(dir, '.gitignore'), 'utf8');
    } catch {
      // No .gitignore here (or none git could read either).
    }
    const rules = text === undefined ? undefined : ignore().add(text);
    this.rules.set(dir, rules);
    return rules;
  }
}

/** `dir` seen from `from`, ending with `/` (empty when they are the same folder). */
function prefixOf(from: string, dir: string): string {
  const rel = path.relative(from, dir).split(path.sep).join('/');
  return rel ? rel + '/' : '';
}

function isInside(p: string, dir: string): boolean {
  const rel = path.relative(dir, p);
  return rel === '' || (rel !== '..' && !rel.startsWith('..' + path.sep) && !path.isAbsolute(rel));
}
