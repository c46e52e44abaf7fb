import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lint, only } from '../helpers/lint';
import { ruleTests } from '../helpers/ruleTests';
import { at, braceOf, edited, fixture, text, Doc, fixesOf } from '../helpers/campaigns';

/**
 * Filter groups and filters (F1–F7): one shared schema wherever filter groups appear, so each
 * rule is tested in more than one place: segmentation, trigger, and an action's `attributes`.
 */

const ONE_TIME = text(fixture('push-one-time'));
const EVENT = text(fixture('push-event-triggered'));
const NO_PORTFOLIO = { settings: { features: { portfolio: false } } };
const PORTFOLIO = { settings: { features: { portfolio: true } } };

/** The one-time fixture with its first included filter (a user attribute) edited. */
function userAttr(change: (f: Doc) => void): string {
  return edited('push-one-time', d => change(d.segmentation_details.included_filters.filters[0]));
}
/** The one-time fixture with its second included filter (an action) edited. */
function action(change: (f: Doc) => void): string {
  return edited('push-one-time', d => change(d.segmentation_details.included_filters.filters[1]));
}

// F1: filter groups.
const UPPER_AND = edited('push-one-time', d => {
  d.segmentation_details.included_filters.filter_operator = 'AND';
});
const NO_FILTERS = edited('push-one-time', d => {
  delete d.segmentation_details.excluded_filters.filters;
});
const NESTED_OR = action(f => {
  f.attributes.filter_operator = 'OR';
});
ruleTests('F1', {
  breaks: [
    {
      name: '`AND` in segmentation',
      document: UPPER_AND,
      expect: [
        {
          severity: 'error',
          path: '/segmentation_details/included_filters/filter_operator',
          range: at(UPPER_AND, '"AND"'),
          message: /the case matters, use `and`/,
        },
      ],
    },
    {
      name: "`OR` inside an action's attributes",
      document: NESTED_OR,
      expect: [
        {
          severity: 'error',
          path: '/segmentation_details/included_filters/filters/1/attributes/filter_operator',
          range: at(NESTED_OR, '"OR"'),
        },
      ],
    },
    {
      name: 'a group without `filters`',
      document: NO_FILTERS,
      ...NO_PORTFOLIO,
      expect: [
        {
          severity: 'error',
          path: '/segmentation_details/excluded_filters/filters',
          range: at(NO_FILTERS, '"excluded_filters"'),
          message: /`filters` is required in a filter group/,
        },
      ],
    },
    {
      name: 'a group without an operator, in a trigger',
      document: edited('push-event-triggered', d => {
        delete d.trigger_condition.secondary_included_filters.filter_operator;
      }),
      expect: [{ severity: 'error', path: '/trigger_condition/secondary_included_filters/filter_operator' }],
    },
    {
      name: '`filters` that is an object',
      document: edited('push-one-time', d => {
        d.segmentation_details.excluded_filters.filters = d.segmentation_details.excluded_filters.filters[0];
      }),
      expect: [{ severity: 'error', path: '/segmentation_details/excluded_filters/filters', message: /must be an array/ }],
    },
    {
      name: 'an unknown operator',
      document: edited('push-one-time', d => {
        d.segmentation_details.included_filters.filter_operator = 'xor';
      }),
      expect: [
        {
          severity: 'error',
          path: '/segmentation_details/included_filters/filter_operator',
          message: /did you mean `or`\? Use one of `and`, `or`/,
        },
      ],
    },
  ],
  satisfies: [
    { name: 'and / or groups, nested too', document: ONE_TIME },
    { name: 'trigger groups', document: EVENT },
    {
      name: 'an empty group',
      document: edited('push-one-time', d => {
        d.segmentation_details.excluded_filters.filters = [];
      }),
    },
  ],
});

test('F1: `AND` gets the preferred fix to `and`, nested groups too', () => {
  assert.deepEqual(only(lint(UPPER_AND), 'F1')[0].fixes, [
    {
      title: 'Change to `and`',
      edits: [{ kind: 'replaceValue', path: '/segmentation_details/included_filters/filter_operator', value: 'and' }],
      isPreferred: true,
    },
  ]);
  assert.deepEqual(fixesOf(only(lint(NESTED_OR), 'F1')[0])[0].edits, [
    { kind: 'replaceValue', path: '/segmentation_details/included_filters/filters/1/attributes/filter_operator', value: 'or' },
  ]);
});

