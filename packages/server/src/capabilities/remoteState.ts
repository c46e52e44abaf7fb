import * as l10n from '@vscode/l10n';
import { RemoteFindingsNotification, RemoteStateNotification, Severity } from '@campaign-studio/core';
import { ServerContext } from '../context';
import { Diagnostics } from './diagnostics';

/** What the extension tells about fetched campaigns: their remote state, and the service's own findings. */
export function registerRemoteState(ctx: ServerContext, diagnostics: Diagnostics): void {
  ctx.connection.onNotification(RemoteStateNotification.method, (p: RemoteStateNotification.Params) => {
    if (!Array.isArray(p?.entries)) return ctx.log.warn(l10n.t`${RemoteStateNotification.method}: no entries array, ignored`);
    for (const e of p.entries) {
      if (typeof e?.uri !== 'string') continue;
      ctx.registry.setRemoteState(e.uri, e.state && typeof e.state.status === 'string' ? e.state : undefined);
    }
    diagnostics.changed();
  });

  ctx.connection.onNotification(RemoteFindingsNotification.method, (p: RemoteFindingsNotification.Params) => {
    if (typeof p?.uri !== 'string' || !Array.isArray(p.findings))
      return ctx.log.warn(l10n.t`${RemoteFindingsNotification.method}: malformed parameters, ignored`);
    const severities: Severity[] = ['error', 'warning', 'information', 'hint'];
    const findings = p.findings.filter(
      f => typeof f?.rule === 'string' && typeof f.path === 'string' && typeof f.message === 'string' && severities.includes(f.severity),
    );
    if (findings.length < p.findings.length)
      ctx.log.warn(
        l10n.t`${RemoteFindingsNotification.method}: ${p.findings.length - findings.length} malformed finding(s) for ${p.uri} ignored`,
      );
    ctx.registry.setRemoteFindings(p.uri, findings);
    diagnostics.changed();
  });
}
