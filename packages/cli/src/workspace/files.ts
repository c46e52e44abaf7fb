import * as fs from 'fs';
import * as path from 'path';
import { isObject, JsonObject, parse } from '@campaign-studio/core';
import { BaseSnapshot, campaignIdOfFile, findBaseSnapshot } from '@campaign-studio/sync';
import { CliError, CliIO } from '../io';

/**
 * The campaign files a sync command works on, each with its campaign id and its base snapshot,
 * found as the editor finds them (`.campaigns/base/<id>.json` in the file's folder or the nearest
 * parent that has one), so that a folder fetched in VS Code and one pulled here are the same.
 */

export const CAMPAIGN_FILE = /\.campaign\.json$/i;
const SKIPPED = new Set(['node_modules', '.git', '.campaigns', '.vscode-test']);

export interface CampaignFile {
  /** Absolute path. */
  file: string;
  /** As the person wrote it, or relative to the working folder. */
  shown: string;
  text: string;
  /** The parsed content; undefined when the file is not a JSON object. */
  doc?: JsonObject;
  /** The campaign it belongs to: its `id`, else the id in its name. */
  id?: string;
  base?: { file: string; snapshot: BaseSnapshot };
  /** Why the base could not be used (damaged, newer format). */
  baseError?: string;
}

/** The folder a base snapshot belongs to: the one holding `.campaigns/`. */
export function rootOfBase(baseFile: string): string {
  return path.resolve(baseFile, '..', '..', '..');
}

/** `*.campaign.json` files under the given paths (the working folder when none), sorted, each once. */
export function listCampaignFiles(inputs: string[], io: CliIO): Array<{ file: string; shown: string }> {
  const out = new Map<string, string>();
  for (const input of inputs.length ? inputs : ['.']) {
    const abs = path.resolve(io.cwd, input);
    const stat = statOrExplain(abs, input);
    if (!stat.isDirectory()) {
      out.set(abs, input);
      continue;
    }
    const found = walk(abs);
    if (!found.length) throw new CliError(`${input}: no *.campaign.json files in it. Pull campaigns first (campaign pull ID), or name the files.`);
    for (const f of found) out.set(f, path.relative(io.cwd, f) || f);
  }
  return [...out].map(([file, shown]) => ({ file, shown }));
}

function statOrExplain(abs: string, input: string): fs.Stats {
  try {
    return fs.statSync(abs);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new CliError(code === 'ENOENT' ? `${input}: no such file or folder.` : `${input}: cannot read it (${code}).`);
  }
}

function walk(dir: string): string[] {
  const entries = fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
  return entries.flatMap(e => {
    const abs = path.join(dir, e.name);
    if (e.isDirectory()) return SKIPPED.has(e.name) ? [] : walk(abs);
    return e.isFile() && CAMPAIGN_FILE.test(e.name) ? [abs] : [];
  });
}

/** A campaign file read, with its id and base. */
export async function readCampaignFile(entry: { file: string; shown: string }): Promise<CampaignFile> {
  let text: string;
  try {
    text = fs.readFileSync(entry.file, 'utf8');
  } catch (e) {
    throw new CliError(`${entry.shown}: cannot read it (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}).`);
  }
  const value = parse(text).value;
  const doc = isObject(value) ? value : undefined;
  const id = doc ? campaignIdOfFile(path.basename(entry.file), text) : undefined;
  const out: CampaignFile = { ...entry, text, doc, id };
  if (!id) return out;
  try {
    out.base = await findBaseSnapshot(entry.file, id);
  } catch (e) {
    out.baseError = e instanceof Error ? e.message : String(e);
  }
  return out;
}

export async function readCampaignFiles(inputs: string[], io: CliIO): Promise<CampaignFile[]> {
  const out: CampaignFile[] = [];
  for (const entry of listCampaignFiles(inputs, io)) out.push(await readCampaignFile(entry));
  return out;
}
