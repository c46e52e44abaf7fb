/**
 * Formatting through the real server, on the documents that once exhausted it: a runaway nesting
 * after an unterminated string, a 10 MB minified campaign, and a campaign of a few hundred KB
 * after random edits (a fixed seed). Per document: the request's time, the server's peak RSS,
 * the edits and the response's size, each against `JSON.parse` + `JSON.stringify(…, null, 2)` of
 * the same text measured in the same run (for text that is not JSON, of a valid campaign of the
 * same size: JSON.parse stops at the first error).
 */
import * as fs from 'fs';
import { performance } from 'perf_hooks';
import { DocumentFormattingRequest, TextEdit } from 'vscode-languageserver-protocol/node';
import { generateCampaign } from './generate';
import { LspClient } from '../packages/server/test/helpers/lspClient';
import { Random } from '../packages/server/test/fuzz/mutate';
import { Figure, times } from './figures';

export const RANDOM_EDIT_SEED = 20261127;

export interface FormattingFigures {
  document: string;
  bytes: number;
  /** Median milliseconds of the request, from sending it to reading the answer. */
  formatMs: number;
  /** Median milliseconds of JSON.parse + JSON.stringify(…, null, 2) of the same text (or of a valid campaign as large). */
  floorMs: number;
  floorOf: 'same text' | 'valid campaign of the same size';
  overFloor: number;
  edits: number;
  responseBytes: number;
  /** The response against the pretty-printed floor's text. */
  responseOverFloor: number;
  peakRssMB: number;
  /** The server's peak RSS after its first formatting of the document (the goal's figure; `peakRssMB` is after all runs). */
  firstPeakRssMB: number;
  /** The server's peak RSS after opening and checking the document, before formatting it. */
  openPeakRssMB: number;
  /** What went wrong, when the server did not answer. */
  error?: string;
}

/** `edits` random edits of a text: a deleted span, a run of up to 20 brackets, or one character that breaks JSON. */
export function randomEdits(seed: number, text: string, edits: number): string {
  const r = new Random(seed);
  let out = text;
  for (let i = 0; i < edits; i++) {
    const at = r.int(out.length + 1);
    switch (r.int(4)) {
      case 0:
        out = out.slice(0, at) + out.slice(at + 1 + r.int(40));
        break;
      case 1:
        out = out.slice(0, at) + r.pick(['[', '{']).repeat(1 + r.int(20)) + out.slice(at);
        break;
      default:
        out = out.slice(0, at) + r.pick(['"', '[', ']', '{', '}', ',', ':', '//', '\\', '\n']) + out.slice(at);
    }
  }
  return out;
}

export function formattingDocuments(): Array<{ name: string; text: string }> {
  return [
    { name: 'unterminated string, then 20,000 [', text: '{"a": "x\n' + '['.repeat(20_000) },
    { name: '10 MB campaign, minified', text: JSON.stringify(JSON.parse(generateCampaign({ bytes: 19_000_000 }))) },
    {
      name: `300 KB campaign, 40 random edits (seed ${RANDOM_EDIT_SEED})`,
      text: randomEdits(RANDOM_EDIT_SEED, generateCampaign({ bytes: 300_000 }), 40),
    },
  ];
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)];
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function floor(text: string, runs: number): { ms: number; length: number; of: FormattingFigures['floorOf'] } {
  const json = isJson(text);
  const source = json ? text : generateCampaign({ bytes: text.length });
  let length = 0;
  const samples: number[] = [];
  for (let i = 0; i < runs + 1; i++) {
    const t = performance.now();
    length = JSON.stringify(JSON.parse(source), null, 2).length;
    if (i > 0) samples.push(performance.now() - t);
  }
  return { ms: median(samples), length, of: json ? 'same text' : 'valid campaign of the same size' };
}

