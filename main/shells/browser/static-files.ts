// The renderer's built files (out/renderer) with the bridge script put first in the page; a plain page when not built.
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bridgePaths } from '../../../contract/ipc/bridge.ts';
import { CONTENT_TYPES } from '../../platform/web/content-types.ts';

export const DEFAULT_RENDERER_DIR = fileURLToPath(new URL('../../../out/renderer', import.meta.url));
const BRIDGE_TAG = `<script src="${bridgePaths.script}"></script>`;

export interface StaticFile {
  body: Buffer | string;
  type: string;
}

/** The page shown until `vite build` has written the renderer: says what is missing and how to build it, no fake UI. */
export function notBuiltPage(rendererDir: string): string {
  return `<!doctype html>
<html lang="en">
<head>
${BRIDGE_TAG}
<meta charset="utf-8">
<link rel="icon" href="data:,">
<title>Fulfillment Station: screens not built</title>
</head>
<body>
<h1>Fulfillment Station</h1>
<p>The station is running, but its screens are not built yet: there is no <code>${escapeHtml(rendererDir)}</code>.</p>
<p>The screens come with the renderer (<code>renderer/</code>); once it is there, build them with <code>npx vite build</code> in the project folder and reload this page. Everything behind them (sign-in, the service, events, the task queue) is already running.</p>
</body>
</html>
`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The bridge goes first in <head>: a classic script runs before the app's module scripts, so window.station exists. */
export function injectBridge(html: string): string {
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (!head) return `${BRIDGE_TAG}\n${html}`;
  const at = head.index + head[0].length;
  return `${html.slice(0, at)}\n${BRIDGE_TAG}${html.slice(at)}`;
}

async function isFile(path: string): Promise<boolean> {
  return stat(path).then(
    (info) => info.isFile(),
    () => false,
  );
}

async function page(rendererDir: string): Promise<StaticFile> {
  const index = join(rendererDir, 'index.html');
  if (!(await isFile(index))) return { body: notBuiltPage(rendererDir), type: CONTENT_TYPES['.html'] as string };
  return { body: injectBridge(await readFile(index, 'utf8')), type: CONTENT_TYPES['.html'] as string };
}

/**
 * The file for a URL path, or null. Paths that would leave the folder, hidden files and unknown types are not served;
 * a path without an extension is a screen of the app and gets the page (history routing).
 */
export async function staticFile(rendererDir: string, pathname: string): Promise<StaticFile | null> {
  let path: string;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (path.includes('\0') || path.includes('\\')) return null;
  if (path === '/' || path === '/index.html') return page(rendererDir);
  const relative = normalize(path).replace(/^\/+/, '');
  if (relative.split('/').some((part) => part.startsWith('.'))) return null;
  const ext = extname(relative).toLowerCase();
  if (ext === '') return page(rendererDir);
  const type = CONTENT_TYPES[ext];
  const file = join(rendererDir, relative);
  if (!type || !file.startsWith(rendererDir + sep) || !(await isFile(file))) return null;
  return { body: await readFile(file), type };
}
