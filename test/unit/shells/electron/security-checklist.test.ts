// Electronegativity's checks (@doyensec/electronegativity 1.10.3, every atomic and global check), asserted against our
// code. The tool itself installs here but cannot run: it crashes offline fetching Electron's release list, and its
// parser reads options built by a function (stationWebPreferences) as missing, so it reports false HIGH findings.
// Each check below is the rule the tool applies, read from what the app really builds or from the source itself.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CSP_DIRECTIVES } from '../../../../main/platform/web/csp.ts';
import { isAllowedExternalUrl } from '../../../../main/platform/web/external-links.ts';
import { guardWebContents, hardenSession } from '../../../../main/shells/electron/guards.ts';
import { mainWindowOptions, stationWebPreferences } from '../../../../main/shells/electron/window.ts';
import { electron, FakeWebContents, resetElectron } from './stand-in.ts';

vi.mock('electron', async () => (await import('./stand-in.ts')).electron);

const root = resolve(import.meta.dirname, '../../../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

function codeFiles(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return codeFiles(path);
    return /\.(ts|tsx|js|cjs|mjs|html)$/.test(name) ? [path] : [];
  });
}
/** Everything that runs in the app: main (Electron glue and the station), the preload and the renderer. */
const appSources = ['main', 'preload', 'renderer'].flatMap(codeFiles).map((path) => ({ path, text: read(path) }));
const electronSources = appSources.filter((file) => /^(main[/\\]shells[/\\]electron|preload)[/\\]/.test(file.path));

/** Files whose text matches `pattern` (comments included: a commented-out escape hatch is still a finding). */
function filesMatching(pattern: RegExp, files = appSources): string[] {
  return files.filter((file) => pattern.test(file.text)).map((file) => relative(root, join(root, file.path)));
}

const production = stationWebPreferences({ preloadPath: '/app/out/preload/preload.cjs', production: true });

beforeEach(() => resetElectron());

