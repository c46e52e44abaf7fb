import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lint, only } from '../helpers/lint';
import { ruleTests } from '../helpers/ruleTests';
import { at, edited, fixture, text } from '../helpers/campaigns';
import { assertLikeAnyOtherWord } from '../helpers/builtinWords';

const EVENT = text(fixture('push-event-triggered'));
const TRIGGER = fixture('push-event-triggered').trigger_condition;

/** An Email event-triggered campaign: the promotional fixture with the Push fixture's trigger. */
function emailTriggered(change: (tc: Record<string, unknown>) => void = () => undefined): string {
  return edited('email-promotional', d => {
    d.campaign_delivery_type = 'EVENT_TRIGGERED';
    d.trigger_condition = JSON.parse(JSON.stringify(TRIGGER));
    change(d.trigger_condition);
  });
}

// T1: which delivery types have a trigger condition.
const NO_TRIGGER = edited('push-event-triggered', d => {
  delete d.trigger_condition;
});
const STRAY_TRIGGER = edited('push-one-time', d => {
  d.trigger_condition = TRIGGER;
});
ruleTests('T1', {
  breaks: [
    {
      name: 'event-triggered without a trigger',
      document: NO_TRIGGER,
      expect: [
        {
          severity: 'error',
          path: '/trigger_condition',
          range: [0, 0, 0, 1],
          message: /`trigger_condition` is required when `campaign_delivery_type` is `EVENT_TRIGGERED`/,
        },
      ],
    },
    {
      name: 'location-triggered without a trigger',
      document: edited('push-location-triggered', d => {
        delete d.trigger_condition;
      }),
      expect: [{ severity: 'error', path: '/trigger_condition' }],
    },
    {
      name: 'device-triggered without a trigger',
      document: edited('push-one-time', d => {
        d.campaign_delivery_type = 'DEVICE_TRIGGERED';
      }),
      expect: [{ severity: 'error', path: '/trigger_condition' }],
    },
    {
      name: 'a trigger on a one-time campaign',
      document: STRAY_TRIGGER,
      expect: [
        {
          severity: 'warning',
          path: '/trigger_condition',
          range: at(STRAY_TRIGGER, '"trigger_condition"'),
          message: /does not apply to `ONE_TIME`/,
        },
      ],
    },
    {
      name: 'a trigger on a business-event campaign',
      document: edited('email-promotional', d => {
        d.campaign_delivery_type = 'BUSINESS_EVENT_TRIGGERED';
        d.basic_details.business_event = 'price_drop';
        d.trigger_condition = TRIGGER;
      }),
      expect: [{ severity: 'warning', path: '/trigger_condition', message: /not used by `BUSINESS_EVENT_TRIGGERED`/ }],
    },
  ],
  satisfies: [
    { name: 'event-triggered with its trigger', document: EVENT },
    { name: 'one-time without a trigger', document: text(fixture('push-one-time')) },
    {
      name: 'a bare create body (components come later)',
      document: { channel: 'PUSH', campaign_delivery_type: 'EVENT_TRIGGERED', created_by: 'jane.doe@example.com' },
    },
  ],
});

test('T1: a trigger that does not apply gets the fix that removes it; a missing one a skeleton', () => {
  assert.deepEqual(only(lint(STRAY_TRIGGER), 'T1')[0].fixes, [
    { title: 'Remove `trigger_condition`', edits: [{ kind: 'remove', path: '/trigger_condition' }], isPreferred: true },
  ]);
  const [missing] = only(lint(NO_TRIGGER), 'T1');
  assert.equal(missing.fixes?.length, 1);
  assert.equal((missing.fixes?.[0] as { isPreferred?: boolean }).isPreferred, undefined);
});

