import * as l10n from '@vscode/l10n';
import * as fs from 'fs';
import * as path from 'path';
import { isObject, JsonObject, parse } from '@campaign-studio/core';
import { baseIdOf, BaseSnapshot, BaseSnapshotStore } from '@campaign-studio/sync';
import { baseSnapshotsByDirectory } from './bases';
import { CliError, CliIO, plain } from '../io';
import { Problems } from './problems';
import { CAMPAIGNS, TargetCollector } from './targets';

/**
 * The campaign files a sync command works on, each with its campaign id and its base snapshot,
 * found as the editor finds them (`.campaigns/base/<id>.json` in the file's folder or the nearest
 * parent that has one), so that a folder fetched in VS Code and one pulled here are the same.
 */

export interface CampaignFile {
  /** Absolute path. */
  file: string;
  /** As the person wrote it, or relative to the working folder. */
  shown: string;
  text: string;
  /** The parsed content; undefined when the file is not a JSON object. */
  doc?: JsonObject;
  /** Why there is no content when the file is not JSON as saved (UTF-16). */
  unreadable?: string;
  /** The campaign it belongs to: its `id`, else the id in its name. */
  id?: string;
  base?: { file: string; snapshot: BaseSnapshot };
  /** Why the base could not be used (damaged, newer format). */
  baseError?: string;
}

/**
 * The campaign files the paths name (the working folder when none): files as given, folders'
 * `*.campaign.json` and globs' matches, each once, skipping what `.gitignore` ignores, as lint
 * finds them. A path that names nothing is the end of the command, with every such path said.
 */
export async function listCampaignFiles(inputs: string[], io: CliIO): Promise<Array<{ file: string; shown: string }>> {
  const said: string[] = [];
  const collector = new TargetCollector(io.cwd, new Problems(line => said.push(line)), CAMPAIGNS);
  for (const input of inputs.length ? inputs : ['.']) {
    if (input === '-')
      throw new CliError(l10n.t('- (stdin) is for campaign lint: the sync commands work on files, whose base snapshots sit beside them.'));
    await collector.add(input);
  }
  if (said.length) throw new CliError(said.join(' '));
  return collector.targets.map(t => ({ file: t.abs, shown: t.shown.replace(/^\.[\\/]/, '') }));
}

/** A campaign file read, with its id (its own `id`, else the one in its name) and its base. */
export function readCampaignFile(
  entry: { file: string; shown: string },
  bases: BaseSnapshotStore = baseSnapshotsByDirectory(),
): CampaignFile {
  let text: string;
  try {
    text = fs.readFileSync(entry.file, 'utf8');
  } catch (e) {
    throw new CliError(l10n.t`${entry.shown}: cannot read it (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}).`);
  }
  const parsed = parse(text);
  if (parsed.utf16) return { ...entry, text, unreadable: plain(parsed.syntax[0].message) };
  const doc = isObject(parsed.value) ? parsed.value : undefined;
  const id = doc ? baseIdOf(path.basename(entry.file), doc) : undefined;
  if (!doc || !id) return { ...entry, text, doc, id };
  const { found, problem } = bases.lookup(entry.file, doc);
  return { ...entry, text, doc, id, base: found, baseError: problem?.message };
}

/** The files the paths name, read, their bases found with one lookup that learns which folders hold any. */
export async function readCampaignFiles(inputs: string[], io: CliIO): Promise<CampaignFile[]> {
  const bases = baseSnapshotsByDirectory();
  return (await listCampaignFiles(inputs, io)).map(entry => readCampaignFile(entry, bases));
}
