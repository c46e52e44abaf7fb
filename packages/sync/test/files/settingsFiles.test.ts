import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { pathToFileURL } from 'url';
import {
  applyOverrides,
  brokenSettingsFinding,
  documentSettings,
  editorSettingsFrom,
  parse,
  settingsFromText,
} from '@campaign-studio/core';
import { findCampaignrc, loadCampaignrc, SettingsHost, SettingsStore } from '../../src/files/settingsFiles';

/** Workspace settings: reading `.campaignrc.json`, editor overrides, and the per-resource store. */

let root: string;
before(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'campaign-settings-')));
});
after(() => fs.rmSync(root, { recursive: true, force: true }));

function dir(name: string, files: Record<string, string> = {}): string {
  const d = path.join(root, name);
  fs.mkdirSync(d, { recursive: true });
  for (const [f, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(d, f)), { recursive: true });
    fs.writeFileSync(path.join(d, f), text);
  }
  return d;
}

describe('reading a settings file', () => {
  const cases: Array<{ name: string; text: string; features: object; categories?: string[]; problems: string[] }> = [
    {
      name: 'all flags and categories',
      text: '{ "features": { "audienceLimit": true, "queuing": false, "portfolio": true, "versioning": false }, "subscriptionCategories": ["newsletters", "offers"] }',
      features: { audienceLimit: true, queuing: false, portfolio: true, versioning: false },
      categories: ['newsletters', 'offers'],
      problems: [],
    },
    { name: 'absent flags stay unknown', text: '{ "features": { "queuing": true } }', features: { queuing: true }, problems: [] },
    { name: 'an empty object', text: '{}', features: {}, problems: [] },
    {
      name: 'a flag of the wrong type: reported, and unknown; the others still apply',
      text: '{ "features": { "audienceLimit": "yes", "queuing": true } }',
      features: { queuing: true },
      problems: ['W1 error /features/audienceLimit'],
    },
    {
      name: 'an unknown flag (a typo) is an error, with a suggestion',
      text: '{ "features": { "audiencelimit": true } }',
      features: {},
      problems: ['W1 error /features/audiencelimit'],
    },
    { name: 'an unknown top-level key', text: '{ "feature": {} }', features: {}, problems: ['W1 error /feature'] },
    {
      name: 'categories not all strings: reported, unknown',
      text: '{ "subscriptionCategories": ["a", 1] }',
      features: {},
      problems: ['W1 error /subscriptionCategories/1'],
    },
    {
      name: 'a syntax error is W1 too, and the recovered part applies',
      text: '{ "features": { "portfolio": true, } }',
      features: { portfolio: true },
      problems: ['W1 error '],
    },
    { name: 'not JSON at all', text: 'audienceLimit = yes', features: {}, problems: ['W1 error '] },
    { name: 'an empty file', text: '', features: {}, problems: ['W1 error '] },
    { name: 'not an object', text: '[]', features: {}, problems: ['W1 error '] },
  ];
  for (const c of cases) {
    test(c.name, () => {
      const loaded = settingsFromText(c.text, '/w/.campaignrc.json');
      assert.deepEqual(loaded.settings.features, c.features);
      assert.deepEqual(loaded.settings.subscriptionCategories, c.categories);
      assert.equal(loaded.settings.source, '/w/.campaignrc.json');
      assert.deepEqual(loaded.problems.map(p => `${p.rule} ${p.severity} ${p.path}`).sort(), c.problems.sort());
      assert.equal(!!loaded.problemSummary, c.problems.length > 0);
    });
  }

  test('the summary names lines, the first three problems and how many more', () => {
    const text = '{\n  "features": {\n    "a": true,\n    "b": true,\n    "c": true,\n    "d": true\n  }\n}';
    const loaded = settingsFromText(text, '/w/.campaignrc.json');
    assert.match(loaded.problemSummary!, /^line 3: `a` is not a property of `features`.*; line 4: .*; line 5: .*; and 1 more$/);
  });

  test('a file that cannot be read is a W1 error that says why', () => {
    const d = dir('unreadable');
    fs.mkdirSync(path.join(d, '.campaignrc.json'));
    const loaded = loadCampaignrc(path.join(d, '.campaignrc.json'));
    assert.equal(loaded.unreadable, true);
    assert.deepEqual(loaded.settings.features, {});
    assert.match(loaded.problems[0].message, /could not be read \(it is a directory\)/);
  });
});

