/**
 * The page every webview of the extension starts from: a strict Content-Security-Policy (nothing
 * but the one bundled script, by nonce, and the page's own styles), the theme's colours and fonts
 * through VS Code's CSS variables (in each page's styles), and an empty main element that the
 * view's script fills, with the words the page carries (`data-texts`).
 */

export interface PageParts {
  /** `webview.cspSource`: where the webview may load from (dist/webview only, by localResourceRoots). */
  cspSource: string;
  /** Fresh for every page. */
  nonce: string;
  /** `webview.asWebviewUri(dist/webview/<view>.js)`. */
  scriptUri: string;
}

export function contentSecurityPolicy(p: Pick<PageParts, 'cspSource' | 'nonce'>): string {
  return ["default-src 'none'", `script-src 'nonce-${p.nonce}'`, `style-src ${p.cspSource} 'nonce-${p.nonce}'`].join('; ');
}

/** Text safe in an element or a double-quoted attribute. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, c => `&#${c.charCodeAt(0)};`);
}

export interface PageContent {
  title: string;
  styles: string;
  /** The view's fixed words, for its script. */
  texts: unknown;
  /** Shown until the script draws the first state. */
  loading: string;
}

export function webviewPage(p: PageParts, c: PageContent): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy(p)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>${escapeHtml(c.title)}</title>
<style nonce="${p.nonce}">${c.styles}</style>
</head>
<body>
<main id="app" data-texts="${escapeHtml(JSON.stringify(c.texts))}"><p>${escapeHtml(c.loading)}</p></main>
<script nonce="${p.nonce}" src="${p.scriptUri}"></script>
</body>
</html>
`;
}
