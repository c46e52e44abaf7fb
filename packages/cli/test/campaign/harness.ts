import * as fs from 'fs';
import * as path from 'path';
import assert from 'node:assert/strict';
import Ajv from 'ajv';
import type { TestContext } from 'node:test';
import { campaign } from '../../src/campaign';
import type { CliIO } from '../../src/io';
import { CampaignDoc } from '@campaign-studio/sync';
import { makeCampaign, ME, World, world } from '../../../sync/test/push/harness';

/**
 * The `campaign` command in-process against a real emulator over HTTP: a temporary folder with a
 * `campaign.environments.json` for the emulator (environment `emu`, as the editor's fetch in the
 * sync harness names it), the key in the environment, and a terminal that answers from a list.
 */

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
  /** The questions asked on the terminal. */
  asked: string[];
}

export interface RunOptions {
  /** The terminal's answers, in order; without them there is no terminal. */
  ask?: string[];
  env?: Record<string, string | undefined>;
  cwd?: string;
  /** Each write to stderr as it happens, for a test that waits for a line. */
  stderr?(s: string): void;
  /** When progress shows and how often (default 2 s and 10 s). */
  progressTiming?: CliIO['progressTiming'];
}

export interface CliWorld extends World {
  run(argv: string[], o?: RunOptions): Promise<CliRun>;
  /** The run's stdout as JSON, checked against the output schema's `definition`. */
  json<T = Record<string, unknown>>(r: CliRun, definition: string): T;
}

const SCHEMA = JSON.parse(fs.readFileSync(path.join(__dirname, '../../schemas/cli-output.schema.json'), 'utf8'));

export async function cliWorld(t: Pick<TestContext, 'after'>, o: { production?: boolean } = {}): Promise<CliWorld> {
  const w = await world(t, { production: o.production });
  writeEnvironments(w.root, [
    { name: w.env.name, baseUrl: w.emu.url, workspaceId: w.ws.id, email: ME, ...(o.production ? { production: true } : {}) },
  ]);
  const ajv = new Ajv({ allErrors: true });
  ajv.addSchema(SCHEMA, 'out');
  return Object.assign(w, {
    async run(argv: string[], ro: RunOptions = {}): Promise<CliRun> {
      const out: CliRun = { code: -1, stdout: '', stderr: '', asked: [] };
      const answers = ro.ask ? [...ro.ask] : undefined;
      out.code = await campaign(argv, {
        stdout: s => {
          out.stdout += s;
        },
        stderr: s => {
          out.stderr += s;
          ro.stderr?.(s);
        },
        isTTY: false,
        cwd: ro.cwd ?? w.root,
        env: { CAMPAIGN_API_KEY: w.ws.apiKey, ...ro.env },
        ask:
          answers &&
          (async q => {
            out.asked.push(q);
            return answers.shift() ?? '';
          }),
        progressTiming: ro.progressTiming,
      });
      return out;
    },
    json<T>(r: CliRun, definition: string): T {
      const value = JSON.parse(r.stdout);
      const validate = ajv.getSchema(`out#/definitions/${definition}`)!;
      assert.ok(validate(value), `${definition} output does not match its schema: ${ajv.errorsText(validate.errors)}\n${r.stdout}`);
      return value as T;
    },
  });
}

export function writeEnvironments(root: string, environments: unknown[]): void {
  fs.writeFileSync(path.join(root, 'campaign.environments.json'), `${JSON.stringify({ environments }, null, 2)}\n`);
}

/** The one file pull wrote for `id` under `campaigns/`. */
export function fileOf(w: World, id: string): string {
  const dir = path.join(w.root, 'campaigns');
  const name = fs.readdirSync(dir).find(n => n.includes(`.${id}.`));
  assert.ok(name, `no file for campaign ${id} in ${fs.readdirSync(dir).join(', ')}`);
  return path.join(dir, name);
}

/** Edits the file's JSON as a person would. */
export function edit(file: string, change: (doc: Record<string, any>) => void): string {
  const doc = JSON.parse(fs.readFileSync(file, 'utf8'));
  change(doc);
  const text = `${JSON.stringify(doc, null, 2)}\n`;
  fs.writeFileSync(file, text);
  return text;
}

/** A campaign made on the service as another tool would make it; the request log starts after it. */
export async function onService(w: World, doc: CampaignDoc): Promise<string> {
  const id = await makeCampaign(w, doc);
  w.emu.admin.clearRequests();
  return id;
}
