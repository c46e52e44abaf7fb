import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { DidChangeWorkspaceFoldersNotification, FileChangeType, PublishDiagnosticsParams } from 'vscode-languageserver-protocol/node';
import { Editor, PULL_CAPABILITIES, PUSH_CAPABILITIES } from './editor';

/**
 * Campaign files that are not open have diagnostics too: the server checks the workspace folders
 * in the background (skipping node_modules and what .gitignore ignores), checks a file again when
 * the editor says it changed on disk, gives a closed document its file's diagnostics back, and
 * does none of it with `campaignStudio.validation.workspace` off.
 */

/** A trailing comma on line 3 (D1). */
const BROKEN = '{\n  "channel": "PUSH",\n  "campaign_delivery_type": "ONE_TIME",\n}\n';
const CLEAN = '{\n  "channel": "PUSH",\n  "campaign_delivery_type": "ONE_TIME"\n}\n';
/** An unknown channel (D2). */
const FAX = '{\n  "channel": "FAX",\n  "campaign_delivery_type": "ONE_TIME"\n}\n';

function workspace(): { dir: string; uri: (rel: string) => string; write: (rel: string, text: string) => string } {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'campaign-workspace-files-')));
  const write = (rel: string, text: string) => {
    const file = path.join(dir, rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
    return pathToFileURL(file).href;
  };
  return { dir, uri: rel => pathToFileURL(path.join(dir, rel)).href, write };
}

const codes = (p: PublishDiagnosticsParams | undefined): string[] => (p?.diagnostics ?? []).map(d => String(d.code)).sort();

describe('the background check, for an editor that takes pushed diagnostics (Neovim, Emacs)', () => {
  const ws = workspace();
  let ed: Editor;
  before(async () => {
    ws.write('campaigns/broken.campaign.json', BROKEN);
    ws.write('campaigns/clean.campaign.json', CLEAN);
    ws.write('searches/broken.search.json', '{ "search": ');
    ws.write('build/broken.campaign.json', BROKEN);
    ws.write('node_modules/pkg/broken.campaign.json', BROKEN);
    ws.write('.gitignore', 'build/\n');
    ed = await Editor.start('stdio', {
      capabilities: { ...PUSH_CAPABILITIES, workspace: { didChangeWatchedFiles: { dynamicRegistration: true } } },
      workspaceFolder: pathToFileURL(ws.dir).href,
    });
  });
  after(() => {
    ed.kill();
    fs.rmSync(ws.dir, { recursive: true, force: true });
  });

  test('files never opened get their diagnostics; clean files, node_modules and what .gitignore ignores get none', async () => {
    const broken = await ed.published(ws.uri('campaigns/broken.campaign.json'));
    assert.deepEqual(codes(broken), ['D1']);
    const search = await ed.published(ws.uri('searches/broken.search.json'));
    assert.ok(search.diagnostics.length > 0);
    // Files are checked one after another, in order: the later ones have had their turn.
    const uris = new Set(ed.publications.map(p => p.uri));
    for (const rel of ['campaigns/clean.campaign.json', 'build/broken.campaign.json', 'node_modules/pkg/broken.campaign.json']) {
      assert.ok(!uris.has(ws.uri(rel)), `${rel} has no diagnostics`);
    }
  });

  test('the campaign files are watched, besides settings files and base snapshots', async () => {
    const watch = await ed.until('a file watcher', () => ed.registrations.find(r => r.method === 'workspace/didChangeWatchedFiles'));
    const globs = (watch.registerOptions as { watchers: Array<{ globPattern: string }> }).watchers.map(w => w.globPattern);
    assert.deepEqual(globs, ['**/.campaignrc.json', '**/.campaigns/base/*.json', '**/*.campaign.json', '**/*.search.json']);
  });

  test('a file changed on disk (a checkout, a pull) is checked again once the editor says so', async () => {
    const uri = ws.write('campaigns/broken.campaign.json', FAX);
    await ed.fileChanged(uri);
    assert.deepEqual(codes(await ed.published(uri, p => codes(p).includes('D2'))), ['D2']);
    ws.write('campaigns/broken.campaign.json', CLEAN);
    await ed.fileChanged(uri);
    assert.deepEqual(codes(await ed.published(uri, p => p.diagnostics.length === 0)), []);
  });

  test('a file created on disk gets diagnostics; a deleted one loses them', async () => {
    const uri = ws.write('campaigns/new.campaign.json', BROKEN);
    await ed.fileChanged(uri, FileChangeType.Created);
    await ed.published(uri, p => codes(p).includes('D1'));
    fs.rmSync(path.join(ws.dir, 'campaigns/new.campaign.json'));
    await ed.fileChanged(uri, FileChangeType.Deleted);
    await ed.published(uri, p => p.diagnostics.length === 0);
  });

  test('a change on disk under node_modules, .git or a folder .gitignore ignores is not checked', async () => {
    const skipped = ['node_modules/pkg/x.campaign.json', '.git/x.campaign.json', 'build/x.campaign.json'].map(rel => ws.write(rel, BROKEN));
    for (const uri of skipped) await ed.fileChanged(uri, FileChangeType.Created);
    const checked = ws.write('campaigns/after-skipped.campaign.json', BROKEN);
    await ed.fileChanged(checked, FileChangeType.Created);
    // Files are checked one after another, in the order the editor named them.
    await ed.published(checked, p => codes(p).includes('D1'));
    for (const uri of skipped) assert.equal(ed.latest(uri), undefined, `${uri} has no diagnostics`);
  });

  test("a document closed gets its file's diagnostics back, not none", async () => {
    const uri = ws.write('campaigns/edited.campaign.json', BROKEN);
    await ed.fileChanged(uri, FileChangeType.Created);
    await ed.published(uri, p => codes(p).includes('D1'));
    await ed.open(uri, FAX);
    await ed.published(uri, p => codes(p).includes('D2'));
    await ed.close(uri);
    assert.deepEqual(codes(await ed.published(uri, p => codes(p).includes('D1'))), ['D1']);
  });
});