describe('finding the nearest settings file', () => {
  test('the folder itself, else the nearest parent; a dangling link or a directory still counts (and is then reported)', () => {
    const d = dir('nearest', { '.campaignrc.json': '{}', 'a/b/c/.keep': '', 'a/b/.campaignrc.json': '{}' });
    assert.equal(findCampaignrc(path.join(d, 'a', 'b', 'c')), path.join(d, 'a', 'b', '.campaignrc.json'));
    assert.equal(findCampaignrc(path.join(d, 'a')), path.join(d, '.campaignrc.json'));
    const dangling = dir('dangling/inner');
    fs.symlinkSync(path.join(root, 'nowhere'), path.join(dangling, '.campaignrc.json'));
    assert.equal(findCampaignrc(dangling), path.join(dangling, '.campaignrc.json'));
    assert.equal(loadCampaignrc(path.join(dangling, '.campaignrc.json')).unreadable, true);
  });

  test('stopAt ends the search; none found gives undefined', () => {
    const d = dir('stop', { 'x/.keep': '' });
    assert.equal(
      findCampaignrc(path.join(d, 'x'), d, () => false),
      undefined,
    );
    assert.equal(
      findCampaignrc(path.join(d, 'x'), undefined, f => f === path.join(d, '.campaignrc.json')),
      path.join(d, '.campaignrc.json'),
    );
  });
});

