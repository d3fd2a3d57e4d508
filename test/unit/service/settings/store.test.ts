// settings.json in the data folder: defaults when missing or corrupt, atomic saves, bad values refused without a trace.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../../main/platform/log/logger.ts';
import {
  defaultSettings,
  loadSettings,
  SettingsError,
  saveSettings,
  settingsFile,
} from '../../../../main/service/settings/index.ts';

let dataDir: string;
let lines: string[];
let log: ReturnType<typeof createLogger>;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'station-settings-'));
  lines = [];
  log = createLogger({ scope: 'settings', write: (line) => lines.push(line) });
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

describe('loading settings', () => {
  it('a fresh data folder gives the defaults, quietly', async () => {
    await expect(loadSettings(dataDir, log)).resolves.toEqual(defaultSettings);
    expect(lines).toHaveLength(0);
  });

  it('a corrupt file gives the defaults and says so in the log instead of crashing', async () => {
    await writeFile(settingsFile(dataDir), '{"listenerPort": 50', 'utf8');
    await expect(loadSettings(dataDir, log)).resolves.toEqual(defaultSettings);
    expect(lines.join('\n')).toMatch(/settings file is unusable.*not valid JSON/);
  });

  it('a hand-edited file keeps its good values and gets defaults for the bad ones, naming them in the log', async () => {
    await writeFile(settingsFile(dataDir), JSON.stringify({ listenerPort: 5000, idleLockMinutes: 9999 }), 'utf8');
    await expect(loadSettings(dataDir, log)).resolves.toEqual({ ...defaultSettings, listenerPort: 5000 });
    expect(JSON.parse(lines[0] as string)).toMatchObject({ level: 'warn', fields: ['idleLockMinutes'] });
  });

  it('a pharmacy-wide rule an older station kept in the file is ignored, named in the log, and gone at the next save', async () => {
    await writeFile(settingsFile(dataDir), JSON.stringify({ listenerPort: 5000, techCheckTechAllowed: true }), 'utf8');
    const loaded = await loadSettings(dataDir, log);
    expect(loaded).toEqual({ ...defaultSettings, listenerPort: 5000 });
    expect(loaded).not.toHaveProperty('techCheckTechAllowed');
    expect(JSON.parse(lines[0] as string)).toMatchObject({ level: 'warn', fields: ['techCheckTechAllowed'] });
    await saveSettings(dataDir, { listenerPort: 5001 }, log);
    expect(JSON.parse(await readFile(settingsFile(dataDir), 'utf8'))).not.toHaveProperty('techCheckTechAllowed');
  });

  it('a file that asks for a custom service without its URL falls back to training', async () => {
    await writeFile(settingsFile(dataDir), JSON.stringify({ backend: 'custom', baseUrl: 'http://evil.example' }));
    await expect(loadSettings(dataDir, log)).resolves.toMatchObject({ backend: 'training', baseUrl: null });
  });
});

describe('saving settings', () => {
  it('saves a patch and reads it back, keeping the fields it did not name', async () => {
    await saveSettings(dataDir, { backend: 'custom', baseUrl: 'https://pharmacy.example/' }, log);
    const saved = await saveSettings(dataDir, { listenerPort: 5001 }, log);
    expect(saved).toEqual({
      ...defaultSettings,
      backend: 'custom',
      baseUrl: 'https://pharmacy.example',
      listenerPort: 5001,
    });
    await expect(loadSettings(dataDir, log)).resolves.toEqual(saved);
  });

  it('refuses a bad value with a message naming the field and leaves the stored file exactly as it was', async () => {
    await saveSettings(dataDir, { idleLockMinutes: 15 }, log);
    const before = await readFile(settingsFile(dataDir));
    const error = await saveSettings(dataDir, { listenerPort: 80, idleLockMinutes: 15 }, log).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SettingsError);
    expect(error).toMatchObject({
      code: 'invalid_settings',
      field: 'listenerPort',
      message: 'Settings not saved: listenerPort must be a whole number from 1024 to 65535.',
    });
    expect(await readFile(settingsFile(dataDir))).toEqual(before);
  });

  it('names every bad field at once', async () => {
    const error = (await saveSettings(dataDir, { backend: 'custom', idleLockMinutes: 0 } as never, log).catch(
      (e: unknown) => e,
    )) as SettingsError;
    expect(error.issues.map((issue) => issue.field).sort()).toEqual(['baseUrl', 'idleLockMinutes']);
    await expect(readdir(dataDir)).resolves.toEqual([]);
  });

  it('a field given as undefined is left as it was', async () => {
    await saveSettings(dataDir, { listenerPort: 6000 }, log);
    await expect(saveSettings(dataDir, { listenerPort: undefined }, log)).resolves.toMatchObject({
      listenerPort: 6000,
    });
  });

  it('concurrent saves each keep their change, and no temp file is left behind', async () => {
    await Promise.all([
      saveSettings(dataDir, { listenerPort: 7000 }, log),
      saveSettings(dataDir, { idleLockMinutes: 30 }, log),
      saveSettings(dataDir, { publicWebhookUrl: 'https://tunnel.example/hooks' }, log),
    ]);
    await expect(loadSettings(dataDir, log)).resolves.toMatchObject({
      listenerPort: 7000,
      idleLockMinutes: 30,
      publicWebhookUrl: 'https://tunnel.example/hooks',
    });
    await expect(readdir(dataDir)).resolves.toEqual(['settings.json']);
  });
});
