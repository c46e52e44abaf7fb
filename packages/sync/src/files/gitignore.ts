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
 *
 * A folder that the user named (a workspace folder, a directory given to the CLI: the `root` of a
 * check) is itself never ignored, even when an enclosing repository ignores it as a whole, as git
 * checks a nested repository whatever its parent ignores: the enclosing rules still apply to the
 * entries inside it, seen from that folder (see `rerooted`).
 */
export class GitIgnores {
  private readonly rules = new Map<string, Ignore | undefined>();
  private readonly withRules = new AncestorIndex(dir => this.rulesOf(dir) !== undefined);
  private readonly repositories = new AncestorIndex(dir => entryExists(path.join(dir, '.git')));
  /** Per directory, the .gitignore files that apply to its entries, root first. */
  private readonly levels = new Map<string, readonly Level[]>();
  /** Per checked folder and .gitignore above it that ignores it, that file's rules seen from the folder. */
  private readonly rerootedRules = new Map<string, Ignore>();

  constructor(private readonly cwd: string) {}

  /**
   * Whether the absolute path `abs` (a directory when `isDir`) is ignored, in a check of the
   * folder `root` (the working folder unless given), which holds it.
   */
  ignores(abs: string, isDir: boolean, root = this.cwd): boolean {
    const entry = path.basename(abs) + (isDir ? '/' : '');
    let ignored = false;
    for (const { rules, prefix } of this.levelsOf(path.dirname(abs), root)) {
      const verdict = rules.test(prefix + entry);
      if (verdict.ignored) ignored = true;
      else if (verdict.unignored) ignored = false;
    }
    return ignored;
  }

  private levelsOf(dir: string, checked: string): readonly Level[] {
    const key = `${checked}\0${dir}`;
    let levels = this.levels.get(key);
    if (!levels) {
      const found = this.withRules.matching(dir);
      const root = found.length ? this.rootOf(dir) : undefined;
      levels =
        root === undefined
          ? []
          : found
              .filter(d => isInside(d, root))
              .reverse()
              .map(d => this.levelOf(d, dir, checked));
      this.levels.set(key, levels);
    }
    return levels;
  }

  /** The rules of the .gitignore in `at` for the entries of `dir`, in a check of the folder `checked`. */
  private levelOf(at: string, dir: string, checked: string): Level {
    const rules = this.rulesOf(at)!;
    const folder = prefixOf(at, checked);
    const above = at !== checked && isInside(checked, at) && isInside(dir, checked);
    if (!above || !rules.test(folder).ignored) return { rules, prefix: prefixOf(at, dir) };
    const key = `${checked}\0${at}`;
    let seen = this.rerootedRules.get(key);
    if (!seen) {
      seen = rerooted(fs.readFileSync(path.join(at, '.gitignore'), 'utf8'), folder.slice(0, -1));
      this.rerootedRules.set(key, seen);
    }
    return { rules: seen, prefix: prefixOf(checked, dir) };
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

/**
 * The rules of a .gitignore as they apply inside its subfolder `folder` (`a/b`, posix), the folder
 * itself never ignored: a pattern without a slash still matches at any depth, an anchored one is
 * kept from where it reaches into the folder (`/a/b/build/` becomes `/build/`, `a/*\/gen` at
 * `a/b` becomes `/gen`), and one that names the folder, one of its parents or another folder is
 * dropped. A `**` segment keeps the rest at any depth.
 */
export function rerooted(text: string, folder: string): Ignore {
  const outer = folder.split('/');
  const lines = text.split(/\r?\n/).flatMap(line => {
    const kept = rerootedPattern(line.trimEnd(), outer);
    return kept === undefined ? [] : [kept];
  });
  return ignore().add(lines);
}

function rerootedPattern(line: string, outer: readonly string[]): string | undefined {
  if (!line || line.startsWith('#')) return line;
  const negated = line.startsWith('!') ? '!' : '';
  const body = line.slice(negated.length);
  const dirOnly = body.endsWith('/') ? '/' : '';
  const pattern = body.slice(0, body.length - dirOnly.length);
  if (!pattern.includes('/')) return line;
  const segments = pattern.replace(/^\//, '').split('/');
  for (let i = 0; i < outer.length; i++) {
    if (segments[i] === '**') return negated + segments.slice(i).join('/') + dirOnly;
    if (i >= segments.length - 1 || !ignore().add(segments[i]).ignores(outer[i])) return undefined;
  }
  return `${negated}/${segments.slice(outer.length).join('/')}${dirOnly}`;
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
