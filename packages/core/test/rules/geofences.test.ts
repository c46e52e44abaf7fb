import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lint, only } from '../helpers/lint';
import { ruleTests } from '../helpers/ruleTests';
import { at, braceOf, edited, fixture, text } from '../helpers/campaigns';

/** The location-triggered fixture with its geofence array edited. */
function fences(change: (g: Array<Record<string, unknown>>) => void): string {
  return edited('push-location-triggered', d => change(d.basic_details.geofences));
}

const VALID = text(fixture('push-location-triggered'));
const ONE_OBJECT = edited('push-location-triggered', d => {
  d.basic_details.geofences = d.basic_details.geofences[1];
});

// G1: required fields, unique names.
const NO_RADIUS = fences(g => {
  delete g[0].radius;
});
const SAME_NAME = fences(g => {
  g[1].name = g[0].name;
});
ruleTests('G1', {
  breaks: [
    {
      name: 'a geofence without a radius',
      document: NO_RADIUS,
      expect: [
        {
          severity: 'error',
          path: '/basic_details/geofences/0/radius',
          range: braceOf(NO_RADIUS, '"name": "Alexanderplatz store"'),
          message: /`radius` is required in every geofence/,
        },
      ],
    },
    {
      name: 'two geofences with one name',
      document: SAME_NAME,
      expect: [
        {
          severity: 'error',
          path: '/basic_details/geofences/1/name',
          range: at(SAME_NAME, '"Alexanderplatz store"', 1),
          message: /Two geofences are named `Alexanderplatz store`/,
        },
      ],
    },
    {
      name: 'a single geofence object without its response time',
      document: edited('push-location-triggered', d => {
        d.basic_details.geofences = { ...d.basic_details.geofences[0] };
        delete d.basic_details.geofences.response_time_value;
        delete d.basic_details.geofences.response_time_granularity;
      }),
      expect: [
        { severity: 'error', path: '/basic_details/geofences/response_time_value' },
        { severity: 'error', path: '/basic_details/geofences/response_time_granularity' },
      ],
    },
    {
      name: 'a geofence that is not an object',
      document: fences(g => {
        g.push('Potsdamer Platz' as never);
      }),
      expect: [{ severity: 'error', path: '/basic_details/geofences/2', message: /A geofence is an object/ }],
    },
    {
      name: 'a response time that is a number',
      document: fences(g => {
        g[0].response_time_value = 0;
      }),
      expect: [{ severity: 'error', path: '/basic_details/geofences/0/response_time_value', message: /must be a string/ }],
    },
  ],
  satisfies: [
    { name: 'two geofences, distinct names', document: VALID },
    { name: 'one geofence object', document: ONE_OBJECT },
  ],
});

// G2: numbers in strings, in range.
const LAT_RANGE = fences(g => {
  g[0].latitude = '152.52';
});
const NOT_NUMBER = fences(g => {
  g[0].longitude = 'east';
});
const LAT_NUMBER = fences(g => {
  g[0].latitude = 52.5219;
});
ruleTests('G2', {
  breaks: [
    {
      name: 'a latitude out of range',
      document: LAT_RANGE,
      expect: [
        { severity: 'error', path: '/basic_details/geofences/0/latitude', range: at(LAT_RANGE, '"152.52"'), message: /from -90 to 90/ },
      ],
    },
    {
      name: 'a longitude that is not a number',
      document: NOT_NUMBER,
      expect: [
        { severity: 'error', path: '/basic_details/geofences/0/longitude', range: at(NOT_NUMBER, '"east"'), message: /is not a number/ },
      ],
    },
    {
      name: 'a longitude out of range',
      document: fences(g => {
        g[1].longitude = '-180.5';
      }),
      expect: [{ severity: 'error', path: '/basic_details/geofences/1/longitude' }],
    },
    {
      name: 'a zero radius',
      document: fences(g => {
        g[0].radius = '0';
      }),
      expect: [{ severity: 'error', path: '/basic_details/geofences/0/radius', message: /greater than 0/ }],
    },
    {
      name: 'a latitude given as a number',
      document: LAT_NUMBER,
      expect: [{ severity: 'error', path: '/basic_details/geofences/0/latitude', message: /must be a string/ }],
    },
  ],
  satisfies: [
    { name: 'in range', document: VALID },
    {
      name: 'the extremes',
      document: fences(g => {
        g[0].latitude = '-90';
        g[0].longitude = '180';
        g[0].radius = '0.5';
      }),
    },
  ],
});

test('G2: a coordinate given as a number gets the fix to a string', () => {
  const [d] = only(lint(LAT_NUMBER), 'G2');
  assert.deepEqual(d.fixes, [
    {
      title: 'Change to the string "52.5219"',
      edits: [{ kind: 'replaceValue', path: '/basic_details/geofences/0/latitude', value: '52.5219' }],
      isPreferred: true,
    },
  ]);
});

