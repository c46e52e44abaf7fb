import { PassThrough } from 'stream';
import { createConnection } from 'vscode-languageserver/node';
import { createProtocolConnection, ShutdownRequest, StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver-protocol/node';
import type { ServerContext, ServerOptions } from '../../src/context';
import { startServer } from '../../src/server';
import { Editor, EditorOptions } from '../protocol/editor';

/**
 * The server's own code in this process, over a pair of streams, driven by a scripted editor: for
 * tests that provoke failures inside it (`createService`) or look at its context. `stop` shuts
 * it down without the `exit` notification, which in this process would end the test run.
 */
export async function inProcess(
  options: Omit<EditorOptions, 'processId'>,
  serverOptions: ServerOptions = {},
): Promise<{ ed: Editor; ctx: ServerContext; stop: () => Promise<void> }> {
  const toServer = new PassThrough();
  const toEditor = new PassThrough();
  const server = createConnection(new StreamMessageReader(toServer), new StreamMessageWriter(toEditor));
  const ctx = startServer(server, serverOptions);
  const ed = new Editor(createProtocolConnection(new StreamMessageReader(toEditor), new StreamMessageWriter(toServer)), {
    ...options,
    processId: null,
  });
  await ed.initialize();
  const stop = async () => {
    await ed.connection.sendRequest(ShutdownRequest.type);
    ed.connection.dispose();
    server.dispose();
    toServer.destroy();
    toEditor.destroy();
  };
  return { ed, ctx, stop };
}
