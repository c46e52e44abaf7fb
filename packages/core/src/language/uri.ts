import { fileURLToPath } from 'url';

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
