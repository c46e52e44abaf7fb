import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { parse } from 'jsonc-parser';
import { WORKSPACES } from '@campaign-studio/emulator';
import { parseEnvironments } from '@campaign-studio/sync';
import { fileKind } from '@campaign-studio/core';
import { REVIEW_FILE_SUFFIX } from '../../src/push/review';

/**
 * What the manifest promises a new user: the walkthrough (its pages exist, its buttons and
 * completion events name real commands, its connect step matches the sandbox), New Campaign in
 * File > New File, and the setting of the background check.
 */

const root = path.resolve(__dirname, '../../../..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const nls = JSON.parse(fs.readFileSync(path.join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;
/** A manifest string as a person reads it: a `%key%` is looked up in package.nls.json. */
const shown = (text: string): string =>
  text.replace(/^%(.+)%$/, (_, key: string) => nls[key] ?? assert.fail(`${key} is not in package.nls.json`));
const contributed = new Set<string>(manifest.contributes.commands.map((c: { command: string }) => c.command));
/** VS Code's own commands the walkthrough runs. */
const BUILT_IN = new Set(['workbench.actions.view.problems', 'workbench.view.extension.campaignStudio']);

test('the walkthrough: create, see and fix errors, connect, fetch, edit and push, promote; each page is in the VSIX', () => {
  const [walkthrough] = manifest.contributes.walkthroughs;
  assert.equal(walkthrough.id, 'gettingStarted');
  assert.deepEqual(
    walkthrough.steps.map((s: { id: string }) => s.id),
    ['create', 'problems', 'connect', 'fetch', 'push', 'promote'],
  );
  for (const step of walkthrough.steps) {
    assert.ok(fs.existsSync(path.join(root, step.media.markdown)), `${step.id}: ${step.media.markdown}`);
    assert.ok(step.media.markdown.startsWith('media/'), 'media/** ships in the VSIX');
    assert.ok(step.completionEvents.length > 0, `${step.id} is checked off by something the user does`);
  }
});

test("the walkthrough's buttons and completion events name commands that exist", () => {
  const steps: Array<{ id: string; description: string; completionEvents: string[] }> = manifest.contributes.walkthroughs[0].steps;
  for (const step of steps) {
    const named = [
      ...[...shown(step.description).matchAll(/\(command:([\w.]+)\)/g)].map(m => m[1]),
      ...step.completionEvents.filter(e => e.startsWith('onCommand:')).map(e => e.slice('onCommand:'.length)),
    ];
    for (const command of named) assert.ok(contributed.has(command) || BUILT_IN.has(command), `${step.id}: ${command}`);
  }
});

test('each step completes on the outcome it teaches, a context key the extension sets, whatever command started it', () => {
  const steps: Array<{ id: string; completionEvents: string[] }> = manifest.contributes.walkthroughs[0].steps;
  const source = fs.readFileSync(path.join(root, 'packages/extension/src/onboarding/walkthrough.ts'), 'utf8');
  for (const step of steps) {
    const keys = step.completionEvents.filter(e => e.startsWith('onContext:')).map(e => e.slice('onContext:'.length));
    assert.ok(keys.length, `${step.id} completes on a context key`);
    for (const key of keys)
      assert.ok(key === 'campaignStudio.signedIn' || source.includes(`'${key}'`), `${step.id}: ${key} is set by the extension`);
    const ours = step.completionEvents.filter(e => e.startsWith('onCommand:campaignStudio.'));
    assert.deepEqual(ours, [], `${step.id}: running a command is not doing what the step teaches`);
  }
});

/** What reads in the walkthrough's media pane, about 400 px wide: prose wraps, tables and code lines do not. */
const NARROW = { title: 28, code: 44 };

test('every walkthrough page and title reads in the narrow media pane: no table, no long code line, short titles', () => {
  const [walkthrough] = manifest.contributes.walkthroughs;
  const titles = [walkthrough.title, ...walkthrough.steps.map((s: { title: string }) => s.title)].map(shown);
  for (const title of titles) assert.ok(title.length <= NARROW.title, `"${title}" is longer than ${NARROW.title} characters`);
  for (const step of walkthrough.steps) {
    const page = fs.readFileSync(path.join(root, step.media.markdown), 'utf8');
    assert.doesNotMatch(page, /^\s*\|.*\|\s*$/m, `${step.media.markdown} has a table`);
    const heading = /^# (.*)$/m.exec(page)?.[1] ?? '';
    assert.ok(heading.length <= NARROW.title, `${step.media.markdown}: "${heading}"`);
    const spans = [...page.matchAll(/`([^`\n]+)`/g)].map(m => m[1]);
    const blocks = [...page.matchAll(/^```[^\n]*\n([\s\S]*?)^```/gm)].flatMap(m => m[1].split('\n'));
    for (const code of [...spans, ...blocks]) assert.ok(code.length <= NARROW.code, `${step.media.markdown}: \`${code}\` does not wrap`);
  }
});

