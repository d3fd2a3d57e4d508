// Opens an address in the person's default browser, only where a desktop session is there to show it, and never in CI.
import { spawn, spawnSync } from 'node:child_process';

/** A desktop session (X11 or Wayland) with xdg-open, not CI: then the browser shell opens its address itself. */
export function canOpenBrowser(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.CI || env.STATION_NO_OPEN) return false;
  if (!env.DISPLAY && !env.WAYLAND_DISPLAY) return false;
  return spawnSync('sh', ['-c', 'command -v xdg-open'], { stdio: 'ignore' }).status === 0;
}

/** Hands the address to xdg-open and lets it go; a failure only means the person opens it by hand. */
export function openInBrowser(url: string): void {
  try {
    const child = spawn('xdg-open', [url], { stdio: 'ignore', detached: true });
    child.on('error', () => {});
    child.unref();
  } catch {
    // The address is printed anyway.
  }
}
