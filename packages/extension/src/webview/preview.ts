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
const SVG = 'http://www.w3.org/2000/svg';

function element<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, ...children: Array<Node | string>): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  e.append(...children);
  return e;
}

function svg(tag: string, attrs: Record<string, string | number>, ...children: Array<Node | string>): SVGElement {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  e.append(...children);
  return e;
}

/** A heading and its content, labelled by the heading for screen readers. */
function section(id: string, heading: string, ...content: Node[]): HTMLElement {
  return element('section', { 'aria-labelledby': id }, element('h2', { id }, heading), ...content);
}

/** Text in which `name` is code, as core's sentences write field names and values. */
function inline(text: string): Array<Node | string> {
  return text.split('`').map((part, i) => i % 2 === 1 ? element('code', {}, part) : part);
}

function rows(list: PreviewRow[], texts: PreviewTexts): Node {
  if (list.length === 0) return element('p', { class: 'empty' }, texts.none);
  return element('dl', {}, ...list.flatMap(r => [
    element('dt', {}, ...inline(r.label)),
    element('dd', {}, ...inline(r.value), ...(r.items?.length ? [rows(r.items, texts)] : [])),
  ]));
}

/** Each part in words; a group's filters as a nested list, so a screen reader hears the nesting. */
function words(list: PreviewWords[], texts: PreviewTexts): Node {
  if (list.length === 0) return element('p', { class: 'empty' }, texts.none);
  return element('ul', { class: 'lines' }, ...list.map(w => wordsItem(w, texts)));
}

/** The sentence, and for a group of several filters the same as a nested list behind a disclosure. */
function wordsItem(w: PreviewWords, texts: PreviewTexts): HTMLElement {
  const nested = w.items && w.items.length > 1
    ? [element('details', {}, element('summary', {}, texts.asList), wordsList(w, texts))]
    : [];
  return element('li', {}, ...(w.label ? [element('strong', {}, `${w.label}: `)] : []), ...inline(w.text), ...nested);
}

function wordsList(w: PreviewWords, texts: PreviewTexts): HTMLElement {
  return element('ul', { 'aria-label': w.operator === 'OR' ? texts.anyOf : texts.allOf },
    ...(w.items ?? []).map(item => element('li', {}, ...inline(item.text), ...(item.items && item.items.length > 1 ? [wordsList(item, texts)] : []))));
}

/** The sends as dots on one line, first to last; the table below says the same in words. */
function chart(sends: PreviewSend[], label: string): Node {
  const first = sends[0].at;
  const span = Math.max(sends[sends.length - 1].at - first, 1);
  const x = (at: number) => sends.length === 1 ? 50 : 4 + 92 * (at - first) / span;
  return svg('svg', { class: 'chart', role: 'img', 'aria-label': label, viewBox: '0 0 100 20', preserveAspectRatio: 'none' },
    svg('title', {}, label),
    svg('line', { x1: 2, y1: 10, x2: 98, y2: 10, 'vector-effect': 'non-scaling-stroke' }),
    ...sends.map(s => svg('circle', { cx: x(s.at), cy: 10, r: 3, 'vector-effect': 'non-scaling-stroke' }, svg('title', {}, s.campaignTime))));
}

function timeline(model: PreviewModel, texts: PreviewTexts): Node[] {
  const { schedule } = model;
  const c = texts.columns;
  const table = schedule.sends.length === 0
    ? element('p', { class: 'empty' }, texts.noSends)
    : element('table', {},
      element('thead', {}, element('tr', {}, ...[c.campaignTime, c.utc, c.viewerTime, c.note].map(h => element('th', { scope: 'col' }, h)))),
      element('tbody', {}, ...schedule.sends.map(s => element('tr', {}, ...[s.campaignTime, s.utc, s.viewerTime, s.note].map(v => element('td', {}, ...inline(v)))))));
  return [
    element('p', {}, ...inline(schedule.summary)),
    ...(schedule.sends.length === 0 ? [] : [chart(schedule.sends, `${texts.chart}: ${schedule.chartLabel}`)]),
    table,
    rows(schedule.rows, texts),
  ];
}

function problems(model: PreviewModel, texts: PreviewTexts): Node {
  if (model.problems.length === 0) return element('p', { class: 'empty' }, texts.noProblems);
  return element('ul', { class: 'problems' }, ...model.problems.map(p => {
    const link = element('a', { href: '#', 'data-line': String(p.line) }, p.where);
    link.addEventListener('click', e => {
      e.preventDefault();
      post({ type: 'reveal', line: p.line, character: p.character });
    });
    return element('li', {},
      element('vscode-badge', { class: `sev-${p.severity}` }, p.severityText),
      link,
      element('span', {}, ...inline(p.message)),
      ...(p.code ? [element('span', { class: 'code' }, p.code)] : []));
  }));
}

function page(model: PreviewModel, texts: PreviewTexts): Node[] {
  const h = texts.headings;
  const header = element('header', {},
    element('h1', {}, model.header.name),
    element('ul', { class: 'facts', 'aria-label': model.fileName }, ...model.header.rows.map(r =>
      element('li', {}, element('span', {}, `${r.label}:`), element('vscode-badge', {}, r.value)))));
  return [
    header,
    ...(model.unreadable ? [element('p', { class: 'unreadable', role: 'status' }, model.unreadable)] : []),
    section('schedule', h.schedule, ...timeline(model, texts)),
    section('audience', h.audience, words(model.audience, texts)),
    section('trigger', h.trigger, words(model.trigger, texts)),
    section('limits', h.limits, rows(model.limits, texts)),
    section('control-group', h.controlGroup, rows(model.controlGroup, texts)),
    section('goals', h.goals, rows(model.goals, texts)),
    section('utm', h.utm, rows(model.utm, texts)),
    section('problems', h.problems, problems(model, texts)),
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
