import * as l10n from '@vscode/l10n';
import { Finding, RuleCheck } from '../model/types';
import { join } from '../model/pointer';
import { finding, isObj, Obj } from './util';
import { visible } from '../model/strings';
import { RuleGroup } from './define';
import { push, geofence } from './examples';

/**
 * Geofences of Push `LOCATION_TRIGGERED` campaigns (`basic_details.geofences`, rules G1–G5): what
 * JSON Schema cannot say, unique names (G1) and coordinates in range (G2). The required fields
 * and the enums (G1, G3–G5) live in the geofences schema.
 */

const BD = '/basic_details';

/** The geofences of a document with their pointers: one object or an array of them. */
export function geofencesOf(bd: Obj): Array<{ g: Obj; path: string }> {
  const g = bd.geofences;
  const base = `${BD}/geofences`;
  if (isObj(g)) return [{ g, path: base }];
  if (!Array.isArray(g)) return [];
  const out: Array<{ g: Obj; path: string }> = [];
  g.forEach((item, i) => {
    if (isObj(item)) out.push({ g: item, path: join(base, i) });
  });
  return out;
}

/** G1: geofence names are unique. */
function uniqueNames(fences: Array<{ g: Obj; path: string }>): Finding[] {
  const seen = new Map<string, string>();
  const out: Finding[] = [];
  for (const { g, path } of fences) {
    if (typeof g.name !== 'string') continue;
    const first = seen.get(g.name);
    if (first !== undefined) {
      out.push(
        finding(
          'G1',
          'error',
          `${path}/name`,
          l10n.t(
            'Two geofences are named `{0}` (the first at `{1}`): each geofence needs a unique name. Rename one of them.',
            visible(g.name),
            first,
          ),
        ),
      );
    } else {
      seen.set(g.name, path);
    }
  }
  return out;
}

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;
const COORDS: Array<{ key: string; min: number; max: number; what: string; example: string }> = [
  { key: 'latitude', min: -90, max: 90, what: 'a latitude from -90 to 90', example: '"52.5200"' },
  { key: 'longitude', min: -180, max: 180, what: 'a longitude from -180 to 180', example: '"13.4050"' },
];

/** G2: coordinates and radius are strings holding numbers in range. */
function numbersInRange(fences: Array<{ g: Obj; path: string }>): Finding[] {
  const out: Finding[] = [];
  for (const { g, path } of fences) {
    for (const c of COORDS) {
      const v = g[c.key];
      if (typeof v !== 'string') continue;
      const p = `${path}/${c.key}`;
      if (!NUMBER.test(v)) {
        out.push(
          finding(
            'G2',
            'error',
            p,
            l10n.t('`{0}` is not a number: `{1}` is a string holding {2}, such as {3}.', visible(v), c.key, c.what, c.example),
          ),
        );
      } else if (Number(v) < c.min || Number(v) > c.max) {
        out.push(finding('G2', 'error', p, l10n.t('`{0}` {1} is out of range: it must be {2}.', c.key, visible(v), c.what)));
      }
    }
    const r = g.radius;
    if (typeof r === 'string') {
      const p = `${path}/radius`;
      if (!NUMBER.test(r)) {
        out.push(
          finding(
            'G2',
            'error',
            p,
            l10n.t`\`${visible(r)}\` is not a number: \`radius\` is a string holding the radius in meters, such as "200".`,
          ),
        );
      } else if (!(Number(r) > 0)) {
        out.push(finding('G2', 'error', p, l10n.t`\`radius\` ${r} must be greater than 0: give the radius in meters, such as "200".`));
      }
    }
  }
  return out;
}

const checks: RuleCheck[] = [
  {
    ids: ['G1', 'G2'],
    kinds: ['campaign'],
    check({ doc }) {
      // Geofences belong to Push basic details; elsewhere the key itself is reported (D7).
      if (!isObj(doc) || doc.channel !== 'PUSH' || !isObj(doc.basic_details)) return [];
      const fences = geofencesOf(doc.basic_details);
      return [...uniqueNames(fences), ...numbersInRange(fences)];
    },
  },
];

