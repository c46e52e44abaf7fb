import '@vscode-elements/elements/dist/vscode-badge/index.js';
import type { ModelMessage, PreviewModel, PreviewRow, PreviewSend, PreviewTexts, PreviewWords, ViewMessage } from '../preview/messages';

/**
 * The campaign preview webview: draws the model the panel posts (`src/preview/panel.ts`) and
 * posts "reveal" when a problem's link is followed. It computes nothing about the campaign: the
 * schedule, the sentences and the problems come in the model. Built into dist/webview/preview.js.
 */

declare function acquireVsCodeApi(): { postMessage(message: ViewMessage): void };

const host = acquireVsCodeApi();
const post = (message: ViewMessage) => host.postMessage(message);

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  ...children: Array<Node | string>
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  e.append(...children);
  return e;
}

/** A heading and its content, labelled by the heading for screen readers. */
function section(id: string, heading: string, ...content: Node[]): HTMLElement {
  return element('section', { 'aria-labelledby': id }, element('h2', { id }, heading), ...content);
}

/** Text in which `name` is code, as core's sentences write field names and values. */
function inline(text: string): Array<Node | string> {
  return text.split('`').map((part, i) => (i % 2 === 1 ? element('code', {}, part) : part));
}

function rows(list: PreviewRow[], texts: PreviewTexts): Node {
  if (list.length === 0) return element('p', { class: 'empty' }, texts.none);
  return element(
    'dl',
    {},
    ...list.flatMap(r => [
      element('dt', {}, ...inline(r.label)),
      element('dd', {}, ...inline(r.value), ...(r.items?.length ? [rows(r.items, texts)] : [])),
    ]),
  );
}

/** Each part in words; a group's filters as a nested list, so a screen reader hears the nesting. */
function words(list: PreviewWords[], texts: PreviewTexts): Node {
  if (list.length === 0) return element('p', { class: 'empty' }, texts.none);
  return element('ul', { class: 'lines' }, ...list.map(w => wordsItem(w, texts)));
}

/** The sentence, and for a group of several filters the same as a nested list behind a disclosure. */
function wordsItem(w: PreviewWords, texts: PreviewTexts): HTMLElement {
  const nested = w.items && w.items.length > 1 ? [element('details', {}, element('summary', {}, texts.asList), wordsList(w, texts))] : [];
  return element('li', {}, ...(w.label ? [element('strong', {}, `${w.label}: `)] : []), ...inline(w.text), ...nested);
}

function wordsList(w: PreviewWords, texts: PreviewTexts): HTMLElement {
  return element(
    'ul',
    { 'aria-label': w.operator === 'OR' ? texts.anyOf : texts.allOf },
    ...(w.items ?? []).map(item =>
      element('li', {}, ...inline(item.text), ...(item.items && item.items.length > 1 ? [wordsList(item, texts)] : [])),
    ),
  );
}

/**
 * The sends as dots on one line, first to last, the first and last day under it; the table below
 * says the same in words. Each dot is placed through the CSS object model, which the page's
 * Content-Security-Policy allows (a `style` attribute it would block).
 */
function chart(sends: PreviewSend[], label: string): Node[] {
  const first = sends[0].at;
  const last = sends[sends.length - 1];
  const span = Math.max(last.at - first, 1);
  const x = (at: number) => (sends.length === 1 ? 50 : 2 + (96 * (at - first)) / span);
  const dots = sends.map(s => {
    const dot = element('span', { class: 'dot', title: s.campaignTime });
    dot.style.left = `${x(s.at)}%`;
    return dot;
  });
  const ends = sends.length === 1 ? [sends[0].day] : [sends[0].day, last.day];
  return [
    element('div', { class: 'chart', role: 'img', 'aria-label': label, title: label }, ...dots),
    element(
      'div',
      { class: sends.length === 1 ? 'chart-ends single' : 'chart-ends', 'aria-hidden': 'true' },
      ...ends.map(d => element('span', {}, d)),
    ),
  ];
}

