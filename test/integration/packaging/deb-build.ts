// electron-builder's deb target over a stand-in for linux-unpacked (the executable and an asar: electron-builder only
// reads its resources folder), with this project's electron-builder.yml and package.json and freshly rendered icons.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { renderIcons } from '../../../scripts/icons.ts';

export const root = resolve(import.meta.dirname, '../../..');
const require = createRequire(import.meta.url);
const builder = require('electron-builder') as typeof import('electron-builder');
export const yaml = require('js-yaml') as { load(text: string): unknown };

export interface DebBuild {
  work: string;
  app: string;
  run(effectiveOptionComputed?: (computed: unknown) => Promise<boolean>): Promise<unknown>;
}

export function debBuild(prefix: string): DebBuild {
  const work = mkdtempSync(join(tmpdir(), prefix));
  const buildResources = join(work, 'build');
  renderIcons(buildResources);
  const app = join(work, 'app');
  mkdirSync(join(app, 'resources'), { recursive: true });
  writeFileSync(join(app, 'fulfillment-station'), '#!/bin/sh\n', { mode: 0o755 });
  writeFileSync(join(app, 'resources', 'app.asar'), 'stand-in');
  const config = yaml.load(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as Record<string, unknown>;
  config.directories = {
    ...(config.directories as Record<string, unknown> | undefined),
    output: join(work, 'dist'),
    buildResources,
  };
  return {
    work,
    app,
    run: (effectiveOptionComputed) =>
      builder.build({
        projectDir: root,
        targets: builder.Platform.LINUX.createTarget('deb', builder.Arch.x64),
        prepackaged: app,
        config,
        publish: 'never',
        ...(effectiveOptionComputed ? { effectiveOptionComputed } : {}),
      }),
  };
}
