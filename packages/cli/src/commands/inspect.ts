import { nonEmptyString } from '@campaign-studio/core';
import { compareWithBase, FileCheck, FileState as SyncFileState } from '@campaign-studio/sync';
import { unlessConfig } from '../io';
import { Service, failureText, isNotFound, Wanted } from '../service/session';
import { CampaignFile } from '../workspace/files';

/**
 * Where each file stands, for `campaign status` and `campaign diff`: its base against the file
 * and against the service as it is now.
 */

/** Sync's states of a file against the service, and `untracked`: a file with no id or no base snapshot. */
export type FileState = SyncFileState | 'untracked';

export interface FileReport extends Pick<FileCheck, 'local' | 'remote' | 'conflicts' | 'remoteUpdatedBy' | 'remoteUpdatedAt'> {
  file: string;
  campaignId?: string;
  environment?: string;
  state: FileState;
  /** Why the state is `untracked`, `not-on-service` or `error`. */
  message?: string;
}

export async function inspectFile(f: CampaignFile, service: Service): Promise<FileReport> {
  const report = (state: FileState, message?: string, environment?: string): FileReport => ({
    file: f.shown,
    campaignId: f.id,
    environment,
    state,
    local: [],
    remote: [],
    conflicts: [],
    message,
  });
  if (!f.doc) return report('error', f.unreadable ?? 'not a JSON object: fix the file first');
  if (!f.id) return report('untracked', 'no id: not on the service yet (campaign push creates a draft from it)');
  if (f.baseError) return report('error', failureText(f.baseError));
  if (!f.base) return report('untracked', `no base snapshot: campaign pull ${f.id} records one (your file is merged, never overwritten)`);
  let env;
  try {
    env = service.environmentOf(f);
  } catch (e) {
    return report('error', failureText(unlessConfig(e)), f.base.snapshot.environment);
  }
  let remote;
  try {
    remote = await service.api(env).getCampaign(f.id);
  } catch (e) {
    unlessConfig(e);
    if (isNotFound(e))
      return report('not-on-service', `campaign ${f.id} is not on ${env.name} (deleted, or another workspace's)`, env.name);
    return report('error', `campaign ${f.id} could not be read from ${env.name}: ${failureText(e)}`, env.name);
  }
  const c = compareWithBase(f.base.snapshot.campaign, f.doc, remote.normalized);
  return {
    ...report(c.state, undefined, env.name),
    local: c.local,
    remote: c.remote,
    conflicts: c.conflicts,
    remoteUpdatedBy: nonEmptyString(remote.raw.updated_by),
    remoteUpdatedAt: nonEmptyString(remote.raw.updated_at),
  };
}

/** Every file's report: their campaigns read ahead 15 to a call, then each file compared. */
export async function inspectFiles(files: CampaignFile[], service: Service): Promise<FileReport[]> {
  await service.readAll(trackedCampaigns(files, service));
  return Promise.all(files.map(f => inspectFile(f, service)));
}

/** The campaigns of the files that name one and whose environment is known; the others are reported one by one. */
export function trackedCampaigns(files: CampaignFile[], service: Service, withoutBase = false): Wanted[] {
  return files.flatMap(f => {
    if (!f.doc || !f.id || f.baseError || (!f.base && !withoutBase)) return [];
    try {
      return [{ id: f.id, env: service.environmentOf(f) }];
    } catch {
      return [];
    }
  });
}
