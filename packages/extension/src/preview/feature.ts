import { COMMAND_IDS, CommandTable } from '../commandIds';
import { Feature, registerCommands } from '../context';
import { PreviewPanel } from './panel';

/** The campaign preview: "Open Campaign Preview to the Side" and the one panel it opens. */
export function previewFeature(): Feature {
  return {
    name: 'preview',
    activate(ctx) {
      const panel = new PreviewPanel(ctx.extension.extensionUri, ctx.campaignRead.event, ctx.previewPosted);
      ctx.extension.subscriptions.push(panel);
      const commands: CommandTable<'preview'> = {
        [COMMAND_IDS.showPreview]: () => (uri?: unknown) => panel.show(uri),
        // What a problem's link does: `{ line, character }` (zero-based) of the previewed file. The tests' way in.
        [COMMAND_IDS.previewReveal]: () => (arg?: unknown) => panel.revealCommand(arg),
      };
      registerCommands(ctx, commands);
    },
  };
}
