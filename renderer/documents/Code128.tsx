// A Code 128 barcode drawn here (bwip-js's encoder, as SVG) from the value, so a label never depends on the service's
// picture. The SVG's bars become one React <path>: no markup string reaches the page.
import { code128, drawingSVG } from 'bwip-js/browser';
import { useMemo } from 'react';

interface Bars {
  viewBox: string;
  d: string;
  strokeWidth: string;
}

/** The bars of `value` (module width and quiet zones from bwip-js); null for a value it cannot encode. */
export function code128Bars(value: string): Bars | null {
  try {
    const svg = code128({ bcid: 'code128', text: value, height: 10, paddingwidth: 10 }, drawingSVG());
    const viewBox = /viewBox="([^"]+)"/.exec(svg)?.[1];
    const path = /<path stroke="#000000" stroke-width="([\d.]+)" d="([^"]+)"/.exec(svg);
    return viewBox && path ? { viewBox, d: path[2] as string, strokeWidth: path[1] as string } : null;
  } catch {
    return null;
  }
}

export function Code128({ value, className }: { value: string; className?: string }) {
  const bars = useMemo(() => code128Bars(value), [value]);
  if (!bars) return <p className="doc-barcode-missing">Barcode {value} cannot be drawn</p>;
  return (
    <svg
      className={className}
      viewBox={bars.viewBox}
      preserveAspectRatio="none"
      role="img"
      aria-label={`Barcode ${value}`}
      xmlns="http://www.w3.org/2000/svg"
    >
      <path stroke="#000" strokeWidth={bars.strokeWidth} d={bars.d} shapeRendering="crispEdges" />
    </svg>
  );
}