function peakRssMB(pid: number | undefined): number {
  try {
    return Number(/VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;
  } catch {
    return NaN;
  }
}

/** Rejects when the server process ends: a server that dies leaves its requests unanswered. */
function exit(c: LspClient): Promise<never> {
  return new Promise((_, reject) => c.child.once('exit', (code, signal) => reject(new Error(`the server exited (${signal ?? code})`))));
}

/** One fresh server per document: opened, checked, then formatted `runs` times after one warm-up. */
async function measureDocument(serverPath: string, name: string, text: string, runs: number): Promise<FormattingFigures> {
  const f = floor(text, runs);
  const c = await LspClient.start({ serverPath });
  const uri = 'file:///bench/format.campaign.json';
  const samples: number[] = [];
  let edits: TextEdit[] = [];
  let error: string | undefined;
  let peak = NaN;
  let openPeak = NaN;
  let firstPeak = NaN;
  // Sampled as well as read at the end: a server that dies takes its /proc entry with it.
  const sampler = setInterval(() => {
    peak = Math.max(peak || 0, peakRssMB(c.child.pid) || 0);
  }, 100);
  const died = exit(c);
  died.catch(() => undefined);
  try {
    await c.open(uri, text);
    await c.waitForDiagnostics(uri, () => true, 600_000);
    openPeak = peakRssMB(c.child.pid);
    for (let i = 0; i < runs + 1; i++) {
      const t = performance.now();
      edits = await Promise.race([
        died,
        c.connection.sendRequest(DocumentFormattingRequest.type, {
          textDocument: { uri },
          options: { tabSize: 2, insertSpaces: true },
        }) as Promise<TextEdit[]>,
      ]);
      if (i > 0) samples.push(performance.now() - t);
      else firstPeak = peakRssMB(c.child.pid);
    }
  } catch (e) {
    edits = [];
    error = `${e instanceof Error ? e.message : String(e)}${c.stderr.length ? `; server: ${c.stderr.join('').slice(-120).replace(/\s+/g, ' ')}` : ''}`;
  } finally {
    clearInterval(sampler);
    peak = Math.max(peak || 0, peakRssMB(c.child.pid) || 0);
    if (Number.isNaN(firstPeak)) firstPeak = peak;
    c.child.kill();
  }
  const responseBytes = Buffer.byteLength(JSON.stringify(edits));
  const formatMs = samples.length ? median(samples) : NaN;
  return {
    document: name,
    bytes: text.length,
    formatMs,
    floorMs: f.ms,
    floorOf: f.of,
    overFloor: formatMs / f.ms,
    edits: edits.length,
    responseBytes,
    responseOverFloor: responseBytes / f.length,
    peakRssMB: peak,
    firstPeakRssMB: firstPeak,
    openPeakRssMB: openPeak,
    error,
  };
}

export async function formattingBench(serverPath: string, quick: boolean): Promise<FormattingFigures[]> {
  const rows: FormattingFigures[] = [];
  for (const { name, text } of formattingDocuments()) {
    const row = await measureDocument(serverPath, name, text, quick ? 1 : 3);
    process.stderr.write(
      `  formatting ${name}: ${row.error ?? `${row.formatMs.toFixed(0)} ms, ${row.edits} edits, ${(row.responseBytes / 1048576).toFixed(1)} MB`}, peak RSS ${row.peakRssMB.toFixed(0)} MB\n`,
    );
    rows.push(row);
  }
  return rows;
}

export function formattingGoals(rows: FormattingFigures[]): Figure[] {
  const big = rows.find(r => r.document.startsWith('10 MB'))!;
  const deep = rows[0];
  const floorOf = (r: FormattingFigures): string => `JSON.parse + stringify ${r.floorMs.toFixed(0)} ms`;
  return [
    {
      goal: 'formatting 10 MB under 2 s',
      met: !big.error && big.formatMs < 2_000,
      value: big.error ?? `${big.formatMs.toFixed(0)} ms`,
      anchor: floorOf(big),
      ratio: times(big.overFloor),
    },
    {
      goal: 'formatting 10 MB under 300 MB peak RSS of the server',
      met: big.firstPeakRssMB < 300,
      value: `${big.firstPeakRssMB.toFixed(0)} MB after one formatting, ${big.peakRssMB.toFixed(0)} MB after every run`,
      anchor: `open ${big.openPeakRssMB.toFixed(0)} MB`,
      ratio: times(big.firstPeakRssMB / big.openPeakRssMB),
    },
    {
      goal: 'formatting any bench document under 1 GB peak RSS',
      met: rows.every(r => !r.error && r.peakRssMB < 1024),
      value: `max ${Math.max(...rows.map(r => r.peakRssMB)).toFixed(0)} MB`,
    },
    {
      goal: 'the runaway nesting is declined (no edits), the server alive',
      met: !deep.error && deep.edits === 0,
      value: deep.error ?? `${deep.edits} edits`,
    },
  ];
}

export function formattingTable(rows: FormattingFigures[]): string[] {
  const pad = (s: string, n: number): string => (s.length >= n ? s : s + ' '.repeat(n - s.length));
  const out = [
    `${pad('document', 52)}${pad('format ms', 11)}${pad('× floor', 9)}${pad('edits', 9)}${pad('response', 12)}${pad('× floor', 9)}peak RSS: open / first / all runs`,
  ];
  for (const r of rows) {
    out.push(
      r.error
        ? `${pad(r.document, 52)}failed: ${r.error.slice(0, 120)}; peak RSS ${r.peakRssMB.toFixed(0)} MB`
        : `${pad(r.document, 52)}${pad(r.formatMs.toFixed(1), 11)}${pad(`${r.overFloor.toFixed(1)}×`, 9)}${pad(String(r.edits), 9)}${pad(`${(r.responseBytes / 1048576).toFixed(2)} MB`, 12)}${pad(`${r.responseOverFloor.toFixed(2)}×`, 9)}${r.openPeakRssMB.toFixed(0)} / ${r.firstPeakRssMB.toFixed(0)} / ${r.peakRssMB.toFixed(0)} MB`,
    );
  }
  return out;
}
