import { DocumentSymbol, SymbolInformation } from 'vscode-languageserver/node';
import { documentSymbols, flattenSymbols } from '@campaign-studio/core';
import { ServerContext } from '../context';

export function registerSymbols(ctx: ServerContext): void {
  ctx.connection.onDocumentSymbol((params, token) =>
    ctx.safe<DocumentSymbol[] | SymbolInformation[]>(
      'document symbols',
      params.textDocument.uri,
      [],
      req => {
        const symbols = documentSymbols({ parsed: req.parsed, kind: req.kind });
        return ctx.client.hierarchicalSymbols ? symbols : flattenSymbols(symbols, req.doc.uri);
      },
      token,
    ),
  );
}
