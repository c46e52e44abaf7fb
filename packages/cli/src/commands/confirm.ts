import * as l10n from '@vscode/l10n';
import { CliError, CliIO } from '../io';
import { Service } from '../service/session';
import { PlanEntry } from '../plan/format';

/** How a write command asks: `--yes`, the name given with `--env`, and its verb (`push`, `promote`). */
export interface Asking {
  yes: boolean;
  envFlag?: string;
  verb: 'push' | 'promote';
}

/**
 * The person's yes: `--yes`, or an answer on the terminal. Production environments need their
 * name: `--yes --env NAME`, or typed.
 */
export async function confirmed(todo: PlanEntry[], how: Asking, service: Service, io: CliIO): Promise<void> {
  const names = [...new Set(todo.map(e => e.environment ?? ''))];
  const production = names.filter(n => service.environments().environments.some(e => e.name === n && e.production));
  const ing = how.verb === 'push' ? 'pushing' : 'promoting';
  if (how.yes) {
    const unnamed = production.find(p => how.envFlag?.toLowerCase() !== p.toLowerCase());
    if (unnamed)
      throw new CliError(
        l10n.t`nothing was sent: ${unnamed} is a production environment; ${ing} to it without a question needs --yes --env ${unnamed} spelled out.`,
      );
    return;
  }
  if (!io.ask)
    throw new CliError(
      l10n.t`nothing was sent: there is no terminal to ask for confirmation. Add --yes to ${how.verb} without asking (for a production environment, --yes --env NAME).`,
    );
  const verb = how.verb === 'push' ? 'Push' : 'Promote';
  const what = how.verb === 'push' ? `change${todo.length === 1 ? '' : 's'}` : `campaign${todo.length === 1 ? '' : 's'}`;
  const answer = await io.ask(`${verb} ${todo.length} ${what} to ${names.join(', ')}? [y/N] `);
  if (!/^y(es)?$/i.test(answer.trim())) throw new CliError(l10n.t('nothing was sent.'));
  for (const p of production) {
    const typed = await io.ask(`${p} is a production environment. Type its name to ${how.verb} there: `);
    if (typed.trim() !== p) throw new CliError(l10n.t`nothing was sent: "${typed.trim()}" is not ${p}.`);
  }
}
