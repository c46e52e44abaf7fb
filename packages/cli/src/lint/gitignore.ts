import * as fs from 'fs';
import * as path from 'path';
import ignore, { Ignore } from 'ignore';
import { AncestorIndex, entryExists } from './ancestors';

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

  constructor(private readonly cwd: string) {}

  /** Whether the absolute path `abs` (a directory when `isDir`) is ignored. */
  ignores(abs: string, isDir: boolean): boolean {
    const found = this.withRules.matching(path.dirname(abs));
    const root = found.length ? this.rootOf(abs) : undefined;
    if (!root) return false;
    const levels = found.filter(dir => isInside(dir, root));
    let ignored = false;
    for (let i = levels.length - 1; i >= 0; i--) {
      const rel = path.relative(levels[i], abs).split(path.sep).join('/') + (isDir ? '/' : '');
      const verdict = this.rulesOf(levels[i])!.test(rel);
      if (verdict.ignored) ignored = true;
      else if (verdict.unignored) ignored = false;
    }
    return ignored;
  }

  /** The folder whose .gitignore files apply to `abs`, or undefined when none do. */
  private rootOf(abs: string): string | undefined {
    const repository = this.repositories.nearest(path.dirname(abs));
    if (repository) return repository;
    return isInside(abs, this.cwd) ? this.cwd : undefined;
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

function isInside(p: string, dir: string): boolean {
  const rel = path.relative(dir, p);
  return rel === '' || (rel !== '..' && !rel.startsWith('..' + path.sep) && !path.isAbsolute(rel));
}