// F2: filter types, with one targeted diagnostic.
const SEGMENT_TYPE = edited('push-one-time', d => {
  d.segmentation_details.excluded_filters.filters[0].filter_type = 'segment';
});
const NO_TYPE = userAttr(f => {
  delete f.filter_type;
});
ruleTests('F2', {
  breaks: [
    {
      name: 'an unknown filter type',
      document: SEGMENT_TYPE,
      expect: [
        {
          severity: 'error',
          path: '/segmentation_details/excluded_filters/filters/0/filter_type',
          range: at(SEGMENT_TYPE, '"segment"'),
          message: /`segment` is not allowed for `filter_type`/,
        },
      ],
    },
    {
      name: 'a filter without a type',
      document: NO_TYPE,
      expect: [
        {
          severity: 'error',
          path: '/segmentation_details/included_filters/filters/0/filter_type',
          range: braceOf(NO_TYPE, '"name": "city"'),
          message: /`filter_type` is required in every filter/,
        },
      ],
    },
    {
      name: 'a type in the wrong case',
      document: action(f => {
        f.filter_type = 'Actions';
      }),
      expect: [
        {
          severity: 'error',
          path: '/segmentation_details/included_filters/filters/1/filter_type',
          message: /the case matters, use `actions`/,
        },
      ],
    },
    {
      name: 'a filter that is a string',
      document: edited('push-event-triggered', d => {
        d.trigger_condition.included_filters.filters.push('Purchased');
      }),
      expect: [{ severity: 'error', path: '/trigger_condition/included_filters/filters/1', message: /A filter is an object/ }],
    },
  ],
  satisfies: [{ name: 'all three types', document: ONE_TIME }],
});

test('F2: a wrong filter type gives exactly one diagnostic, never "matches multiple schemas"', () => {
  const got = lint(SEGMENT_TYPE, NO_PORTFOLIO);
  assert.deepEqual(
    got.map(g => `${g.rule}@${g.path}`),
    ['F2@/segmentation_details/excluded_filters/filters/0/filter_type'],
  );
  const upper = lint(
    action(f => {
      f.filter_type = 'ACTIONS';
      f.execution.type = 'ATLEAST';
    }),
    NO_PORTFOLIO,
  );
  assert.deepEqual(
    upper.map(g => g.rule),
    ['F2'],
    'until the type is right, the fields it selects are not judged',
  );
  assert.deepEqual(fixesOf(only(upper, 'F2')[0])[0].edits, [
    { kind: 'replaceValue', path: '/segmentation_details/included_filters/filters/1/filter_type', value: 'actions' },
  ]);
});

// F3: user attributes: data type, strings, operator per data type.
const UPPER_TYPE = userAttr(f => {
  f.data_type = 'STRING';
});
const BAD_OPERATOR = userAttr(f => {
  f.operator = 'greaterThan';
});
ruleTests('F3', {
  breaks: [
    {
      name: 'a data type in upper case',
      document: UPPER_TYPE,
      expect: [
        {
          severity: 'error',
          path: '/segmentation_details/included_filters/filters/0/data_type',
          range: at(UPPER_TYPE, '"STRING"'),
          message: /use `string`/,
        },
      ],
    },
    {
      name: 'an operator a string attribute does not take',
      document: BAD_OPERATOR,
      expect: [
        {
          severity: 'error',
          path: '/segmentation_details/included_filters/filters/0/operator',
          range: at(BAD_OPERATOR, '"greaterThan"'),
          message: /not an operator for a `string` attribute/,
        },
      ],
    },
    {
      name: 'a bool attribute with `contains`',
      document: userAttr(f => {
        f.data_type = 'bool';
        f.operator = 'contains';
        f.value = true;
      }),
      expect: [{ severity: 'error', path: '/segmentation_details/included_filters/filters/0/operator', message: /use `is` or `exists`/ }],
    },
    {
      name: 'a datetime attribute with `in`',
      document: edited('email-promotional', d => {
        d.segmentation_details.included_filters.filters[0].operator = 'in';
      }),
      expect: [{ severity: 'error', path: '/segmentation_details/included_filters/filters/0/operator', message: /`datetime`/ }],
    },
    {
      name: 'a double attribute with `is`, inside attributes',
      document: edited('push-event-triggered', d => {
        d.trigger_condition.included_filters.filters[0].attributes.filters[0].operator = 'is';
      }),
      expect: [{ severity: 'error', path: '/trigger_condition/included_filters/filters/0/attributes/filters/0/operator' }],
    },
    {
      name: 'a number as the attribute name',
      document: userAttr(f => {
        f.name = 42;
      }),
      expect: [{ severity: 'error', path: '/segmentation_details/included_filters/filters/0/name' }],
    },
    {
      name: 'no category',
      document: userAttr(f => {
        delete f.category;
      }),
      expect: [
        {
          severity: 'error',
          path: '/segmentation_details/included_filters/filters/0/category',
          message: /`category` is required in a user-attribute filter/,
        },
      ],
    },
    {
      name: 'an operator in the wrong case',
      document: userAttr(f => {
        f.operator = 'Contains';
      }),
      expect: [{ severity: 'error', path: '/segmentation_details/included_filters/filters/0/operator' }],
    },
  ],
  satisfies: [
    { name: 'string, double, datetime and bool filters', document: text(fixture('email-promotional')) },
    {
      name: 'every operator of its data type',
      document: userAttr(f => {
        f.data_type = 'datetime';
        f.operator = 'today';
        f.value = '';
      }),
    },
    {
      name: 'a double between two values',
      document: userAttr(f => {
        f.data_type = 'double';
        f.operator = 'between';
        f.value = [1, 5];
      }),
    },
  ],
});

