// electron-builder's real deb target, offline, over a prepackaged stand-in app: everything it computes before it hands
// the files to fpm (its `effectiveOptionComputed` hook stops it there), read back and checked.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINUX_SIZES, renderIcons } from '../../../scripts/icons.ts';
import { debBuild, root, yaml } from './deb-build.ts';

interface DebPlan {
  args: string[];
  files: Map<string, string>;
  afterInstall: string;
  afterRemove: string;
  desktopEntry: string;
  resources: Map<string, string>;
}

let work: string;
let plan: DebPlan;

/** The value after a flag in fpm's arguments. */
function flag(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at < 0 ? undefined : args[at + 1];
}

async function planDeb(): Promise<DebPlan> {
  const build = debBuild('station-deb-');
  work = build.work;
  const app = build.app;
  let captured: DebPlan | null = null;
  await build.run(async (computed: unknown) => {
    const [args, desktopFile] = computed as [string[], string];
    const files = new Map<string, string>();
    for (const arg of args) {
      const mapping = /^(\/.+)=(\/.*)$/.exec(arg);
      if (mapping?.[1] && mapping[2]) files.set(mapping[2], mapping[1]);
    }
    const resources = new Map<string, string>();
    for (const name of readdirSync(join(app, 'resources')))
      resources.set(name, readFileSync(join(app, 'resources', name), 'utf8'));
    captured = {
      args,
      files,
      afterInstall: readFileSync(flag(args, '--after-install')!, 'utf8'),
      afterRemove: readFileSync(flag(args, '--after-remove')!, 'utf8'),
      desktopEntry: readFileSync(desktopFile, 'utf8'),
      resources,
    };
    return true; // stop before fpm runs
  });
  if (!captured) throw new Error('electron-builder never reached the point where it runs fpm');
  return captured;
}

beforeAll(async () => {
  plan = await planDeb();
}, 60_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the Linux package (electron-builder deb target, offline)', () => {
  it('has the package metadata dpkg shows: name, maintainer, homepage, description, version, architecture', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    expect(flag(plan.args, '--name')).toBe('fulfillment-station');
    expect(flag(plan.args, '--maintainer')).toBe('Fulfillment Station <station@fulfillment-station.local>');
    expect(flag(plan.args, '--url')).toBe(pkg.homepage);
    expect(flag(plan.args, '--version')).toBe(pkg.version);
    expect(flag(plan.args, '--architecture')).toBe('amd64');
    expect(flag(plan.args, '--description')).toBe(`Pharmacy order fulfillment workstation\n ${pkg.description}`);
    expect(flag(plan.args, '--package')).toMatch(/fulfillment-station_0\.1\.0_amd64\.deb$/);
  });

  it('installs the app under /opt and links the command, with the sandbox rights and the AppArmor profile', () => {
    expect(plan.files.get('/opt/Fulfillment Station')).toBeDefined();
    expect(plan.afterInstall).toContain(
      "'/opt/Fulfillment Station/fulfillment-station' '/usr/bin/fulfillment-station'",
    );
    expect(plan.afterInstall).toContain("chmod 4755 '/opt/Fulfillment Station/chrome-sandbox'");
    expect(plan.afterInstall).toContain("APPARMOR_PROFILE_TARGET='/etc/apparmor.d/fulfillment-station'");
    expect(plan.afterRemove).toContain('/etc/apparmor.d/fulfillment-station');
    // Ubuntu 23.10+ restricts unprivileged user namespaces: the profile grants them to this binary only.
    const profile = plan.resources.get('apparmor-profile') ?? '';
    expect(profile).toContain('profile "fulfillment-station" "/opt/Fulfillment Station/fulfillment-station"');
    expect(profile).toContain('userns,');
  });

  it('writes a .desktop file named after desktopName, whose StartupWMClass matches the window (GNOME)', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    expect(pkg.desktopName).toBe('fulfillment-station.desktop');
    expect(plan.files.get('/usr/share/applications/fulfillment-station.desktop')).toBeDefined();
    const entry = Object.fromEntries(
      plan.desktopEntry
        .split('\n')
        .filter((line) => line.includes('='))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    expect(entry).toMatchObject({
      Name: 'Fulfillment Station',
      Exec: '"/opt/Fulfillment Station/fulfillment-station" %U',
      Icon: 'fulfillment-station',
      StartupWMClass: 'fulfillment-station',
      Categories: 'Office;',
      Type: 'Application',
    });
  });

  it('installs the icons rendered from resources/icon/icon.png at every hicolor size, not Electron’s', () => {
    const expected = join(work, 'expected');
    renderIcons(expected);
    for (const size of LINUX_SIZES) {
      const source = plan.files.get(`/usr/share/icons/hicolor/${size}x${size}/apps/fulfillment-station.png`);
      expect(source, `${size}x${size}`).toBeDefined();
      expect(
        readFileSync(source!).equals(readFileSync(join(expected, 'icons', `${size}x${size}.png`))),
        `${size}`,
      ).toBe(true);
    }
  });

  it('tells electron-updater where it was installed from: app-update.yml (generic feed) and package-type deb', () => {
    expect(plan.resources.get('package-type')).toBe('deb');
    const updateConfig = yaml.load(plan.resources.get('app-update.yml') ?? '') as Record<string, unknown>;
    expect(updateConfig).toMatchObject({ provider: 'generic', updaterCacheDirName: 'fulfillment-station-updater' });
  });
});
