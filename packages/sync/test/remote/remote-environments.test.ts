import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { checkBaseUrl, isLoopbackHost, parseEnvironments, secretKeyFor } from '../../src/remote/environments';

test('https is accepted; plain http only for this machine', () => {
  assert.equal(checkBaseUrl('https://api-01.example.com'), undefined);
  assert.equal(checkBaseUrl('https://api-01.example.com/prefix'), undefined);
  for (const u of ['http://127.0.0.1:8080', 'http://localhost:3000', 'http://[::1]:9000', 'http://127.1.2.3']) assert.equal(checkBaseUrl(u), undefined, u);
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
    { name: 'staging', baseUrl: 'https://api-01.example.com', workspaceId: 'WS1', headerPrefix: 'SVC', email: 'me@example.com', production: false },
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

test('the secret key names workspace and host, never the key itself', () => {
  assert.equal(secretKeyFor({ workspaceId: 'WS1', baseUrl: 'https://a.example.com/' }), 'campaignStudio.apiKey:WS1@https://a.example.com');
});