test('F3: operators in the wrong case get the case fix', () => {
  const [d] = only(
    lint(
      userAttr(f => {
        f.operator = 'lessthan';
        f.data_type = 'double';
        f.value = 3;
      }),
    ),
    'F3',
  );
  assert.deepEqual(fixesOf(d)[0].edits, [
    { kind: 'replaceValue', path: '/segmentation_details/included_filters/filters/0/operator', value: 'lessThan' },
  ]);
});

// F4: value, case_sensitive, negate.
const NO_VALUE = userAttr(f => {
  delete f.value;
});
const NEGATE_STRING = userAttr(f => {
  f.negate = 'true';
});
ruleTests('F4', {
  breaks: [
    {
      name: 'no value for `in`',
      document: NO_VALUE,
      expect: [
        {
          severity: 'error',
          path: '/segmentation_details/included_filters/filters/0/value',
          range: braceOf(NO_VALUE, '"name": "city"'),
          message: /`value` is required in a user-attribute filter unless `operator` is `exists`/,
        },
      ],
    },
    {
      name: 'negate as a string',
      document: NEGATE_STRING,
      expect: [
        {
          severity: 'error',
          path: '/segmentation_details/included_filters/filters/0/negate',
          range: at(NEGATE_STRING, '"true"'),
          message: /`true` or `false`/,
        },
      ],
    },
    {
      name: 'case_sensitive as a number',
      document: userAttr(f => {
        f.case_sensitive = 0;
      }),
      expect: [{ severity: 'error', path: '/segmentation_details/included_filters/filters/0/case_sensitive' }],
    },
    {
      name: 'no value in a trigger attribute filter',
      document: edited('push-location-triggered', d => {
        delete d.trigger_condition.included_filters.filters[0].value;
      }),
      expect: [{ severity: 'error', path: '/trigger_condition/included_filters/filters/0/value' }],
    },
  ],
  satisfies: [
    { name: 'values given', document: ONE_TIME },
    { name: '`exists` needs no value', document: text(fixture('email-promotional')) },
  ],
});

test('F4: "true" as a string gets the fix to the boolean', () => {
  const [d] = only(lint(NEGATE_STRING), 'F4');
  assert.deepEqual(d.fixes, [
    {
      title: 'Change to true',
      edits: [{ kind: 'replaceValue', path: '/segmentation_details/included_filters/filters/0/negate', value: true }],
      isPreferred: true,
    },
  ]);
});