// G3: triggered_at, and its case.
const UPPER_DWELL = fences(g => {
  g[1].triggered_at = 'DWELL';
});
const LOWER_ENTRY = fences(g => {
  g[0].triggered_at = 'entry';
});
ruleTests('G3', {
  breaks: [
    {
      name: 'DWELL in upper case',
      document: UPPER_DWELL,
      expect: [
        {
          severity: 'error',
          path: '/basic_details/geofences/1/triggered_at',
          range: at(UPPER_DWELL, '"DWELL"'),
          message: /`dwell` \(lower case\)/,
        },
      ],
    },
    {
      name: 'entry in lower case',
      document: LOWER_ENTRY,
      expect: [{ severity: 'error', path: '/basic_details/geofences/0/triggered_at', range: at(LOWER_ENTRY, '"entry"') }],
    },
    {
      name: 'an unknown trigger',
      document: fences(g => {
        g[0].triggered_at = 'ENTER';
      }),
      expect: [{ severity: 'error', path: '/basic_details/geofences/0/triggered_at' }],
    },
  ],
  satisfies: [
    { name: 'ENTRY and dwell', document: VALID },
    {
      name: 'EXIT',
      document: fences(g => {
        g[0].triggered_at = 'EXIT';
      }),
    },
  ],
});

test('G3: wrong case gets the preferred fix: DWELL to dwell, entry to ENTRY', () => {
  assert.deepEqual(only(lint(UPPER_DWELL), 'G3')[0].fixes, [
    {
      title: 'Change to `dwell`',
      edits: [{ kind: 'replaceValue', path: '/basic_details/geofences/1/triggered_at', value: 'dwell' }],
      isPreferred: true,
    },
  ]);
  assert.deepEqual(only(lint(LOWER_ENTRY), 'G3')[0].fixes, [
    {
      title: 'Change to `ENTRY`',
      edits: [{ kind: 'replaceValue', path: '/basic_details/geofences/0/triggered_at', value: 'ENTRY' }],
      isPreferred: true,
    },
  ]);
});

test('G1: a missing triggered_at is a G1 requirement', () => {
  const got = lint(
    fences(g => {
      delete g[0].triggered_at;
    }),
  );
  assert.deepEqual(
    only(got, 'G1').map(g => g.path),
    ['/basic_details/geofences/0/triggered_at'],
  );
});

// G4: dwell needs its time.
const NO_DWELL = fences(g => {
  delete g[1].dwell_time_value;
  delete g[1].dwell_time_granularity;
});
ruleTests('G4', {
  breaks: [
    {
      name: 'dwell without the dwell time',
      document: NO_DWELL,
      expect: [
        {
          severity: 'error',
          path: '/basic_details/geofences/1/dwell_time_value',
          range: braceOf(NO_DWELL, '"name": "Alexanderplatz store (browsing)"'),
          message: /required when `triggered_at` is `dwell`/,
        },
        { severity: 'error', path: '/basic_details/geofences/1/dwell_time_granularity' },
      ],
    },
    {
      name: 'a dwell granularity that is not a unit',
      document: fences(g => {
        g[1].dwell_time_granularity = 'SECONDS';
      }),
      expect: [{ severity: 'error', path: '/basic_details/geofences/1/dwell_time_granularity' }],
    },
  ],
  satisfies: [
    { name: 'dwell with its time', document: VALID },
    {
      name: 'ENTRY needs no dwell time',
      document: fences(g => {
        g.splice(1, 1);
      }),
    },
  ],
});

// G5: response time unit.
const WEEKS = fences(g => {
  g[0].response_time_granularity = 'WEEKS';
});
ruleTests('G5', {
  breaks: [
    {
      name: 'weeks',
      document: WEEKS,
      expect: [
        {
          severity: 'error',
          path: '/basic_details/geofences/0/response_time_granularity',
          range: at(WEEKS, '"WEEKS"'),
          message: /`MINUTES`, `HOURS`, `DAYS`/,
        },
      ],
    },
    {
      name: 'lower case',
      document: fences(g => {
        g[0].response_time_granularity = 'minutes';
      }),
      expect: [{ severity: 'error', path: '/basic_details/geofences/0/response_time_granularity', message: /use `MINUTES`/ }],
    },
  ],
  satisfies: [
    { name: 'MINUTES', document: VALID },
    {
      name: 'HOURS and DAYS',
      document: fences(g => {
        g[0].response_time_granularity = 'HOURS';
        g[1].response_time_granularity = 'DAYS';
      }),
    },
  ],
});
