import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { isLoopbackAddress, limiterKey, ResolveHost } from '../../src/remote/serviceOrigin';

/** A resolver with a hosts file of its own: `devbox` is this machine, the rest is elsewhere. */
const hosts: ResolveHost = async name => {
  if (name === 'devbox') return ['127.0.1.1', '::1'];
  if (name === 'api.example.com') return ['203.0.113.7', '203.0.113.8'];
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
};

test('every spelling of this machine and a port is one limiter key, per workspace', async () => {
  const keys = await Promise.all(
    [
      'http://localhost:8080',
      'http://LOCALHOST:8080/',
      'http://127.0.0.1:8080',
      'http://127.1.2.3:8080/prefix',
      'http://[::1]:8080',
      'http://[0:0:0:0:0:0:0:1]:8080',
      'http://localhost.:8080',
      'http://devbox:8080',
    ].map(u => limiterKey(u, 'WS1', hosts)),
  );
  assert.deepEqual(new Set(keys), new Set(['loopback:8080|WS1']));
  assert.notEqual(await limiterKey('http://localhost:8081', 'WS1', hosts), keys[0]);
  assert.notEqual(await limiterKey('http://localhost:8080', 'WS2', hosts), keys[0]);
});

test('default ports are made explicit and host names lower-cased; other hosts keep their name', async () => {
  assert.equal(await limiterKey('https://API.Example.com', 'WS1', hosts), 'api.example.com:443|WS1');
  assert.equal(await limiterKey('https://api.example.com:443/v', 'WS1', hosts), 'api.example.com:443|WS1');
  assert.equal(await limiterKey('http://localhost', 'WS1', hosts), 'loopback:80|WS1');
  assert.equal(await limiterKey('https://unknown.example.org', 'WS1', hosts), 'unknown.example.org:443|WS1');
});

test('loopback addresses', () => {
  for (const a of ['127.0.0.1', '127.255.0.9', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1']) assert.ok(isLoopbackAddress(a), a);
  for (const a of ['10.0.0.1', '::2', '128.0.0.1', 'localhost', '::ffff:10.0.0.1']) assert.ok(!isLoopbackAddress(a), a);
});