function sendsTable(sends: PreviewSend[], texts: PreviewTexts): HTMLElement {
  const c = texts.columns;
  // The note column only when a send has a note (a DST change next to it).
  const withNote = sends.some(s => s.note !== '');
  const cells = (s: PreviewSend) => (withNote ? [s.campaignTime, s.utc, s.viewerTime, s.note] : [s.campaignTime, s.utc, s.viewerTime]);
  const heads = withNote ? [c.campaignTime, c.utc, c.viewerTime, c.note] : [c.campaignTime, c.utc, c.viewerTime];
  return element(
    'table',
    {},
    element('thead', {}, element('tr', {}, ...heads.map(h => element('th', { scope: 'col' }, h)))),
    element('tbody', {}, ...sends.map(s => element('tr', {}, ...cells(s).map(v => element('td', {}, ...inline(v)))))),
  );
}

function timeline(model: PreviewModel, texts: PreviewTexts): Node[] {
  const { schedule } = model;
  return [
    element('p', {}, ...inline(schedule.summary)),
    ...(schedule.sends.length === 0
      ? [element('p', { class: 'empty' }, texts.noSends)]
      : [...chart(schedule.sends, `${texts.chart}: ${schedule.chartLabel}`), sendsTable(schedule.sends, texts)]),
    rows(schedule.rows, texts),
  ];
}

function problems(model: PreviewModel, texts: PreviewTexts): Node[] {
  if (model.problems.length === 0) return [element('p', { class: 'empty' }, texts.noProblems)];
  return [problemLinks(model), ...(model.moreProblems ? [element('p', { class: 'empty' }, model.moreProblems)] : [])];
}

function problemLinks(model: PreviewModel): Node {
  return element(
    'ul',
    { class: 'problems' },
    ...model.problems.map(p => {
      const link = element('a', { href: '#', 'data-line': String(p.line) }, p.where);
      link.addEventListener('click', e => {
        e.preventDefault();
        post({ type: 'reveal', line: p.line, character: p.character });
      });
      return element(
        'li',
        {},
        element('vscode-badge', { class: `sev-${p.severity}` }, p.severityText),
        link,
        element('span', {}, ...inline(p.message)),
        ...(p.code ? [element('span', { class: 'code' }, p.code)] : []),
      );
    }),
  );
}

function page(model: PreviewModel, texts: PreviewTexts): Node[] {
  const h = texts.headings;
  const header = element(
    'header',
    {},
    element('h1', {}, model.header.name),
    element(
      'ul',
      { class: 'facts', 'aria-label': model.fileName },
      ...model.header.rows.map(r => element('li', {}, element('span', {}, `${r.label}:`), element('vscode-badge', {}, r.value))),
    ),
  );
  const problemsSection = section('problems', h.problems, ...problems(model, texts));
  // A file not summarised shows why, and its problems: empty sections would say what it does not hold.
  if (model.unreadable)
    return [header, element('p', { class: 'unreadable', role: 'status' }, ...inline(model.unreadable)), problemsSection];
  return [
    header,
    section('schedule', h.schedule, ...timeline(model, texts)),
    section('audience', h.audience, words(model.audience, texts)),
    section('trigger', h.trigger, words(model.trigger, texts)),
    section('limits', h.limits, rows(model.limits, texts)),
    section('control-group', h.controlGroup, rows(model.controlGroup, texts)),
    section('goals', h.goals, rows(model.goals, texts)),
    section('utm', h.utm, rows(model.utm, texts)),
    problemsSection,
  ];
}

/** Draws each model the panel posts, keeping the focused link focused; asks for the first once listening. */
function start(root: HTMLElement): void {
  const texts = JSON.parse(root.dataset.texts!) as PreviewTexts;
  window.addEventListener('message', (e: MessageEvent<ModelMessage>) => {
    if (e.data?.type !== 'model') return;
    const focused = document.activeElement?.getAttribute('data-line');
    root.replaceChildren(...page(e.data.model, texts));
    if (focused) root.querySelector<HTMLElement>(`a[data-line="${CSS.escape(focused)}"]`)?.focus();
  });
  post({ type: 'ready' });
}

start(document.getElementById('app')!);
