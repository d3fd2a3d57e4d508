// A DataMatrix (2D) code drawn here (bwip-js's encoder, as SVG) for labels too narrow for a long value in Code 128:
// the service's barcode values run to some 60 characters, which on a 4 in label (or a 3 in lot label, a badge) leave
// Code 128 bars under two printer dots wide, too thin to scan; as DataMatrix they fit a square a scanner reads at
// any angle. Only the path data (moves and lines) of bwip-js's drawing reaches the page, never markup.
import { datamatrix, drawingSVG } from 'bwip-js/browser';
import { useMemo } from 'react';
import { type CodeShape, DrawnCode } from './DrawnCode.tsx';

/** The modules of `value`; null for a value bwip-js cannot encode. */
export function dataMatrixModules(value: string): CodeShape | null {
  try {
    const svg = datamatrix({ bcid: 'datamatrix', text: value, paddingwidth: 2, paddingheight: 2 }, drawingSVG());
    const viewBox = /viewBox="([\d. ]+)"/.exec(svg)?.[1];
    const d = /<path d="([^"]+)"/.exec(svg)?.[1];
    if (!viewBox || !d || !/^[MLZ\d. ]+$/.test(d)) return null;
    return { viewBox, d };
  } catch {
    return null;
  }
}

export function DataMatrix({ value, className }: { value: string; className?: string }) {
  const modules = useMemo(() => dataMatrixModules(value), [value]);
  return <DrawnCode value={value} shape={modules} className={className} />;
}
