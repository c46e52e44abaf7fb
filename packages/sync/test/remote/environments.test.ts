import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { checkBaseUrl, isLoopbackHost, parseEnvironments, secretKeyFor } from '../../src/remote/environments';

test('https is accepted; plain http only for this machine', () => {
  assert.equal(checkBaseUrl('https://api-01.example.com'), undefined);
  assert.equal(checkBaseUrl('https://api-01.example.com/prefix'), undefined);
  for (const u of ['http://127.0.0.1:8080', 'http://localhost:3000', 'http://[::1]:9000', 'http://127.1.2.3'])
    assert.equal(checkBaseUrl(u), undefined, u);
  assert.match(checkBaseUrl('http://api-01.example.com')!, /unencrypted/);
  assert.match(checkBaseUrl('http://10.0.0.5:8080')!, /unencrypted/);
  assert.match(checkBaseUrl('http://localhost.evil.com')!, /unencrypted/);
  assert.match(checkBaseUrl('ftp://x')!, /https/);
  assert.match(checkBaseUrl('not a url')!, /not a URL/);
  assert.match(checkBaseUrl('https://user:key@api.example.com')!, /credentials/);
  assert.match(checkBaseUrl('https://api.example.com/?x=1')!, /query/);
  assert.ok(isLoopbackHost('127.0.0.1') && !isLoopbackHost('128.0.0.1'));
});

test('environments from settings: defaults, trimming, every problem in a sentence', () => {
  const { environments, problems } = parseEnvironments([
    { name: 'staging', baseUrl: 'https://api-01.example.com/', workspaceId: 'WS1', email: 'me@example.com' },
    { name: 'prod', baseUrl: 'https://api-02.example.com', workspaceId: 'WS2', headerPrefix: 'MOE', production: true },
    { name: 'staging', baseUrl: 'https://x.example.com', workspaceId: 'W' },
    { name: 'bad', baseUrl: 'http://remote.example.com', workspaceId: '' },
    { name: 'worse', baseUrl: 'https://x.example.com', workspaceId: 'W', headerPrefix: 'a b', email: 'nope', production: 'yes' },
    'string',
  ]);
  assert.deepEqual(environments, [
    {
      name: 'staging',
      baseUrl: 'https://api-01.example.com',
      workspaceId: 'WS1',
      headerPrefix: 'SVC',
      email: 'me@example.com',
      production: false,
    },
    { name: 'prod', baseUrl: 'https://api-02.example.com', workspaceId: 'WS2', headerPrefix: 'MOE', email: undefined, production: true },
  ]);
  assert.equal(problems.length, 4);
  assert.match(problems[0], /environment `staging`: `name` is used twice/);
  assert.match(problems[1], /environment `bad`: .*unencrypted.*; `workspaceId` is required/);
  assert.match(problems[2], /`headerPrefix`.*; `email`.*; `production` must be `true` or `false`/);
  assert.match(problems[3], /\[5\]` must be an object/);
  assert.deepEqual(parseEnvironments(undefined), { environments: [], problems: [] });
  assert.match(parseEnvironments({}).problems[0], /must be an array/);
});

test('a control character, a bidi control or a character no header carries is refused where the environment is read, named with its position', () => {
  const { environments, problems } = parseEnvironments([
    { name: 'esc', baseUrl: 'https://api-01.example.com', workspaceId: 'WS\u001b1' },
    { name: 'nl', baseUrl: 'https://api-01.example.com', workspaceId: 'WS1\nX-Injected: 1' },
    { name: 'tab', baseUrl: 'https://api-01.example.com/v\t5', workspaceId: 'WS1' },
    {
      name: 'rlo\u202e',
      baseUrl: 'https://api-01.example.com',
      workspaceId: 'WS1',
      headerPrefix: 'S\u0085VC',
      email: 'me\u0007@example.com',
    },
    { name: 'wide', baseUrl: 'https://api-01.example.com', workspaceId: 'WS\u0100' },
    { name: 'latin1', baseUrl: 'https://api-01.example.com', workspaceId: 'WSé_1-x.Y' },
    { name: 'trimmed', baseUrl: ' https://api-01.example.com/\n', workspaceId: 'WS1\n' },
  ]);
  assert.deepEqual(
    environments.map(e => [e.name, e.baseUrl, e.workspaceId]),
    [
      ['latin1', 'https://api-01.example.com', 'WSé_1-x.Y'],
      ['trimmed', 'https://api-01.example.com', 'WS1'],
    ],
  );
  const header =
    "which the `SVC-APPKEY` header that carries the workspace id cannot hold: copy the id again from the dashboard's workspace settings";
  assert.deepEqual(problems, [
    `environment \`esc\`: \`workspaceId\` holds U+001B at character 3, ${header}.`,
    `environment \`nl\`: \`workspaceId\` holds U+000A at character 4, ${header}.`,
    'environment `tab`: `baseUrl` holds U+0009 at character 29, which an address cannot hold (it would be dropped or encoded into another address).',
    'environment `rlo\\u202e`: `name` holds U+202E at character 4, which a name cannot hold (it appears in `campaign://<name>/<id>` and in messages); ' +
      '`headerPrefix` holds U+0085 at character 2, which a header name cannot hold; `email` holds U+0007 at character 3, which an email address cannot hold.',
    `environment \`wide\`: \`workspaceId\` holds U+0100 at character 3, ${header}.`,
  ]);
});

test('the secret key names workspace and host, never the key itself', () => {
  assert.equal(secretKeyFor({ workspaceId: 'WS1', baseUrl: 'https://a.example.com/' }), 'campaignStudio.apiKey:WS1@https://a.example.com');
});

test("an environment's settings: the workspace's features and categories, kept as given; a wrong shape is a problem, not settings", () => {
  const base = { name: 'prod', baseUrl: 'https://api.example.com', workspaceId: 'W' };
  const ok = parseEnvironments([
    { ...base, settings: { features: { audienceLimit: false, queuing: true }, subscriptionCategories: ['news', 'news', 'offers'] } },
  ]);
  assert.deepEqual(ok.problems, []);
  assert.deepEqual(ok.environments[0].settings, {
    features: { audienceLimit: false, queuing: true },
    subscriptionCategories: ['news', 'offers'],
  });
  assert.equal(parseEnvironments([base]).environments[0].settings, undefined);
  for (const [settings, problem] of [
    ['on', /an object with `features`/],
    [{ flags: {} }, /`flags` is not one of its keys/],
    [{ features: [] }, /`features` must be an object/],
    [{ features: { geofences: true } }, /`features.geofences` is not a feature/],
    [{ features: { queuing: 'yes' } }, /`features.queuing` must be `true` or `false`/],
    [{ subscriptionCategories: 'news' }, /`subscriptionCategories` must be a list of strings/],
  ] as const) {
    const r = parseEnvironments([{ ...base, settings }]);
    assert.deepEqual(r.environments, [], JSON.stringify(settings));
    assert.match(r.problems[0], /`settings` must be shaped like `.campaignrc.json`/);
    assert.match(r.problems[0], problem);
  }
});
