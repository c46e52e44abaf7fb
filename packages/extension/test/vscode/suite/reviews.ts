import * as vscode from 'vscode';
import type { PushResult } from '@campaign-studio/sync';
import { answering } from './dialogs';
import { within } from './helpers';

/**
 * The push review as a test meets it: its tab found as it opens, both sides read, and a push
 * answered through it the way a person does (the title bar's Push or Cancel Push).
 */

/** A push review tab: the tab, its diff's input, and the text of both sides. */
export interface Review {
  tab: vscode.Tab;
  input: vscode.TabInputTextDiff;
  left: string;
  right: string;
}

/** The open tabs of push reviews (diffs of `campaign-push` documents). */
export function reviewTabs(): vscode.Tab[] {
  return vscode.window.tabGroups.all
    .flatMap(g => g.tabs)
    .filter(t => t.input instanceof vscode.TabInputTextDiff && t.input.modified.scheme === 'campaign-push');
}

export function sameReview(tab: vscode.Tab, review: Review): boolean {
  return tab.input instanceof vscode.TabInputTextDiff && tab.input.modified.toString() === review.input.modified.toString();
}

/**
 * Waits for a push review other than `known` to open, and reads both its sides. When `push` (the
 * command's promise) ends first, fails at once with its outcome.
 */
export async function waitForReview(push?: Thenable<PushResult | undefined>, known: Review[] = []): Promise<Review> {
  const isNew = (t: vscode.Tab) => !known.some(k => sameReview(t, k));
  let sub: vscode.Disposable | undefined;
  const opened = new Promise<vscode.Tab>(resolve => {
    const check = () => {
      const t = reviewTabs().find(isNew);
      if (t) resolve(t);
    };
    sub = vscode.window.tabGroups.onDidChangeTabs(check);
    check();
  });
  const ended = push
    ? Promise.resolve(push).then(r => {
        throw new Error(`the push ended without a review: ${r?.outcome}: ${r?.message}`);
      })
    : new Promise<never>(() => undefined);
  let tab: vscode.Tab;
  try {
    tab = await within(Promise.race([opened, ended]), 15_000, 'the push review to open');
  } finally {
    sub?.dispose();
  }
  const input = tab.input as vscode.TabInputTextDiff;
  const [left, right] = await Promise.all([
    vscode.workspace.openTextDocument(input.original),
    vscode.workspace.openTextDocument(input.modified),
  ]);
  return { tab, input, left: left.getText(), right: right.getText() };
}

/**
 * Pushes `uri`, waits for its review, lets `decide` look at it and answer, and returns the push's
 * result. `uri` may be a document or its URI.
 */
export async function pushReviewed(
  target: vscode.TextDocument | vscode.Uri,
  decide: (review: Review) => Thenable<unknown>,
): Promise<PushResult | undefined> {
  const uri = target instanceof vscode.Uri ? target : target.uri;
  const push = vscode.commands.executeCommand<PushResult | undefined>('campaignStudio.push', uri);
  await decide(await waitForReview(push));
  return push;
}

/** Pushes `uri` and confirms its review with Push; any other question is dismissed. */
export async function pushConfirmed(uri: vscode.Uri): Promise<PushResult | undefined> {
  const confirm = (review: Review) => vscode.commands.executeCommand('campaignStudio.review.push', review.input.modified);
  return (
    await answering(
      () => undefined,
      () => pushReviewed(uri, confirm),
    )
  ).result;
}