// T2: delay types per channel.
const INTELLIGENT_EMAIL = emailTriggered(tc => {
  tc.trigger_delay_type = 'INTELLIGENT_DELAY';
});
const SOON = edited('push-event-triggered', d => {
  d.trigger_condition.trigger_delay_type = 'SOON';
});
ruleTests('T2', {
  breaks: [
    {
      name: 'intelligent delay on Email',
      document: INTELLIGENT_EMAIL,
      expect: [
        {
          severity: 'error',
          path: '/trigger_condition/trigger_delay_type',
          range: at(INTELLIGENT_EMAIL, '"INTELLIGENT_DELAY"'),
          message: /Push only: an Email trigger takes `DELAY` or `ASAP`/,
        },
      ],
    },
    {
      name: 'an unknown delay type',
      document: SOON,
      expect: [{ severity: 'error', path: '/trigger_condition/trigger_delay_type', range: at(SOON, '"SOON"') }],
    },
    {
      name: 'lower case',
      document: edited('push-event-triggered', d => {
        d.trigger_condition.trigger_delay_type = 'asap';
      }),
      expect: [{ severity: 'error', path: '/trigger_condition/trigger_delay_type', message: /use `ASAP`/ }],
    },
  ],
  satisfies: [
    { name: 'DELAY on Push', document: EVENT },
    {
      name: 'ASAP on Email',
      document: emailTriggered(tc => {
        tc.trigger_delay_type = 'ASAP';
      }),
    },
    {
      name: 'INTELLIGENT_DELAY on Push',
      document: edited('push-event-triggered', d => {
        d.trigger_condition = {
          included_filters: TRIGGER.included_filters,
          trigger_delay_type: 'INTELLIGENT_DELAY',
          intelligent_delay_optimization: {
            min_delay_value: 30,
            min_delay_granularity: 'MINUTES',
            max_delay_value: 1,
            max_delay_granularity: 'DAYS',
          },
        };
      }),
    },
  ],
});

// T3: DELAY companions.
const NO_UNIT = edited('push-event-triggered', d => {
  delete d.trigger_condition.trigger_delay_granularity;
});
const NEGATIVE = edited('push-event-triggered', d => {
  d.trigger_condition.trigger_delay_value = -2;
});
ruleTests('T3', {
  breaks: [
    {
      name: 'DELAY without its unit',
      document: NO_UNIT,
      expect: [
        {
          severity: 'error',
          path: '/trigger_condition/trigger_delay_granularity',
          range: at(NO_UNIT, '"trigger_condition"'),
          message: /required when `trigger_delay_type` is `DELAY`/,
        },
      ],
    },
    {
      name: 'a negative delay',
      document: NEGATIVE,
      expect: [{ severity: 'error', path: '/trigger_condition/trigger_delay_value', range: at(NEGATIVE, '-2'), message: /at least 0/ }],
    },
    {
      name: 'a delay as a string',
      document: edited('push-event-triggered', d => {
        d.trigger_condition.trigger_delay_value = '2';
      }),
      expect: [{ severity: 'error', path: '/trigger_condition/trigger_delay_value', message: /whole number/ }],
    },
    {
      name: 'an unknown relation',
      document: edited('push-event-triggered', d => {
        d.trigger_condition.trigger_relation = 'DURING';
      }),
      expect: [{ severity: 'error', path: '/trigger_condition/trigger_relation' }],
    },
    {
      name: 'weeks',
      document: edited('push-event-triggered', d => {
        d.trigger_condition.trigger_delay_granularity = 'WEEKS';
      }),
      expect: [{ severity: 'error', path: '/trigger_condition/trigger_delay_granularity' }],
    },
    {
      name: 'DELAY with nothing else',
      document: edited('push-event-triggered', d => {
        d.trigger_condition = { included_filters: TRIGGER.included_filters, trigger_delay_type: 'DELAY' };
      }),
      expect: [
        { severity: 'error', path: '/trigger_condition/trigger_delay_value' },
        { severity: 'error', path: '/trigger_condition/trigger_delay_granularity' },
        { severity: 'error', path: '/trigger_condition/trigger_relation' },
      ],
    },
  ],
  satisfies: [
    { name: 'DELAY with all three', document: EVENT },
    {
      name: 'ASAP needs none',
      document: edited('push-event-triggered', d => {
        d.trigger_condition = { included_filters: TRIGGER.included_filters, trigger_delay_type: 'ASAP' };
      }),
    },
  ],
});

test('T3: a delay given as a string gets the fix to a number', () => {
  const [d] = only(
    lint(
      edited('push-event-triggered', dd => {
        dd.trigger_condition.trigger_delay_value = '2';
      }),
    ),
    'T3',
  );
  assert.deepEqual(d.fixes, [
    {
      title: 'Change to the number 2',
      edits: [{ kind: 'replaceValue', path: '/trigger_condition/trigger_delay_value', value: 2 }],
      isPreferred: true,
    },
  ]);
});