describe('editor settings', () => {
  test("VS Code's campaignStudio section: booleans and lists apply, null keeps the file's value, other types are dropped and described", () => {
    const { settings, problems } = editorSettingsFrom({
      features: { audienceLimit: false, queuing: null, portfolio: 'yes' },
      subscriptionCategories: ['a'],
      files: ['**/*.cmp.json'],
      trace: { server: 'off' },
    });
    assert.deepEqual(settings, { features: { audienceLimit: false }, subscriptionCategories: ['a'] });
    assert.deepEqual(problems, ['campaignStudio.features.portfolio must be "fromFile", "on" or "off", not "yes": ignored']);
    assert.deepEqual(editorSettingsFrom(null), { settings: {}, problems: [] });
    assert.deepEqual(editorSettingsFrom('x').problems.length, 1);
    assert.deepEqual(editorSettingsFrom({ subscriptionCategories: 'news' }).problems, [
      'campaignStudio.subscriptionCategories must be a list of strings, not "news": ignored',
    ]);
  });

  const flagValues: Array<{ name: string; value: unknown; override: boolean | undefined }> = [
    { name: 'the Settings UI\'s "on"', value: 'on', override: true },
    { name: 'the Settings UI\'s "off"', value: 'off', override: false },
    { name: 'the Settings UI\'s "fromFile" (the default)', value: 'fromFile', override: undefined },
    { name: 'true, as written before the choices', value: true, override: true },
    { name: 'false, as written before the choices', value: false, override: false },
    { name: 'null, as written before the choices', value: null, override: undefined },
    { name: 'absent', value: undefined, override: undefined },
  ];
  for (const c of flagValues) {
    test(`a feature flag set to ${c.name}`, () => {
      const { settings, problems } = editorSettingsFrom({ features: { queuing: c.value } });
      assert.deepEqual(problems, []);
      assert.equal(settings.features?.queuing, c.override);
      assert.equal(applyOverrides({ features: { queuing: true } }, settings).features.queuing, c.override ?? true);
    });
  }

  const categoryValues: Array<{ name: string; value: unknown; categories: string[] | undefined }> = [
    { name: "a list replaces the file's", value: ['news'], categories: ['news'] },
    { name: 'an empty list says the workspace has none', value: [], categories: [] },
    { name: "null (the default, Reset Setting) uses the file's", value: null, categories: ['offers'] },
    { name: "absent uses the file's", value: undefined, categories: ['offers'] },
  ];
  for (const c of categoryValues) {
    test(`subscription categories: ${c.name}`, () => {
      const { settings, problems } = editorSettingsFrom({ subscriptionCategories: c.value });
      assert.deepEqual(problems, []);
      assert.deepEqual(applyOverrides({ features: {}, subscriptionCategories: ['offers'] }, settings).subscriptionCategories, c.categories);
    });
  }

  test('overrides win per key; the rest comes from the file', () => {
    const base = { features: { audienceLimit: true, queuing: true }, subscriptionCategories: ['x'], source: '/w/.campaignrc.json' };
    assert.deepEqual(applyOverrides(base, { features: { audienceLimit: false, queuing: null } }), {
      features: { audienceLimit: false, queuing: true },
      subscriptionCategories: ['x'],
      source: '/w/.campaignrc.json',
    });
    assert.deepEqual(applyOverrides(base, { subscriptionCategories: [] }).subscriptionCategories, []);
    assert.equal(applyOverrides(base, undefined), base);
    const ds = documentSettings(undefined, { features: { versioning: true } });
    assert.deepEqual(ds.workspace.features, { versioning: true });
    assert.equal(ds.file, undefined);
  });

  test('the warning on a campaign names the settings file relative to it, and only when the file has errors', () => {
    const broken = settingsFromText('{ "features": 1 }', '/w/.campaignrc.json');
    const f = brokenSettingsFinding(broken, '/w/team/a.campaign.json')!;
    assert.deepEqual([f.rule, f.severity, f.path], ['W1', 'warning', '']);
    assert.match(f.message, /^The workspace settings file \.\.\/\.campaignrc\.json has errors \(line 1: /);
    assert.equal(brokenSettingsFinding(settingsFromText('{}', '/w/.campaignrc.json'), '/w/a.campaign.json'), undefined);
    assert.equal(brokenSettingsFinding(undefined, '/w/a.campaign.json'), undefined);
  });
});

describe('the settings store', () => {
  function host(over: Partial<SettingsHost> & { calls?: string[] } = {}): SettingsHost & { calls: string[]; logs: string[] } {
    const calls: string[] = [];
    const logs: string[] = [];
    return {
      calls,
      logs,
      editorSettings: async uri => {
        calls.push(uri);
        return null;
      },
      openSettingsBuffer: () => undefined,
      fallbackFolder: () => undefined,
      log: m => logs.push(m),
      ...over,
    };
  }

  test('one settings object per resource, read once until cleared', async () => {
    const d = dir('store', { '.campaignrc.json': '{ "features": { "queuing": true } }' });
    const h = host();
    const store = new SettingsStore(h);
    const uri = pathToFileURL(path.join(d, 'a.campaign.json')).href;
    const first = await store.get(uri);
    assert.equal(await store.get(uri), first);
    assert.deepEqual(first.workspace.features, { queuing: true });
    assert.equal(first.file?.file, path.join(d, '.campaignrc.json'));
    assert.deepEqual(h.calls, [uri]);

    fs.writeFileSync(path.join(d, '.campaignrc.json'), '{ "features": { "queuing": false } }');
    assert.deepEqual((await store.get(uri)).workspace.features, { queuing: true }, 'cached until cleared');
    store.clear();
    assert.deepEqual((await store.get(uri)).workspace.features, { queuing: false });
    assert.equal(h.calls.length, 2);
  });

  test('a document read again sees the settings file as it is now, even without a change notice', async () => {
    const d = dir('stamp', { '.campaignrc.json': '{ "features": { "queuing": true } }' });
    const store = new SettingsStore(host());
    const uri = pathToFileURL(path.join(d, 'a.campaign.json')).href;
    assert.deepEqual((await store.get(uri)).workspace.features, { queuing: true });
    fs.writeFileSync(path.join(d, '.campaignrc.json'), '{ "features": { "portfolio": false } }');
    store.forget(uri); // what closing the document does
    assert.deepEqual((await store.get(uri)).workspace.features, { portfolio: false });
    fs.rmSync(path.join(d, '.campaignrc.json'));
    store.forget(uri);
    assert.equal((await store.get(uri)).file, undefined);
  });

  test('an open, unsaved settings buffer counts, even before the file exists on disk', async () => {
    const d = dir('buffer');
    const rc = path.join(d, '.campaignrc.json');
    const store = new SettingsStore(
      host({ openSettingsBuffer: f => (f === rc ? parse('{ "features": { "portfolio": true } }') : undefined) }),
    );
    const s = await store.get(pathToFileURL(path.join(d, 'sub', 'a.campaign.json')).href);
    assert.deepEqual(s.workspace.features, { portfolio: true });
    assert.equal(s.file?.file, rc);
  });

  test("documents that are not files use the workspace folder's settings file", async () => {
    const d = dir('fallback', { '.campaignrc.json': '{ "subscriptionCategories": ["news"] }' });
    const store = new SettingsStore(host({ fallbackFolder: () => d }));
    assert.deepEqual((await store.get('untitled:Untitled-1')).workspace.subscriptionCategories, ['news']);
    const none = new SettingsStore(host());
    assert.equal((await none.get('untitled:Untitled-2')).file, undefined);
  });

  test('editor settings override the file; a failure to read them is logged and the file alone applies', async () => {
    const d = dir('editor', { '.campaignrc.json': '{ "features": { "audienceLimit": true } }' });
    const uri = pathToFileURL(path.join(d, 'a.campaign.json')).href;
    const overriding = new SettingsStore(host({ editorSettings: async () => ({ features: { audienceLimit: false, queuing: 3 } }) }));
    const s = await overriding.get(uri);
    assert.deepEqual(s.workspace.features, { audienceLimit: false });
    assert.deepEqual(s.editor, { features: { audienceLimit: false } });

    const h = host({
      editorSettings: async () => {
        throw new Error('no configuration');
      },
    });
    const failing = new SettingsStore(h);
    assert.deepEqual((await failing.get(uri)).workspace.features, { audienceLimit: true });
    assert.match(
      h.logs[0],
      /^reading the editor settings for file:.*a\.campaign\.json failed, using the settings file alone: no configuration$/,
    );

    const h2 = host({ editorSettings: async () => ({ features: { queuing: 3 } }) });
    await new SettingsStore(h2).get(uri);
    assert.match(h2.logs[0], /campaignStudio\.features\.queuing must be "fromFile", "on" or "off", not 3/);
  });
});
