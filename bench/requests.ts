/**
 * Requests an editor makes while a person works, through the real server: a code action at one
 * line of a campaign with 1,600 unknown keys and of a 10 MB campaign (each after an edit, once the
 * edit's diagnostics are shown, as a person asks for a fix at a squiggle), and a hover and a
 * completion on a 1 MB and a 10 MB campaign sent right after a one-character edit, with the pull of
 * that edit's diagnostics before them, as VS Code sends them (goals: 1 MB under 30 ms, 10 MB under
 * 150 ms; the others under 50 ms). Each figure is the median time from sending the
 * request to reading its answer, against `JSON.parse` of the same text in the same run.
 */
import { performance } from 'perf_hooks';
import type { Figure } from './figures';
import {
  ClientCapabilities,
  CodeActionRequest,
  CompletionRequest,
  Diagnostic,
  DocumentDiagnosticRequest,
  HoverRequest,
} from 'vscode-languageserver-protocol/node';
import { generateCampaign } from './generate';
import { LspClient } from '../packages/server/test/helpers/lspClient';

export const REQUEST_GOAL_MS = 50;

export interface RequestFigure {
  request: string;
  bytes: number;
  /** Median and largest milliseconds from sending the request to its answer. */
  medianMs: number;
  maxMs: number;
  runs: number;
  /** Median milliseconds of JSON.parse of the same text, in this run. */
  parseMs: number;
  overParse: number;
  goalMs: number;
  met: boolean;
}

/** VS Code's: pull diagnostics, code actions resolved when picked, versioned edits. */
const VSCODE: ClientCapabilities = {
  textDocument: {
    synchronization: { dynamicRegistration: false },
    publishDiagnostics: { versionSupport: true },
    codeAction: {
      codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix', 'source', 'source.fixAll'] } },
      isPreferredSupport: true,
      dataSupport: true,
      resolveSupport: { properties: ['edit'] },
    },
    completion: { completionItem: { snippetSupport: true, documentationFormat: ['markdown', 'plaintext'] } },
    hover: { contentFormat: ['markdown', 'plaintext'] },
  },
  workspace: { workspaceEdit: { documentChanges: true } },
};
const PULL: ClientCapabilities = { ...VSCODE, textDocument: { ...VSCODE.textDocument, diagnostic: { dynamicRegistration: false } } };

type Position = { line: number; character: number };

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)];
}

function parseMs(text: string, runs: number): number {
  const samples: number[] = [];
  for (let i = 0; i < runs + 1; i++) {
    const t = performance.now();
    JSON.parse(text);
    if (i > 0) samples.push(performance.now() - t);
  }
  return median(samples);
}

async function timed<T>(request: () => Promise<T>): Promise<number> {
  const t = performance.now();
  await request();
  return performance.now() - t;
}

function figure(request: string, text: string, samples: number[], goalMs = REQUEST_GOAL_MS): RequestFigure {
  const p = parseMs(text, 5);
  const m = median(samples);
  return {
    request,
    bytes: text.length,
    medianMs: m,
    maxMs: Math.max(...samples),
    runs: samples.length,
    parseMs: p,
    overParse: m / p,
    goalMs,
    met: m < goalMs,
  };
}

/** A small one-time push campaign with `n` unknown keys in basic_details (rule D7 on each). */
export function unknownKeysCampaign(n: number): string {
  const doc = JSON.parse(generateCampaign({ bytes: 3_000 }));
  for (let i = 0; i < n; i++) doc.basic_details[`unknown_key_${i}`] = i;
  return JSON.stringify(doc, null, 2) + '\n';
}

/** Where the campaign's name is typed into, one character per edit. */
function nameAt(text: string): Position {
  const lines = text.split('\n');
  const line = lines.findIndex(l => l.includes('"Winter sale reminder"'));
  return { line, character: lines[line].indexOf('reminder') };
}

function lineOf(text: string, needle: string): number {
  return text.split('\n').findIndex(l => l.includes(needle));
}

/**
 * A code action at one line, after each of `runs` edits, once that edit's diagnostics are
 * published: the line of `lineFor(diagnostics, i)`, with the diagnostics on it as the editor sends them.
 */
async function codeActionAfterEdits(
  serverPath: string,
  name: string,
  text: string,
  runs: number,
  lineFor: (diagnostics: Diagnostic[], i: number) => number,
): Promise<RequestFigure> {
  const c = await LspClient.start({ serverPath, capabilities: VSCODE });
  const uri = `file:///bench/${name.replace(/\W+/g, '-')}.campaign.json`;
  const samples: number[] = [];
  try {
    await c.open(uri, text);
    const at = nameAt(text);
    for (let i = 0; i < runs + 1; i++) {
      const v = await c.change(
        uri,
        { start: { line: at.line, character: at.character + i }, end: { line: at.line, character: at.character + i } },
        'x',
      );
      const { diagnostics } = await c.waitForDiagnostics(uri, p => p.version === v, 600_000);
      const line = lineFor(diagnostics, i);
      const range = { start: { line, character: 0 }, end: { line, character: 200 } };
      const ms = await timed(() =>
        c.connection.sendRequest(CodeActionRequest.type, {
          textDocument: { uri },
          range,
          context: { diagnostics: diagnostics.filter(d => d.range.start.line === line) },
        }),
      );
      if (i > 0) samples.push(ms);
    }
  } finally {
    await c.stop();
  }
  return figure(name, text, samples);
}

