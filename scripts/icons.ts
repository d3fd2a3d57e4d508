// Renders the app's icons from the one source image (resources/icon/icon.png, 1024×1024) into electron-builder's
// build resources: icons/<n>x<n>.png for Linux, icon.ico for Windows, icon.icns for macOS. Run by `npm run package`;
// `node scripts/icons.ts [outDir]` writes elsewhere (tests). No download, no native tool: pngjs only.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PNG } from 'pngjs';

export const ICON_SOURCE = resolve(import.meta.dirname, '..', 'resources', 'icon', 'icon.png');
export const BUILD_RESOURCES = resolve(import.meta.dirname, '..', 'resources', 'build');
/** The hicolor sizes a Linux desktop looks for. */
export const LINUX_SIZES = [16, 24, 32, 48, 64, 128, 256, 512] as const;
const ICO_SIZES = [16, 24, 32, 48, 64, 256] as const;
/** ICNS entry types holding PNG data, by size (Apple's icns format: ic07..ic10). */
const ICNS_TYPES: [type: string, size: number][] = [
  ['ic07', 128],
  ['ic08', 256],
  ['ic09', 512],
  ['ic10', 1024],
];

function readSource(file: string): PNG {
  const png = PNG.sync.read(readFileSync(file));
  if (png.width !== png.height || png.width < 512) {
    throw new Error(`${file}: the icon source must be square and at least 512 px (it is ${png.width}×${png.height})`);
  }
  return png;
}

/** Area-average downscale in premultiplied alpha, so edges stay clean at every size. */
export function scaleTo(source: PNG, size: number): Buffer {
  const out = new PNG({ width: size, height: size });
  const ratio = source.width / size;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const sum = [0, 0, 0, 0];
      let count = 0;
      for (let sy = Math.floor(y * ratio); sy < Math.floor((y + 1) * ratio); sy++) {
        for (let sx = Math.floor(x * ratio); sx < Math.floor((x + 1) * ratio); sx++) {
          const at = (sy * source.width + sx) * 4;
          const alpha = source.data[at + 3] ?? 0;
          for (let c = 0; c < 3; c++) sum[c] = (sum[c] ?? 0) + (source.data[at + c] ?? 0) * alpha;
          sum[3] = (sum[3] ?? 0) + alpha;
          count++;
        }
      }
      const at = (y * size + x) * 4;
      const alphaSum = sum[3] ?? 0;
      for (let c = 0; c < 3; c++) out.data[at + c] = alphaSum ? Math.round((sum[c] ?? 0) / alphaSum) : 0;
      out.data[at + 3] = Math.round(alphaSum / Math.max(count, 1));
    }
  }
  return PNG.sync.write(out);
}

/** A Windows .ico whose entries are PNG images (Vista and later). */
function ico(images: [size: number, png: Buffer][]): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(([size, png], index) => {
    const entry = 6 + 16 * index;
    header.writeUInt8(size >= 256 ? 0 : size, entry);
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1);
    header.writeUInt16LE(1, entry + 4);
    header.writeUInt16LE(32, entry + 6);
    header.writeUInt32LE(png.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map(([, png]) => png)]);
}

function icns(images: [type: string, png: Buffer][]): Buffer {
  const entries = images.map(([type, png]) => {
    const head = Buffer.alloc(8);
    head.write(type, 0, 'ascii');
    head.writeUInt32BE(png.length + 8, 4);
    return Buffer.concat([head, png]);
  });
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'ascii');
  head.writeUInt32BE(8 + entries.reduce((total, entry) => total + entry.length, 0), 4);
  return Buffer.concat([head, ...entries]);
}

/** Writes every icon into outDir; answers the files written. */
export function renderIcons(outDir = BUILD_RESOURCES, sourceFile = ICON_SOURCE): string[] {
  const source = readSource(sourceFile);
  const cache = new Map<number, Buffer>();
  const at = (size: number) => {
    const cached = cache.get(size) ?? (size === source.width ? PNG.sync.write(source) : scaleTo(source, size));
    cache.set(size, cached);
    return cached;
  };
  mkdirSync(join(outDir, 'icons'), { recursive: true });
  const written: string[] = [];
  const write = (file: string, data: Buffer) => {
    writeFileSync(join(outDir, file), data);
    written.push(join(outDir, file));
  };
  for (const size of LINUX_SIZES) write(join('icons', `${size}x${size}.png`), at(size));
  write('icon.ico', ico(ICO_SIZES.map((size) => [size, at(size)])));
  write('icon.icns', icns(ICNS_TYPES.map(([type, size]) => [type, at(size)])));
  return written;
}

if (import.meta.main) {
  const written = renderIcons(process.argv[2] ? resolve(process.argv[2]) : BUILD_RESOURCES);
  console.log(`icons: ${written.length} files from ${ICON_SOURCE}`);
}
