import * as path from 'path';

/**
 * Which directories at or above a directory have something (a settings file, a base snapshot
 * folder, a .gitignore): each directory is asked once per run, however many files it holds.
 */
export class AncestorIndex {
  private readonly memo = new Map<string, readonly string[]>();

  constructor(private readonly has: (dir: string) => boolean) {}

  /** The directories at or above the absolute `dir` for which `has` holds, nearest first. */
  matching(dir: string): readonly string[] {
    const hit = this.memo.get(dir);
    if (hit) return hit;
    const parent = path.dirname(dir);
    const above = parent === dir ? [] : this.matching(parent);
    const found = this.has(dir) ? [dir, ...above] : above;
    this.memo.set(dir, found);
    return found;
  }

  nearest(dir: string): string | undefined {
    return this.matching(dir)[0];
  }
}
