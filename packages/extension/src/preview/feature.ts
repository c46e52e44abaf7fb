import { Feature, registerCommands } from '../context';
import { PreviewPanel, REVEAL_IN_EDITOR, SHOW_PREVIEW } from './panel';

/** The campaign preview: "Open Campaign Preview to the Side" and the one panel it opens. */
export function previewFeature(): Feature {
  return {
    name: 'preview',
    activate(ctx) {
      const panel = new PreviewPanel(ctx.extension.extensionUri, ctx.campaignRead.event, ctx.previewPosted);
      ctx.extension.subscriptions.push(panel);
      registerCommands(ctx, {
        [SHOW_PREVIEW]: () => (uri?: unknown) => panel.show(uri),
        [REVEAL_IN_EDITOR]: () => (arg?: unknown) => panel.revealCommand(arg),
      });
    },
  };
}