test("the connect step names the sandbox's environments as examples/.vscode/settings.json holds them", () => {
  const page = fs.readFileSync(path.join(root, 'media/walkthrough/connect.md'), 'utf8');
  const settings = parse(fs.readFileSync(path.join(root, 'examples/.vscode/settings.json'), 'utf8')) as {
    'campaignStudio.environments': Array<{ name: string; baseUrl: string; workspaceId: string }>;
  };
  for (const env of settings['campaignStudio.environments']) {
    assert.ok(page.includes(`- \`${env.name}\`: workspace \`${env.workspaceId}\``), `${env.name} in connect.md`);
    assert.ok(page.includes(`\`${env.baseUrl}\``), `${env.baseUrl} in connect.md`);
  }
  assert.match(page, /npm start/);
});

test("the sandbox's environments declare the emulator's workspaces' features and subscription categories, so promotions there are checked", () => {
  const settings = parse(fs.readFileSync(path.join(root, 'examples/.vscode/settings.json'), 'utf8')) as Record<string, unknown>;
  const { environments, problems } = parseEnvironments(settings['campaignStudio.environments']);
  assert.deepEqual(problems, []);
  assert.deepEqual(
    environments.map(e => ({ workspaceId: e.workspaceId, settings: e.settings })),
    WORKSPACES.map(ws => ({ workspaceId: ws.id, settings: { features: ws.features, subscriptionCategories: ws.subscriptionCategories } })),
  );
});

test('New Campaign… is in File > New File and in the palette', () => {
  assert.ok(contributed.has('campaignStudio.newCampaign'));
  assert.deepEqual(manifest.contributes.menus['file/newFile'], [{ command: 'campaignStudio.newCampaign', group: 'file' }]);
  const hidden = (manifest.contributes.menus.commandPalette as Array<{ command: string; when: string }>).filter(
    m => m.command === 'campaignStudio.newCampaign',
  );
  assert.deepEqual(hidden, []);
});

test('campaignStudio.validation.workspace: a boolean, on by default, described', () => {
  const setting = manifest.contributes.configuration.properties['campaignStudio.validation.workspace'];
  assert.equal(setting.type, 'boolean');
  assert.equal(setting.default, true);
  assert.match(shown(setting.markdownDescription), /gitignore/);
});

test('the capabilities: limited in an untrusted workspace, none in a virtual one, each saying why from package.nls.json', () => {
  const { untrustedWorkspaces, virtualWorkspaces } = manifest.capabilities;
  assert.equal(untrustedWorkspaces.supported, 'limited');
  assert.equal(virtualWorkspaces.supported, false);
  for (const [name, capability] of Object.entries({ untrustedWorkspaces, virtualWorkspaces })) {
    assert.equal(capability.description, `%capabilities.${name}.description%`);
    assert.ok(shown(capability.description).length > 40, `${name}: says what works and what does not`);
  }
});

test('the review documents are Campaign Review: a language of their own that wraps and shows the CodeLens, no campaign file', () => {
  const language = manifest.contributes.languages.find((l: { id: string }) => l.id === 'campaign-review');
  assert.deepEqual(language.extensions, [REVIEW_FILE_SUFFIX]);
  assert.equal(language.filenamePatterns, undefined, 'no file a user keeps is a review');
  const grammar = manifest.contributes.grammars.find((g: { language: string }) => g.language === 'campaign-review');
  const syntax = JSON.parse(fs.readFileSync(path.join(root, grammar.path), 'utf8'));
  assert.deepEqual(syntax.patterns, [{ include: 'source.json.comments' }], 'coloured as JSON with comments');
  assert.deepEqual(manifest.contributes.configurationDefaults['[campaign-review]'], {
    'editor.wordWrap': 'on',
    'editor.wrappingIndent': 'indent',
    'diffEditor.codeLens': true,
  });
  assert.equal(fileKind(`after push${REVIEW_FILE_SUFFIX}`), undefined, 'the language server never takes a review for a campaign file');
});