/** Hover and completion sent right after each edit, behind the pull of that edit's diagnostics. */
async function rightAfterEdits(serverPath: string, text: string, runs: number): Promise<{ hover: number[]; completion: number[] }> {
  const c = await LspClient.start({ serverPath, capabilities: PULL });
  const uri = `file:///bench/requests-${text.length}.campaign.json`;
  const out = { hover: [] as number[], completion: [] as number[] };
  try {
    await c.open(uri, text);
    await c.connection.sendRequest(DocumentDiagnosticRequest.type, { textDocument: { uri } });
    const at = nameAt(text);
    const timezone = lineOf(text, '"timezone"');
    const line = text.split('\n')[timezone];
    const key: Position = { line: timezone, character: line.indexOf('"timezone"') + 2 };
    const value: Position = { line: timezone, character: line.indexOf(':') + 3 };
    for (let i = 0; i < 2 * (runs + 1); i++) {
      await c.change(
        uri,
        { start: { line: at.line, character: at.character + i }, end: { line: at.line, character: at.character + i } },
        'x',
      );
      const pull = c.connection.sendRequest(DocumentDiagnosticRequest.type, { textDocument: { uri } });
      const kind = i % 2 === 0 ? 'hover' : 'completion';
      const ms = await timed<unknown>(() =>
        kind === 'hover'
          ? c.connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position: key })
          : c.connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: value }),
      );
      await pull;
      if (i > 1) out[kind].push(ms);
    }
  } finally {
    await c.stop();
  }
  return out;
}

export async function requestsBench(serverPath: string, quick: boolean): Promise<RequestFigure[]> {
  const keys = unknownKeysCampaign(1_600);
  const large = generateCampaign({ bytes: 10_000_000, errors: true });
  const runs = quick ? 3 : 7;
  const rows: RequestFigure[] = [];
  const report = (r: RequestFigure): void => {
    process.stderr.write(`  ${r.request}: ${r.medianMs.toFixed(1)} ms median, ${r.maxMs.toFixed(1)} ms max (${r.runs} runs)\n`);
    rows.push(r);
  };
  report(
    await codeActionAfterEdits(serverPath, 'code action at one line, 1,600 unknown keys', keys, runs * 3, (_, i) =>
      lineOf(keys, `"unknown_key_${(i * 397) % 1_600}"`),
    ),
  );
  report(
    await codeActionAfterEdits(
      serverPath,
      'code action at one line, 10 MB campaign',
      large,
      runs,
      (diagnostics, i) => diagnostics[(i * 131) % diagnostics.length].range.start.line,
    ),
  );
  const medium = generateCampaign({ bytes: 1_000_000, errors: true });
  for (const [label, text, goalMs] of [
    ['1 MB', medium, 30],
    ['10 MB', large, 150],
  ] as const) {
    const after = await rightAfterEdits(serverPath, text, runs);
    report(figure(`hover right after an edit, ${label} campaign`, text, after.hover, goalMs));
    report(figure(`completion right after an edit, ${label} campaign`, text, after.completion, goalMs));
  }
  return rows;
}

export function requestsGoals(rows: RequestFigure[]): Figure[] {
  return rows.map(r => ({
    goal: `${r.request} under ${r.goalMs} ms`,
    met: r.met,
    value: `${r.medianMs.toFixed(1)} ms median`,
    anchor: `JSON.parse of the same text ${r.parseMs.toFixed(2)} ms`,
    ratio: `${r.overParse.toFixed(1)}×`,
  }));
}

export function requestsTable(rows: RequestFigure[]): string[] {
  const pad = (s: string, n: number): string => (s.length >= n ? s : s + ' '.repeat(n - s.length));
  const out = [`${pad('request', 52)}${pad('median ms', 11)}${pad('max ms', 10)}${pad('JSON.parse ms', 15)}${pad('× JSON.parse', 14)}goal`];
  for (const r of rows) {
    out.push(
      `${pad(r.request, 52)}${pad(r.medianMs.toFixed(1), 11)}${pad(r.maxMs.toFixed(1), 10)}${pad(r.parseMs.toFixed(2), 15)}${pad(`${r.overParse.toFixed(1)}×`, 14)}${r.goalMs} ms ${r.met ? 'met' : 'NOT MET'}`,
    );
  }
  return out;
}