export const geofenceRules: RuleGroup = {
  section: 'Geofences',
  rules: [
    {
      id: 'G1',
      title: 'Geofence fields',
      severity: 'E',
      summary:
        '`name`, `latitude`, `longitude`, `radius`, `response_time_value`, `response_time_granularity`, `triggered_at` are required; names unique.',
      messages: {
        missingField:
          '`{missing}` is required in every geofence: each needs `name`, `latitude`, `longitude`, `radius`, `response_time_value`, `response_time_granularity` and `triggered_at`.',
        notAnObject: 'A geofence is an object with `name`, `latitude`, `longitude`, `radius`, `triggered_at` and the response time.',
      },
      docs: {
        doc: push({
          campaign_delivery_type: 'LOCATION_TRIGGERED',
          basic_details: { name: 'Store welcome', platforms: ['ANDROID'], geofences: [{ ...geofence, radius: undefined }] },
        }),
        fix: 'Give every geofence its `name` (unique), `latitude`, `longitude`, `radius`, `triggered_at`, `response_time_value` and `response_time_granularity`.',
      },
    },
    {
      id: 'G2',
      title: 'Geofence coordinates',
      severity: 'E',
      summary: '`latitude`, `longitude`, `radius` are strings holding numbers: latitude −90..90, longitude −180..180, radius > 0.',
      docs: {
        doc: push({
          campaign_delivery_type: 'LOCATION_TRIGGERED',
          basic_details: { name: 'Store welcome', platforms: ['ANDROID'], geofences: [{ ...geofence, latitude: '152.5219' }] },
        }),
        fix: 'Write coordinates as strings holding numbers: latitude −90..90, longitude −180..180, radius > 0 (a number gets a quick fix to the string).',
      },
    },
    {
      id: 'G3',
      title: 'Geofence trigger',
      severity: 'E',
      summary: '`triggered_at` is `ENTRY`, `EXIT` (upper case) or `dwell` (lower case); wrong case gets a fix.',
      messages: {
        wrongTrigger:
          '`{value}` is not allowed for `triggered_at`: use `ENTRY` or `EXIT` (upper case) or `dwell` (lower case); the case matters.',
      },
      docs: {
        doc: push({
          campaign_delivery_type: 'LOCATION_TRIGGERED',
          basic_details: {
            name: 'Store welcome',
            platforms: ['ANDROID'],
            geofences: [{ ...geofence, triggered_at: 'DWELL', dwell_time_value: '10', dwell_time_granularity: 'MINUTES' }],
          },
        }),
        fix: 'Write `ENTRY` and `EXIT` in upper case and `dwell` in lower case (quick fix).',
      },
    },
    {
      id: 'G4',
      title: 'Dwell time',
      severity: 'E',
      summary: '`dwell` requires `dwell_time_value` and `dwell_time_granularity` (`MINUTES`, `HOURS`, `DAYS`).',
      messages: {
        missingDwell:
          '`{missing}` is required when `triggered_at` is `dwell`: say how long the user must stay inside (`dwell_time_value` and `dwell_time_granularity`).',
      },
      docs: {
        doc: push({
          campaign_delivery_type: 'LOCATION_TRIGGERED',
          basic_details: { name: 'Store welcome', platforms: ['ANDROID'], geofences: [{ ...geofence, triggered_at: 'dwell' }] },
        }),
        fix: 'Add `dwell_time_value` and `dwell_time_granularity` (`MINUTES`, `HOURS`, `DAYS`).',
      },
    },
    {
      id: 'G5',
      title: 'Response time unit',
      severity: 'E',
      summary: '`response_time_granularity` is `MINUTES`, `HOURS`, `DAYS`.',
      docs: {
        doc: push({
          campaign_delivery_type: 'LOCATION_TRIGGERED',
          basic_details: {
            name: 'Store welcome',
            platforms: ['ANDROID'],
            geofences: [{ ...geofence, response_time_granularity: 'WEEKS' }],
          },
        }),
        fix: 'Use `MINUTES`, `HOURS` or `DAYS`.',
      },
    },
  ],
  checks,
};
