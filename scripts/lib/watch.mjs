// Waiting for a file's content, by its folder's change events rather than by polling.
import fs from 'node:fs';
import path from 'node:path';

/**
 * Resolves when `file` holds `text`: checked now, then at each change in its folder (a writer
 * may rename a temporary file over it). Rejects after `timeoutMs`, saying what was awaited.
 * @param {string} file
 * @param {string} text
 * @param {string} what
 * @param {number} [timeoutMs]
 * @returns {Promise<void>}
 */
export function whenFileHolds(file, text, what, timeoutMs = 10_000) {
  const holds = () => { try { return fs.readFileSync(file, 'utf8').includes(text); } catch { return false; } };
  if (holds()) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const watcher = fs.watch(path.dirname(file), () => {
      if (!holds()) return;
      done();
      resolve();
    });
    const timer = setTimeout(() => {
      done();
      reject(new Error(`timed out after ${timeoutMs / 1000}s waiting for ${what}`));
    }, timeoutMs);
    const done = () => {
      clearTimeout(timer);
      watcher.close();
    };
  });
}
