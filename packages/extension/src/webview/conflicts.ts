import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-checkbox/index.js';
import '@vscode-elements/elements/dist/vscode-radio/index.js';
import '@vscode-elements/elements/dist/vscode-radio-group/index.js';
import '@vscode-elements/elements/dist/vscode-textarea/index.js';
import type { ChoiceKind, ConflictRow, ConflictViewState, ConflictViewTexts, StateMessage, ViewMessage } from '../push/conflictMessages';

/**
 * The "Resolve conflicts" webview: draws the state the controller posts (one card per
 * conflicting field, base | yours | theirs side by side, the choice, the edit) and posts what
 * the person does. It decides nothing: validation, "all decided" and the result live in the
 * controller's session (`src/push/conflictSession.ts`). Its words are the extension's, localized
 * there: the fixed ones in the page (`data-texts`), the others in the state. Built into
 * dist/webview/conflicts.js.
 */

declare function acquireVsCodeApi(): { postMessage(message: ViewMessage): void };

const host = acquireVsCodeApi();
const post = (message: ViewMessage) => host.postMessage(message);

type Side = 'base' | 'local' | 'remote';

interface Card {
  sides: Record<Side, { box: HTMLElement; pre: HTMLElement }>;
  radios: Record<ChoiceKind, HTMLElementTagNameMap['vscode-radio']>;
  edit: HTMLElement;
  text: HTMLElementTagNameMap['vscode-textarea'];
  remove: HTMLElementTagNameMap['vscode-checkbox'];
  error: HTMLElement;
}

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

function button(label: string, message: ViewMessage, secondary = true): HTMLElementTagNameMap['vscode-button'] {
  const b = element('vscode-button', secondary ? { secondary: '' } : {}, label);
  b.addEventListener('click', () => post(message));
  return b;
}

const SIDES: readonly Side[] = ['base', 'local', 'remote'];

function sideBox(side: Side, title: string, whoText: string): { box: HTMLElement; pre: HTMLElement } {
  const pre = element('pre');
  const box = element('div', { class: `side ${side}` }, element('h3', {}, title), element('p', { class: 'who' }, whoText), pre);
  return { box, pre };
}

function card(row: ConflictRow, state: ConflictViewState, texts: ConflictViewTexts): { section: HTMLElement; card: Card } {
  const who: Record<Side, string> = { ...texts.who, remote: state.theirsBy };
  const sides = Object.fromEntries(SIDES.map(s => [s, sideBox(s, texts.sides[s], who[s])])) as Card['sides'];
  const radio = (choice: ChoiceKind) => element('vscode-radio', { name: `choice-${row.path}`, value: choice }, texts.choices[choice]);
  const radios: Card['radios'] = { local: radio('local'), remote: radio('remote'), edit: radio('edit') };
  const group = element('vscode-radio-group', { 'aria-label': row.keepFor }, radios.local, radios.remote, radios.edit);
  group.addEventListener('change', e => {
    const target = e.target as HTMLElementTagNameMap['vscode-radio'];
    if (target.checked) post({ type: 'choose', id: row.id, choice: target.value as ChoiceKind });
  });
  const text = element('vscode-textarea', { monospace: '', rows: '4', resize: 'vertical', label: row.valueLabel });
  text.addEventListener('input', () => post({ type: 'edit', id: row.id, text: text.value }));
  const remove = element('vscode-checkbox', {}, texts.removeField);
  remove.addEventListener('change', () => post({ type: 'remove', id: row.id, remove: remove.checked }));
  const error = element('p', { class: 'error', role: 'alert' });
  const edit = element('div', { class: 'edit' }, text, remove, error);
  const diffs = element(
    'div',
    { class: 'diffs' },
    button(texts.compare.local, { type: 'diff', id: row.id, side: 'local' }),
    button(texts.compare.remote, { type: 'diff', id: row.id, side: 'remote' }),
  );
  const section = element(
    'section',
    { class: 'conflict', 'data-path': row.path },
    element('h2', {}, row.path),
    element('div', { class: 'sides' }, ...SIDES.map(s => sides[s].box)),
    element('div', { class: 'choose' }, element('span', { class: 'label' }, texts.keep), group, diffs),
    edit,
  );
  return { section, card: { sides, radios, edit, text, remove, error } };
}

function update(c: Card, row: ConflictRow): void {
  for (const s of SIDES) {
    c.sides[s].pre.textContent = row[s];
    c.sides[s].box.classList.toggle('chosen', row.choice === s);
  }
  for (const [kind, r] of Object.entries(c.radios) as Array<[ChoiceKind, HTMLElementTagNameMap['vscode-radio']]>)
    r.checked = row.choice === kind;
  c.edit.hidden = row.choice !== 'edit';
  // What the person is typing stays as typed; the controller's copy is the same text.
  if (c.text.value !== row.editText && !c.text.matches(':focus-within')) c.text.value = row.editText;
  c.text.disabled = row.remove;
  c.remove.checked = row.remove;
  c.error.textContent = row.error ?? '';
}

/** The page, built at the first state and updated in place after (so focus and typing survive). */
class Page {
  private readonly cards = new Map<string, Card>();
  private readonly intro = element('p', { class: 'intro' });
  private readonly status = element('span', { class: 'status' });
  private readonly proceed: HTMLElementTagNameMap['vscode-button'];

  constructor(
    private readonly root: HTMLElement,
    state: ConflictViewState,
    texts: ConflictViewTexts,
  ) {
    this.proceed = button(texts.continue, { type: 'continue' }, false);
    const list = element('div', { class: 'conflicts' });
    for (const row of state.rows) {
      const made = card(row, state, texts);
      this.cards.set(row.id, made.card);
      list.append(made.section);
    }
    const footer = element(
      'footer',
      {},
      this.status,
      button(texts.preview, { type: 'preview' }),
      this.proceed,
      button(texts.cancel, { type: 'cancel' }),
    );
    root.replaceChildren(element('h1', {}, texts.heading), this.intro, list, footer);
  }

  render(state: ConflictViewState): void {
    this.intro.textContent = state.intro;
    for (const row of state.rows) {
      const c = this.cards.get(row.id);
      if (c) update(c, row);
    }
    this.status.textContent = state.progress;
    this.proceed.disabled = !state.ready;
  }
}

/** Draws each state the controller posts; asks for the first one once listening. */
function start(root: HTMLElement): void {
  const texts = JSON.parse(root.dataset.texts!) as ConflictViewTexts;
  let page: Page | undefined;
  window.addEventListener('message', (e: MessageEvent<StateMessage>) => {
    if (e.data?.type !== 'state') return;
    page ??= new Page(root, e.data.state, texts);
    page.render(e.data.state);
  });
  post({ type: 'ready' });
}

start(document.getElementById('app')!);