describe('the background check, for an editor that pulls diagnostics of open documents (VS Code)', () => {
  const ws = workspace();
  let ed: Editor;
  before(async () => {
    ws.write('broken.campaign.json', BROKEN);
    ed = await Editor.start('stdio', { capabilities: PULL_CAPABILITIES, workspaceFolder: pathToFileURL(ws.dir).href });
  });
  after(() => {
    ed.kill();
    fs.rmSync(ws.dir, { recursive: true, force: true });
  });

  test('a file on disk is pushed; opened, its pushed diagnostics are cleared (the pull has them); closed, they come back', async () => {
    const uri = ws.uri('broken.campaign.json');
    await ed.published(uri, p => codes(p).includes('D1'));
    await ed.open(uri, FAX);
    await ed.published(uri, p => p.diagnostics.length === 0);
    assert.deepEqual(codes({ uri, diagnostics: ((await ed.pull(uri)) as { items: PublishDiagnosticsParams['diagnostics'] }).items }), [
      'D2',
    ]);
    await ed.close(uri);
    await ed.published(uri, p => codes(p).includes('D1'));
  });
});

describe('campaignStudio.validation.workspace: false', () => {
  const ws = workspace();
  let ed: Editor;
  before(async () => {
    ws.write('broken.campaign.json', BROKEN);
    ed = await Editor.start('stdio', {
      capabilities: PUSH_CAPABILITIES,
      workspaceFolder: pathToFileURL(ws.dir).href,
      initializationOptions: { campaignStudio: { validation: { workspace: false } } },
    });
  });
  after(() => {
    ed.kill();
    fs.rmSync(ws.dir, { recursive: true, force: true });
  });

  test('off: only open documents are checked; on: the files on disk are; off again: their diagnostics go', async () => {
    const opened = ws.uri('opened.campaign.json');
    await ed.open(opened, FAX);
    await ed.published(opened);
    const onDisk = ws.uri('broken.campaign.json');
    assert.equal(ed.latest(onDisk), undefined, 'nothing for a file that is not open');

    await ed.settingsChanged({ campaignStudio: { validation: { workspace: true } } });
    await ed.published(onDisk, p => codes(p).includes('D1'));
    await ed.settingsChanged({ campaignStudio: { validation: { workspace: false } } });
    await ed.published(onDisk, p => p.diagnostics.length === 0);
  });
});

describe('the background check follows the workspace folders the editor adds and removes', () => {
  const first = workspace();
  const second = workspace();
  let ed: Editor;
  before(async () => {
    first.write('broken.campaign.json', BROKEN);
    second.write('campaigns/broken.campaign.json', BROKEN);
    ed = await Editor.start('stdio', {
      capabilities: { ...PUSH_CAPABILITIES, workspace: { workspaceFolders: true } },
      workspaceFolder: pathToFileURL(first.dir).href,
    });
  });
  after(() => {
    ed.kill();
    for (const ws of [first, second]) fs.rmSync(ws.dir, { recursive: true, force: true });
  });

  test('a folder added is checked; a folder removed takes its diagnostics with it', async () => {
    assert.deepEqual(codes(await ed.published(first.uri('broken.campaign.json'))), ['D1']);
    const folder = (ws: { dir: string }) => ({ uri: pathToFileURL(ws.dir).href, name: path.basename(ws.dir) });
    await ed.connection.sendNotification(DidChangeWorkspaceFoldersNotification.type, { event: { added: [folder(second)], removed: [] } });
    assert.deepEqual(codes(await ed.published(second.uri('campaigns/broken.campaign.json'))), ['D1']);
    await ed.connection.sendNotification(DidChangeWorkspaceFoldersNotification.type, { event: { added: [], removed: [folder(first)] } });
    assert.deepEqual(codes(await ed.published(first.uri('broken.campaign.json'), p => p.diagnostics.length === 0)), []);
  });
});

describe('a workspace folder that the enclosing repository ignores as a whole', () => {
  const repo = workspace();
  let ed: Editor;
  before(async () => {
    repo.write('.git/HEAD', 'ref: refs/heads/main\n');
    repo.write('.gitignore', 'out/\n');
    repo.write('out/workspace/drafts/broken.campaign.json', BROKEN);
    ed = await Editor.start('stdio', {
      capabilities: PUSH_CAPABILITIES,
      workspaceFolder: pathToFileURL(path.join(repo.dir, 'out', 'workspace')).href,
    });
  });
  after(() => {
    ed.kill();
    fs.rmSync(repo.dir, { recursive: true, force: true });
  });

  test('is checked all the same, as `campaign lint` checks a folder named on its command line', async () => {
    assert.deepEqual(codes(await ed.published(repo.uri('out/workspace/drafts/broken.campaign.json'))), ['D1']);
  });
});
