import * as path from 'path';
import { fileURLToPath, pathToFileURL } from 'url';

/** Document URIs as editors send them, turned into the names the rest of the service reads. */

export function isFileUri(uri: string): boolean {
  return uri.startsWith('file:');
}

/**
 * The file system path of a `file:` URI; for other schemes (`untitled:`, virtual documents) the
 * URI's path, which still carries the file name the document kind is read from.
 */
export function uriToFileName(uri: string): string {
  try {
    if (isFileUri(uri)) return fileURLToPath(uri);
    return decodeURIComponent(new URL(uri).pathname);
  } catch {
    return uri;
  }
}

/** Characters that stand for themselves in a `file:` URI's path (no percent-encoding), POSIX paths only. */
const PLAIN_POSIX_PATH = /^\/[A-Za-z0-9/._-]*$/;

/**
 * The `file:` URI of an absolute path, as `pathToFileURL` writes it. A plain POSIX path is its own
 * URI path, so it skips the URL parser: a visible cost when `campaign lint` names thousands of files.
 */
export function fileUri(absPath: string): string {
  return path.sep === '/' && PLAIN_POSIX_PATH.test(absPath) && path.posix.normalize(absPath) === absPath
    ? `file://${absPath}`
    : pathToFileURL(absPath).href;
}
