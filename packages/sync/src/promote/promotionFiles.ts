import * as fs from 'fs';
import * as path from 'path';
import * as lockfile from 'proper-lockfile';
import { holdPushLock } from '../files/pushLock';
import { refuseLinkOut } from '../files/insideFolder';
import { LINKS_FILE, LinksFile, NO_LINKS, parseLinks, PromotionLink, serializeLinks, withLink } from './links';
import { NO_VALUES, parseValues, VALUES_FILE, ValuesFile } from './values';
import { LinksPort } from './promotion';

/**
 * The promotion's committed files on disk, in one folder (the one that holds
 * `campaign.environments.json`, or the workspace folder): `campaign.links.json`, read afresh at
 * every use and rewritten whole under a lock, so that two promotions at once keep both links; and
 * `campaign.values.json`, read once. Neither is required: without them there are no links yet and
 * no per-environment values.
 */

function readIfThere(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
}

/** The values file of `folder`, or none; throws `ValuesFileError` when it is malformed. */
export function readValuesFile(folder: string, shown = VALUES_FILE): ValuesFile {
  const text = readIfThere(path.join(folder, VALUES_FILE));
  return text === undefined ? NO_VALUES : parseValues(text, shown);
}

/** The links of `folder`, or none; throws `LinksFileError` when the file is malformed. */
export function readLinksFile(folder: string, shown = LINKS_FILE): LinksFile {
  const text = readIfThere(path.join(folder, LINKS_FILE));
  return text === undefined ? NO_LINKS : parseLinks(text, shown);
}

/** The links port on `folder`'s `campaign.links.json`: a record is a locked read, add and atomic rewrite. */
export function linksOnDisk(folder: string, shown = LINKS_FILE): LinksPort {
  const file = path.join(folder, LINKS_FILE);
  return {
    shown,
    read: () => readLinksFile(folder, shown),
    record: async (link: PromotionLink) => {
      refuseLinkOut(folder, file);
      const release = await lockfile.lock(file, { realpath: false, stale: 10_000, retries: { retries: 80, factor: 1, minTimeout: 250 } });
      try {
        const next = serializeLinks(withLink(readLinksFile(folder, shown), link));
        const temporary = `${file}.${process.pid}.tmp`;
        fs.writeFileSync(temporary, next);
        fs.renameSync(temporary, file);
      } finally {
        await release();
      }
    },
    hold: key => holdPushLock(folder, key, { onWait: () => undefined }),
  };
}
