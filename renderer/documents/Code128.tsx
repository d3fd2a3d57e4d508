// A Code 128 barcode drawn here (bwip-js's encoder, as SVG) from the value, so a label never depends on the service's
// picture. bwip-js draws each bar as a stroked line; here each becomes a filled rectangle in one React <path>, because
// a stroke stretched to the label's width prints too thin in Chromium's PDF (a scanner then reads nothing). No markup
// string reaches the page.
import { code128, drawingSVG } from 'bwip-js/browser';
import { useMemo } from 'react';
import { type CodeShape, DrawnCode } from './DrawnCode.tsx';

/** The bars of `value` (module widths and quiet zones from bwip-js); null for a value it cannot encode. */
export function code128Bars(value: string): CodeShape | null {
  try {
    const svg = code128({ bcid: 'code128', text: value, height: 10, paddingwidth: 10 }, drawingSVG());
    const viewBox = /viewBox="([^"]+)"/.exec(svg)?.[1];
    const rectangles: string[] = [];
    for (const path of svg.matchAll(/<path stroke="#000000" stroke-width="([\d.]+)" d="([^"]+)"/g)) {
      const width = Number(path[1]);
      for (const line of (path[2] as string).matchAll(/M([\d.]+) ([\d.]+)L[\d.]+ ([\d.]+)/g)) {
        const [x, y1, y2] = [Number(line[1]), Number(line[2]), Number(line[3])];
        const top = Math.min(y1, y2);
        rectangles.push(`M${x - width / 2} ${top}h${width}v${Math.abs(y2 - y1)}h${-width}Z`);
      }
    }
    return viewBox && rectangles.length > 0 ? { viewBox, d: rectangles.join('') } : null;
  } catch {
    return null;
  }
}

export function Code128({ value, className }: { value: string; className?: string }) {
  const bars = useMemo(() => code128Bars(value), [value]);
  return <DrawnCode value={value} shape={bars} className={className} stretch />;
}