// T4: trigger_attr.
const BEFORE_STRING = edited('push-event-triggered', d => {
  d.trigger_condition.trigger_relation = 'BEFORE';
  d.trigger_condition.trigger_attr = 'Appointment Time';
});
const AFTER_OBJECT = edited('push-event-triggered', d => {
  d.trigger_condition.trigger_attr = { name: 'Added To Cart' };
});
ruleTests('T4', {
  breaks: [
    {
      name: 'BEFORE with a string',
      document: BEFORE_STRING,
      expect: [
        {
          severity: 'error',
          path: '/trigger_condition/trigger_attr',
          range: at(BEFORE_STRING, '"Appointment Time"'),
          message: /an object naming the time attribute/,
        },
      ],
    },
    {
      name: 'AFTER with an object',
      document: AFTER_OBJECT,
      expect: [{ severity: 'error', path: '/trigger_condition/trigger_attr', message: /a string unless `trigger_relation` is `BEFORE`/ }],
    },
    {
      name: 'BEFORE without trigger_attr',
      document: edited('push-event-triggered', d => {
        d.trigger_condition.trigger_relation = 'BEFORE';
        delete d.trigger_condition.trigger_attr;
      }),
      expect: [{ severity: 'error', path: '/trigger_condition/trigger_attr', message: /required when `trigger_relation` is `BEFORE`/ }],
    },
    {
      name: 'BEFORE with an object without a name',
      document: edited('push-event-triggered', d => {
        d.trigger_condition.trigger_relation = 'BEFORE';
        d.trigger_condition.trigger_attr = { attribute: 'Appointment Time' };
      }),
      expect: [{ severity: 'error', path: '/trigger_condition/trigger_attr/name' }],
    },
    {
      name: 'a number',
      document: edited('push-event-triggered', d => {
        d.trigger_condition.trigger_attr = 5;
      }),
      expect: [{ severity: 'error', path: '/trigger_condition/trigger_attr' }],
    },
  ],
  satisfies: [
    { name: 'AFTER with a string', document: EVENT },
    {
      name: 'BEFORE with an object',
      document: edited('push-event-triggered', d => {
        d.trigger_condition.trigger_relation = 'BEFORE';
        d.trigger_condition.trigger_attr = { name: 'Appointment Time' };
      }),
    },
  ],
});

test('T4: fixes: wrap the string for BEFORE, unwrap the object otherwise', () => {
  assert.deepEqual(only(lint(BEFORE_STRING), 'T4')[0].fixes, [
    {
      title: 'Change to `{ "name": "Appointment Time" }`',
      edits: [{ kind: 'replaceValue', path: '/trigger_condition/trigger_attr', value: { name: 'Appointment Time' } }],
      isPreferred: true,
    },
  ]);
  assert.deepEqual(only(lint(AFTER_OBJECT), 'T4')[0].fixes, [
    {
      title: 'Change to `"Added To Cart"`',
      edits: [{ kind: 'replaceValue', path: '/trigger_condition/trigger_attr', value: 'Added To Cart' }],
      isPreferred: true,
    },
  ]);
});