describe('electronegativity: the window’s web preferences (what the app really builds)', () => {
  it('CONTEXT_ISOLATION_JS_CHECK, SANDBOX_JS_CHECK, NODE_INTEGRATION_JS_CHECK: isolated, sandboxed, no Node', () => {
    expect(production).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
    });
  });

  it('WEB_SECURITY_JS_CHECK, INSECURE_CONTENT_JS_CHECK, EXPERIMENTAL_FEATURES_JS_CHECK, BLINK_FEATURES_JS_CHECK', () => {
    expect(production.webSecurity).not.toBe(false);
    expect(production.allowRunningInsecureContent).not.toBe(true);
    expect(production.experimentalFeatures).not.toBe(true);
    expect(production.enableBlinkFeatures ?? '').toBe('');
  });

  it('REMOTE_MODULE_JS_CHECK, PRELOAD_JS_CHECK: no remote module, the preload is the built local file', () => {
    expect(production).not.toHaveProperty('enableRemoteModule');
    expect(production.preload).toBe('/app/out/preload/preload.cjs');
    expect(production.webviewTag).toBe(false);
    expect(production.devTools).toBe(false);
    expect(mainWindowOptions({ preloadPath: 'p', production: true, title: 't' }).webPreferences).toEqual(
      stationWebPreferences({ preloadPath: 'p', production: true }),
    );
  });

  it('AUXCLICK_JS_CHECK, LIMIT_NAVIGATION_JS_CHECK: every new window is denied and navigation stays home', () => {
    const contents = new FakeWebContents();
    guardWebContents(contents as never, { isAllowedExternalUrl, openExternal: async () => true });
    // A middle click (auxclick) opens a window through the same handler as window.open: it is denied.
    expect(contents.windowOpenHandler?.({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
    for (const event of ['will-navigate', 'will-frame-navigate', 'will-redirect', 'will-attach-webview']) {
      expect(contents.listenerCount(event), event).toBeGreaterThan(0);
    }
  });

  it('PERMISSION_REQUEST_HANDLER_JS_CHECK (global): every permission request and check is answered by the app', async () => {
    await electron.app.becomeReady(); // a session exists only once the app is ready, as in Electron
    const session = electron.session.defaultSession;
    hardenSession(session as never);
    expect(session.setPermissionRequestHandler).toHaveBeenCalledTimes(1);
    expect(session.setPermissionCheckHandler).toHaveBeenCalledTimes(1);
  });

  it('CSP_GLOBAL_CHECK, CSP_JS_CHECK: a strict policy, no unsafe-inline or unsafe-eval for scripts', () => {
    expect(CSP_DIRECTIVES['default-src']).toBe("'none'");
    expect(CSP_DIRECTIVES['script-src']).not.toMatch(/unsafe-(inline|eval)|\*/);
    expect(CSP_DIRECTIVES['object-src'] ?? CSP_DIRECTIVES['default-src']).toBe("'none'");
  });
});

describe('electronegativity: what the source must never contain', () => {
  it('NODE_INTEGRATION / CONTEXT_ISOLATION / SANDBOX / WEB_SECURITY / INSECURE_CONTENT / EXPERIMENTAL_FEATURES set unsafely nowhere', () => {
    expect(
      filesMatching(
        /nodeIntegration\w*\s*:\s*true|contextIsolation\s*:\s*false|sandbox\s*:\s*false|webSecurity\s*:\s*false|allowRunningInsecureContent\s*:\s*true|experimentalFeatures\s*:\s*true/,
      ),
    ).toEqual([]);
  });

  it('BLINK_FEATURES, REMOTE_MODULE, SECURITY_WARNINGS_DISABLED: none enabled anywhere', () => {
    expect(filesMatching(/enableBlinkFeatures\s*:\s*['"`][^'"`]|enableRemoteModule|@electron\/remote/)).toEqual([]);
    expect(filesMatching(/ELECTRON_DISABLE_SECURITY_WARNINGS/)).toEqual([]);
    expect(read('package.json')).not.toMatch(/ELECTRON_DISABLE_SECURITY_WARNINGS/);
  });

  it('CERTIFICATE_ERROR_EVENT, CERTIFICATE_VERIFY_PROC: TLS errors are never overridden', () => {
    expect(filesMatching(/['"]certificate-error['"]/)).toEqual([]);
    // One verify proc, on the service's session, that only notes the issuer of a refused certificate (to name it in
    // the message) and always answers -3: Chromium's own verdict stands.
    expect(filesMatching(/setCertificateVerifyProc/)).toEqual(['main/shells/electron/service-fetch.ts']);
    const proc = read('main/shells/electron/service-fetch.ts');
    expect([...proc.matchAll(/callback\(([^)]*)\)/g)].map((call) => call[1])).toEqual(['-3']);
  });

  it('CUSTOM_ARGUMENTS_JS_CHECK, CUSTOM_ARGUMENTS_JSON_CHECK: no dangerous Chromium switches appended or scripted', () => {
    const dangerous =
      /ignore-certificate-errors|disable-web-security|remote-debugging-port|no-sandbox|js-flags|disable-site-isolation|allow-running-insecure/;
    expect(filesMatching(/appendSwitch|appendArgument/, electronSources)).toEqual([]);
    expect(JSON.stringify(JSON.parse(read('package.json')).scripts)).not.toMatch(dangerous);
  });

  it('DANGEROUS_FUNCTIONS_JS_CHECK: no executeJavaScript, insertCSS, eval or new Function in the Electron glue or preload', () => {
    expect(filesMatching(/executeJavaScript|insertCSS|\beval\s*\(|new Function\s*\(/, electronSources)).toEqual([]);
  });

  it('PROTOCOL_HANDLER_JS_CHECK, HTTP_RESOURCES_JS_CHECK: no http/file protocol handlers, nothing loaded over http', () => {
    expect(
      filesMatching(/register(Http|File|String|Buffer|Stream)Protocol|intercept\w+Protocol/, electronSources),
    ).toEqual([]);
    expect(filesMatching(/loadURL\(\s*['"`]http:/, electronSources)).toEqual([]);
  });

  it('OPEN_EXTERNAL_JS_CHECK: shell.openExternal only behind the allowlist', () => {
    // Electron's shell is reachable only from the Electron glue (the renderer's shell.openExternal is a bridge channel).
    const callers = electronSources.filter((file) => /shell\.openExternal\(/.test(file.text));
    expect(callers.length).toBeGreaterThan(0);
    for (const file of callers) {
      // Each call is preceded, within its few lines, by the allowlist check.
      for (const match of file.text.matchAll(/shell\.openExternal\(/g)) {
        const before = file.text.slice(Math.max(0, (match.index ?? 0) - 200), match.index);
        expect(before, file.path).toMatch(/isAllowedExternalUrl\(/);
      }
    }
  });

  it('*_HTML_CHECK: the page has no nodeintegration, allowpopups, disablewebsecurity, blink features or http resources', () => {
    const html = read('renderer/index.html');
    expect(html).not.toMatch(
      /nodeintegration|allowpopups|disablewebsecurity|blinkfeatures|experimentalfeatures|<webview/i,
    );
    expect(html).not.toMatch(/(src|href)\s*=\s*["']http:/i);
  });
});

describe('beyond electronegativity: the fuses and the debugger check', () => {
  it('keeps RunAsNode, NODE_OPTIONS and Node CLI inspect fuses off in electron-builder.yml', () => {
    const config = read('electron-builder.yml');
    expect(config).toMatch(/^\s*runAsNode: false$/m);
    expect(config).toMatch(/^\s*enableNodeOptionsEnvironmentVariable: false$/m);
    expect(config).toMatch(/^\s*enableNodeCliInspectArguments: false$/m);
  });

  it('checks for debugger switches in the entry before the app starts', () => {
    expect(read('main/shells/electron/main.ts')).toMatch(/if \(startsWithoutDebugger\(\)\) startApp\(/);
  });
});
