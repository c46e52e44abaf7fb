import { visible } from '@campaign-studio/core';
import { fails, FileReport, JsonDiagnostic, oneLine } from '../report';
import { FormatContext } from './format';

/**
 * JUnit XML, which CI servers show as test results: one test suite per file holding one test
 * case, which fails with one `<failure>` per diagnostic at or above `--fail-severity`; the
 * diagnostics below it are listed in the case's `<system-out>`.
 */

/** What XML 1.0 cannot hold besides control characters: lone surrogates, U+FFFE and U+FFFF. */
const NOT_XML = /[\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text safe in an attribute or an element: markup escaped, control characters and what XML cannot hold written as `\uXXXX`. */
function xml(s: string): string {
  return visible(s)
    .replace(NOT_XML, c => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`)
    .replace(/[&<>"']/g, c => ENTITIES[c]);
}

function line(file: string, d: JsonDiagnostic): string {
  return `${file}:${d.range.start.line + 1}:${d.range.start.character + 1} ${d.severity} ${d.rule} ${oneLine(d.message)}`;
}

function failure(file: string, d: JsonDiagnostic): string {
  return `      <failure type="${xml(d.rule)}" message="${xml(`${d.rule} ${oneLine(d.message)}`)}">${xml(line(file, d))}</failure>`;
}

function suite(r: FileReport, failSeverity: FormatContext['failSeverity']): { xml: string; failed: boolean } {
  const failing = r.diagnostics.filter(d => fails(d.severity, failSeverity));
  const others = r.diagnostics.filter(d => !fails(d.severity, failSeverity));
  const name = xml(r.file);
  const body = [
    ...failing.map(d => failure(r.file, d)),
    ...(others.length ? [`      <system-out>${xml(others.map(d => line(r.file, d)).join('\n'))}</system-out>`] : []),
  ];
  const open = `    <testcase name="${name}" classname="campaign-lint"`;
  const testcase = body.length ? [`${open}>`, ...body, '    </testcase>'] : [`${open}/>`];
  return {
    failed: failing.length > 0,
    xml: [
      `  <testsuite name="${name}" tests="1" failures="${failing.length ? 1 : 0}" errors="0" skipped="0">`,
      ...testcase,
      '  </testsuite>',
    ].join('\n'),
  };
}

export function formatJunit(reports: FileReport[], { failSeverity }: FormatContext): string {
  const suites = reports.map(r => suite(r, failSeverity));
  const failures = suites.filter(s => s.failed).length;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="campaign-lint" tests="${reports.length}" failures="${failures}" errors="0">`,
    ...suites.map(s => s.xml),
    '</testsuites>',
    '',
  ].join('\n');
}
