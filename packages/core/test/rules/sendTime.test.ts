import { ruleTests } from '../helpers/ruleTests';

/** N1–N3 at a fixed instant: the rules that depend on the time take it from the context. */

const NOW = Date.parse('2026-03-20T12:00:00Z');
const SD = '/scheduling_details';

function oneTime(sd: Record<string, unknown>, type = 'ONE_TIME'): object {
  return { channel: 'PUSH', campaign_delivery_type: type, scheduling_details: sd };
}

function monthly(sd: Record<string, unknown>, pd: Record<string, unknown>): object {
  return oneTime(
    {
      delivery_type: 'AT_FIXED_TIME',
      timezone: 'Europe/Berlin',
      ...sd,
      periodic_details: { sending_frequency: 'MONTHLY', repeat_frequency: 1, ...pd },
    },
    'PERIODIC',
  );
}

const userZone = (start: string, passed: boolean): object =>
  oneTime({
    delivery_type: 'SEND_IN_USER_TIMEZONE',
    start_time: start,
    user_timezone_details: { send_in_user_timezone: true, send_if_user_timezone_has_passed: passed },
  });

ruleTests('N1', {
  breaks: [
    {
      name: 'monthly on the 31st, expiring before the first 31st',
      document: monthly({ start_time: '2026-04-01T09:00:00', expiry_time: '2026-04-30T00:00:00' }, { repeat_on_date_of_month: [31] }),
      expect: [{ severity: 'warning', path: `${SD}/expiry_time`, message: /never sends: `expiry_time` comes before the first day/ }],
    },
    {
      name: 'every twelfth month on the 30th from February: never a day that occurs',
      document: monthly({ start_time: '2026-02-01T09:00:00' }, { repeat_frequency: 12, repeat_on_date_of_month: [30] }),
      expect: [{ severity: 'warning', path: `${SD}/periodic_details`, message: /no day within 10 years/ }],
    },
  ],
  satisfies: [
    {
      name: 'monthly on the 31st with a window holding a 31st',
      document: monthly({ start_time: '2026-04-01T09:00:00', expiry_time: '2026-06-01T00:00:00' }, { repeat_on_date_of_month: [31] }),
    },
    {
      name: 'a one-time campaign',
      document: oneTime({ delivery_type: 'AT_FIXED_TIME', start_time: '2099-01-01T09:00:00', timezone: 'UTC' }),
    },
    {
      name: 'an incomplete periodic schedule (H6 reports it)',
      document: oneTime({ delivery_type: 'AT_FIXED_TIME', start_time: '2099-01-01T09:00:00', timezone: 'UTC' }, 'PERIODIC'),
    },
  ],
});

ruleTests('N2', {
  breaks: [
    {
      name: 'AT_FIXED_TIME a day before now, not pushed yet',
      document: oneTime({ delivery_type: 'AT_FIXED_TIME', start_time: '2026-03-19T12:00:00', timezone: 'UTC' }),
      now: NOW,
      expect: [{ severity: 'warning', path: `${SD}/start_time`, message: /already in the past .* spec does not say/ }],
    },
    {
      name: 'read in its zone: 12:30 in Europe/Berlin is 11:30 UTC',
      document: oneTime({ delivery_type: 'AT_FIXED_TIME', start_time: '2026-03-20T12:30:00', timezone: 'Europe/Berlin' }),
      now: NOW,
      expect: [{ severity: 'warning', path: `${SD}/start_time` }],
    },
    {
      name: 'three days before now, decided without a zone lookup',
      document: oneTime({ delivery_type: 'AT_FIXED_TIME', start_time: '2026-03-17T12:00:00', timezone: 'Pacific/Kiritimati' }),
      now: NOW,
      expect: [{ severity: 'warning', path: `${SD}/start_time` }],
    },
    {
      name: 'a draft on the service',
      document: oneTime({
        delivery_type: 'SEND_IN_BTS',
        start_time: '2026-03-01T09:00:00',
        timezone: 'UTC',
        bts_details: { send_in_bts: true },
      }),
      now: NOW,
      remote: { status: 'DRAFT' },
      expect: [{ severity: 'warning', path: `${SD}/start_time` }],
    },
  ],
  satisfies: [
    {
      name: 'three days after now',
      document: oneTime({ delivery_type: 'AT_FIXED_TIME', start_time: '2026-03-23T12:00:00', timezone: 'Etc/GMT+12' }),
      now: NOW,
    },
    {
      name: 'a start in the future',
      document: oneTime({ delivery_type: 'AT_FIXED_TIME', start_time: '2026-03-20T14:00:00', timezone: 'Europe/Berlin' }),
      now: NOW,
    },
    {
      name: 'no current instant given: the rule does not run',
      document: oneTime({ delivery_type: 'AT_FIXED_TIME', start_time: '2020-01-01T09:00:00', timezone: 'UTC' }),
    },
    {
      name: 'an active campaign on the service',
      document: oneTime({ delivery_type: 'AT_FIXED_TIME', start_time: '2026-03-01T09:00:00', timezone: 'UTC' }),
      now: NOW,
      remote: { status: 'ACTIVE' },
    },
    {
      name: 'a triggered campaign, active from its start',
      document: oneTime({ delivery_type: 'ASAP', start_time: '2026-03-01T09:00:00', timezone: 'UTC' }, 'EVENT_TRIGGERED'),
      now: NOW,
    },
    { name: 'ASAP', document: oneTime({ delivery_type: 'ASAP' }), now: NOW },
  ],
});

ruleTests('N3', {
  breaks: [
    {
      name: '18:00 local has passed from UTC+14 to UTC+06:30 at 12:00 UTC',
      document: userZone('2026-03-20T18:00:00', false),
      now: NOW,
      expect: [
        {
          severity: 'warning',
          path: `${SD}/user_timezone_details/send_if_user_timezone_has_passed`,
          message: /18:00 local time has passed in UTC\+14:00 to UTC\+06:30 .* skipped\. Move `start_time` later/,
        },
      ],
    },
    {
      name: 'passed everywhere',
      document: userZone('2026-03-19T09:00:00', false),
      now: NOW,
      expect: [
        { severity: 'warning', path: `${SD}/user_timezone_details/send_if_user_timezone_has_passed`, message: /passed in every zone/ },
      ],
    },
  ],
  satisfies: [
    { name: 'not yet reached at UTC+14', document: userZone('2026-03-21T09:00:00', false), now: NOW },
    { name: 'send_if_user_timezone_has_passed true', document: userZone('2026-03-20T18:00:00', true), now: NOW },
    { name: 'no current instant given', document: userZone('2026-03-20T18:00:00', false) },
    { name: 'already live on the service', document: userZone('2026-03-20T18:00:00', false), now: NOW, remote: { status: 'SCHEDULED' } },
  ],
});