// F5: project_name with the portfolio feature.
const WITH_PROJECT = edited('push-one-time', d => {
  d.segmentation_details.included_filters.filters[0].project_name = 'Shop DE';
  d.segmentation_details.included_filters.filters[1].attributes.filters[0].project_name = 'Shop DE';
});
ruleTests('F5', {
  breaks: [
    {
      name: 'portfolio on, no project names',
      document: ONE_TIME,
      ...PORTFOLIO,
      expect: [
        {
          severity: 'error',
          path: '/segmentation_details/included_filters/filters/0/project_name',
          range: braceOf(ONE_TIME, '"name": "city"'),
          message: /this workspace has the portfolio feature/,
        },
        { severity: 'error', path: '/segmentation_details/included_filters/filters/1/attributes/filters/0/project_name' },
      ],
    },
    {
      name: 'portfolio unknown: one note for the file',
      document: ONE_TIME,
      expect: [
        {
          severity: 'information',
          path: '/segmentation_details/included_filters/filters/0/project_name',
          message: /not configured \(1 more filter in this file also lack/,
        },
      ],
    },
    {
      name: 'a project name that is not a string',
      document: userAttr(f => {
        f.project_name = 3;
      }),
      ...NO_PORTFOLIO,
      expect: [{ severity: 'error', path: '/segmentation_details/included_filters/filters/0/project_name' }],
    },
  ],
  satisfies: [
    { name: 'portfolio on, project names given', document: WITH_PROJECT, ...PORTFOLIO },
    { name: 'portfolio off', document: ONE_TIME, ...NO_PORTFOLIO },
    {
      name: 'portfolio on, no user-attribute filters',
      document: edited('push-event-triggered', d => {
        delete d.trigger_condition.included_filters.filters[0].attributes;
      }),
      ...PORTFOLIO,
    },
  ],
});

// F6: action filters.
const EXECUTION_TYPE = action(f => {
  f.execution.type = 'more_than';
});
ruleTests('F6', {
  breaks: [
    {
      name: 'an unknown execution type',
      document: EXECUTION_TYPE,
      expect: [
        {
          severity: 'error',
          path: '/segmentation_details/included_filters/filters/1/execution/type',
          range: at(EXECUTION_TYPE, '"more_than"'),
          message: /use one of `atleast`, `atmost`, `exactly`/,
        },
      ],
    },
    {
      name: 'a negative count',
      document: action(f => {
        f.execution.count = -1;
      }),
      expect: [{ severity: 'error', path: '/segmentation_details/included_filters/filters/1/execution/count', message: /at least 0/ }],
    },
    {
      name: 'a fractional count',
      document: action(f => {
        f.execution.count = 1.5;
      }),
      expect: [{ severity: 'error', path: '/segmentation_details/included_filters/filters/1/execution/count', message: /whole number/ }],
    },
    {
      name: 'no action name',
      document: action(f => {
        delete f.action_name;
      }),
      expect: [
        {
          severity: 'error',
          path: '/segmentation_details/included_filters/filters/1/action_name',
          message: /name the event in `action_name`/,
        },
      ],
    },
    {
      name: 'executed as a string',
      document: action(f => {
        f.executed = 'yes';
      }),
      expect: [{ severity: 'error', path: '/segmentation_details/included_filters/filters/1/executed' }],
    },
    {
      name: 'attributes as an array',
      document: action(f => {
        f.attributes = f.attributes.filters;
      }),
      expect: [{ severity: 'error', path: '/segmentation_details/included_filters/filters/1/attributes', message: /must be an object/ }],
    },
    {
      name: 'a condition that is a number',
      document: action(f => {
        f.condition = 1;
      }),
      expect: [{ severity: 'error', path: '/segmentation_details/included_filters/filters/1/condition' }],
    },
  ],
  satisfies: [
    { name: 'a full action filter', document: ONE_TIME },
    {
      name: 'an action with a condition label and no attributes',
      document: action(f => {
        delete f.attributes;
        f.condition = 'viewed twice';
        f.execution = { type: 'exactly', count: 0 };
      }),
    },
  ],
});

// F7: custom segments.
const NO_SEGMENT_ID = edited('push-one-time', d => {
  delete d.segmentation_details.excluded_filters.filters[0].id;
});
ruleTests('F7', {
  breaks: [
    {
      name: 'a segment without its id',
      document: NO_SEGMENT_ID,
      expect: [
        {
          severity: 'error',
          path: '/segmentation_details/excluded_filters/filters/0/id',
          range: braceOf(NO_SEGMENT_ID, '"name": "Employees"'),
          message: /needs both the segment's `name` and its `id`/,
        },
      ],
    },
    {
      name: 'a numeric id',
      document: edited('push-one-time', d => {
        d.segmentation_details.excluded_filters.filters[0].id = 1234;
      }),
      expect: [{ severity: 'error', path: '/segmentation_details/excluded_filters/filters/0/id' }],
    },
    {
      name: 'a segment without its name, in a trigger',
      document: edited('push-event-triggered', d => {
        d.trigger_condition.secondary_included_filters.filters.push({ filter_type: 'custom_segments', id: '64b7f0c2a1e4d2b3c4d5e6f7' });
      }),
      expect: [{ severity: 'error', path: '/trigger_condition/secondary_included_filters/filters/1/name' }],
    },
  ],
  satisfies: [{ name: 'name and id', document: ONE_TIME }],
});

test('F7: a segment id given as a number gets the fix to a string', () => {
  const [d] = only(
    lint(
      edited('push-one-time', dd => {
        dd.segmentation_details.excluded_filters.filters[0].id = 1234;
      }),
    ),
    'F7',
  );
  assert.deepEqual(fixesOf(d)[0].edits, [
    { kind: 'replaceValue', path: '/segmentation_details/excluded_filters/filters/0/id', value: '1234' },
  ]);
});
