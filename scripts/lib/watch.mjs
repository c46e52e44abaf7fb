// Waiting for a file's content, by its folder's change events rather than by polling.
import fs from 'node:fs';
import path from 'node:path';
import { withTimeout } from './processes.mjs';

/**
 * Resolves when `file` holds `text`: checked once its folder is watched, then at each change in
 * the folder (a writer may rename a temporary file over it), so no write goes unseen. Rejects
 * after `timeoutMs`, saying what was awaited.
 * @param {string} file
 * @param {string} text
 * @param {string} what
 * @param {number} [timeoutMs]
 * @returns {Promise<void>}
 */
export function whenFileHolds(file, text, what, timeoutMs = 10_000) {
  const holds = () => {
    try {
      return fs.readFileSync(file, 'utf8').includes(text);
    } catch {
      return false;
    }
  };
  let watcher;
  const held = new Promise(resolve => {
    watcher = fs.watch(path.dirname(file), () => {
      if (holds()) resolve();
    });
    if (holds()) resolve();
  });
  return withTimeout(held, timeoutMs, `timed out after ${timeoutMs / 1000}s waiting for ${what}`).finally(() => watcher?.close());
}