// T5: intelligent delay.
const WINDOW = { min_delay_value: 30, min_delay_granularity: 'MINUTES', max_delay_value: 1, max_delay_granularity: 'DAYS' };
function intelligent(change: (o: Record<string, unknown>) => void, withOptimization = true): string {
  return edited('push-event-triggered', d => {
    d.trigger_condition = { included_filters: TRIGGER.included_filters, trigger_delay_type: 'INTELLIGENT_DELAY' };
    if (withOptimization) d.trigger_condition.intelligent_delay_optimization = { ...WINDOW };
    change(d.trigger_condition.intelligent_delay_optimization);
  });
}
const NO_WINDOW = intelligent(() => undefined, false);
const INVERTED = intelligent(o => {
  o.min_delay_value = 5;
  o.min_delay_granularity = 'HOURS';
  o.max_delay_value = 2;
  o.max_delay_granularity = 'HOURS';
});
ruleTests('T5', {
  breaks: [
    {
      name: 'INTELLIGENT_DELAY without its window',
      document: NO_WINDOW,
      expect: [
        {
          severity: 'error',
          path: '/trigger_condition/intelligent_delay_optimization',
          range: at(NO_WINDOW, '"trigger_condition"'),
          message: /required when `trigger_delay_type` is `INTELLIGENT_DELAY`/,
        },
      ],
    },
    {
      name: 'a minimum above the maximum',
      document: INVERTED,
      expect: [
        {
          severity: 'warning',
          path: '/trigger_condition/intelligent_delay_optimization/min_delay_value',
          range: at(INVERTED, '5', 0),
          message: /longer than the maximum/,
        },
      ],
    },
    {
      name: 'a window without its maximum',
      document: intelligent(o => {
        delete o.max_delay_value;
      }),
      expect: [{ severity: 'error', path: '/trigger_condition/intelligent_delay_optimization/max_delay_value' }],
    },
    {
      name: 'DAYS as the minimum unit',
      document: intelligent(o => {
        o.min_delay_granularity = 'DAYS';
      }),
      expect: [{ severity: 'error', path: '/trigger_condition/intelligent_delay_optimization/min_delay_granularity' }],
    },
    {
      name: 'MINUTES as the maximum unit',
      document: intelligent(o => {
        o.max_delay_granularity = 'MINUTES';
      }),
      expect: [{ severity: 'error', path: '/trigger_condition/intelligent_delay_optimization/max_delay_granularity' }],
    },
    {
      name: 'a window on Email',
      document: emailTriggered(tc => {
        tc.trigger_delay_type = 'ASAP';
        tc.intelligent_delay_optimization = { ...WINDOW };
      }),
      expect: [{ severity: 'error', path: '/trigger_condition/intelligent_delay_optimization', message: /Push only/ }],
    },
  ],
  satisfies: [
    { name: 'a full window', document: intelligent(() => undefined) },
    {
      name: 'equal minimum and maximum',
      document: intelligent(o => {
        o.min_delay_value = 24;
        o.min_delay_granularity = 'HOURS';
        o.max_delay_value = 1;
        o.max_delay_granularity = 'DAYS';
      }),
    },
  ],
});

// T6: the filter groups of a trigger.
const GROUP_ARRAY = edited('push-event-triggered', d => {
  d.trigger_condition.included_filters = d.trigger_condition.included_filters.filters;
});
ruleTests('T6', {
  breaks: [
    {
      name: 'included_filters as a bare array of filters',
      document: GROUP_ARRAY,
      expect: [
        {
          severity: 'error',
          path: '/trigger_condition/included_filters',
          range: at(GROUP_ARRAY, '"included_filters"'),
          message: /must be an object/,
        },
      ],
    },
    {
      name: 'secondary_included_filters as a string',
      document: edited('push-event-triggered', d => {
        d.trigger_condition.secondary_included_filters = 'Purchased';
      }),
      expect: [{ severity: 'error', path: '/trigger_condition/secondary_included_filters' }],
    },
    {
      name: 'trigger_condition that is not an object',
      document: edited('push-event-triggered', d => {
        d.trigger_condition = 'Added To Cart';
      }),
      expect: [{ severity: 'error', path: '/trigger_condition' }],
    },
  ],
  satisfies: [
    { name: 'two filter groups', document: EVENT },
    { name: 'a location trigger', document: text(fixture('push-location-triggered')) },
  ],
});

test('T6: a mistake inside a trigger filter group is reported by the filter rule', () => {
  const got = lint(
    edited('push-event-triggered', d => {
      d.trigger_condition.included_filters.filter_operator = 'AND';
    }),
  );
  assert.deepEqual(
    got.filter(g => g.severity === 'error').map(g => `${g.rule}@${g.path}`),
    ['F1@/trigger_condition/included_filters/filter_operator'],
  );
});

test('T1: a delivery type that names a built-in property (constructor, __proto__, …) is an unknown type, with no T1 sentence for it', () => {
  assertLikeAnyOtherWord(word =>
    edited('push-event-triggered', d => {
      d.campaign_delivery_type = word;
    }),
  );
});
