import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * The README is what a first-time reader finishes: short, with the reference in docs/ pages it
 * links to. Nothing the README used to hold may become unreachable from it, and no link of the
 * user's documentation may lead nowhere (a missing file, or an anchor no heading makes).
 */

const root = path.resolve(__dirname, '../../../..');
const README_MAX_LINES = 400;

/** Every heading of the README at commit 75e6bf0, before its reference moved to docs/. */
const FORMER_README_HEADINGS = [
  'Campaign Studio',
  'Two commands',
  'Install',
  'Files it handles',
  'Limits',
  'Getting started',
  'Diagnostics',
  'Workspace settings: `.campaignrc.json`',
  'The CLI: `campaign lint`',
  'Campaign preview',
  'Editing assistance',
  'Remote campaigns',
  'Preflight and push',
  'Campaigns as code: `campaign`',
  'Environments and the key',
  'A session',
  'What each command promises',
  'What it costs',
  'In CI',
  'Promote between environments',
  'A promotion',
  'Commands and settings',
  'Connection, the Campaigns view, open, fetch and compare',
  'Push, drafts, tests and live controls',
  'Checking files',
  'Other editors (Neovim, Emacs, Helix)',
  'Neovim',
  'Emacs (Eglot)',
  'Helix',
  'The emulator',
  'Running it',
  'Try it: the sandbox (`npm start`)',
  'Screenshots',
  'Rules',
  'Contributing',
];

/** The pages whose links are checked, relative to the repository. */
function documentationFiles(): string[] {
  const docs = fs
    .readdirSync(path.join(root, 'docs'))
    .filter(f => f.endsWith('.md'))
    .map(f => `docs/${f}`);
  const packages = fs
    .readdirSync(path.join(root, 'packages'))
    .map(p => `packages/${p}/README.md`)
    .filter(f => fs.existsSync(path.join(root, f)));
  return ['README.md', 'CONTRIBUTING.md', ...docs, ...packages];
}

function read(file: string): string {
  return fs.readFileSync(path.join(root, file), 'utf8');
}

/** The lines of a Markdown text outside fenced code blocks. */
function proseLines(text: string): string[] {
  let fenced = false;
  return text.split('\n').filter(line => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return false;
    }
    return !fenced;
  });
}

interface Heading {
  level: number;
  text: string;
}

function headings(text: string): Heading[] {
  return proseLines(text).flatMap(line => {
    const m = /^(#{1,6})\s+(.*?)\s*$/.exec(line);
    return m ? [{ level: m[1].length, text: m[2] }] : [];
  });
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, each space a hyphen. */
function slug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors a page has: its headings' (repeated ones numbered as GitHub does) and its `<a id>`s. */
function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const h of headings(text)) {
    const base = slug(h.text);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  for (const m of text.matchAll(/<a (?:id|name)="([^"]+)"/g)) out.add(m[1]);
  return out;
}

/** The targets of a page's inline links and images, outside code. */
function linkTargets(text: string): string[] {
  return proseLines(text)
    .map(line => line.replace(/`[^`]*`/g, '``'))
    .flatMap(line => [...line.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map(m => m[1]));
}

/** Repository-relative links only: web, command and mail links are not the repository's to check. */
function isRelative(target: string): boolean {
  return !/^[a-z][a-z0-9+.-]*:/i.test(target);
}

/** What is wrong with one relative link of `from`, or undefined when it leads somewhere. */
function brokenLink(from: string, target: string): string | undefined {
  const [file, anchor] = target.split('#', 2);
  const to = file === '' ? from : path.posix.normalize(path.posix.join(path.posix.dirname(from), file));
  if (!fs.existsSync(path.join(root, to))) return `${from}: ${target}: no file ${to}`;
  if (anchor === undefined || !to.endsWith('.md')) return undefined;
  return anchors(read(to)).has(anchor) ? undefined : `${from}: ${target}: ${to} has no heading or anchor #${anchor}`;
}

test(`the README is under ${README_MAX_LINES} lines`, () => {
  const lines = read('README.md').split('\n').length;
  assert.ok(lines < README_MAX_LINES, `README.md has ${lines} lines: move reference material to a page under docs/`);
});

test('every heading the README had is still one of its headings, or one click away in a docs page', () => {
  const readme = read('README.md');
  const own = new Set(headings(readme).map(h => slug(h.text)));
  const linked = new Set(
    linkTargets(readme)
      .filter(t => /^docs\/[^#]+\.md#/.test(t) && brokenLink('README.md', t) === undefined)
      .map(t => t.split('#')[1]),
  );
  const lost = FORMER_README_HEADINGS.filter(h => !own.has(slug(h)) && !linked.has(slug(h)));
  assert.deepEqual(lost, [], 'each needs a README heading, or a README link to its anchor in a docs page');
});

test('every relative link of the README, CONTRIBUTING.md, the docs pages and the package READMEs resolves', () => {
  const broken = documentationFiles().flatMap(file =>
    linkTargets(read(file))
      .filter(isRelative)
      .flatMap(t => brokenLink(file, t) ?? []),
  );
  assert.deepEqual(broken, []);
});

test('every screenshot appears in the README', () => {
  const readme = read('README.md');
  const missing = fs
    .readdirSync(path.join(root, 'docs/screenshots'))
    .filter(f => f.endsWith('.png') && !readme.includes(`(docs/screenshots/${f})`));
  assert.deepEqual(missing, []);
});

test("each docs page's table of contents, at its top, lists its sections", () => {
  const generated = new Set(['docs/rules.md']);
  const missing = documentationFiles()
    .filter(f => f.startsWith('docs/') && !generated.has(f))
    .flatMap(file => {
      const text = read(file);
      const top = text.slice(0, text.search(/^## /m));
      return headings(text)
        .filter(h => h.level === 2 || h.level === 3)
        .filter(h => !top.includes(`](#${slug(h.text)})`))
        .map(h => `${file}: ${h.text}`);
    });
  assert.deepEqual(missing, []);
});
