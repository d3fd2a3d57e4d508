// The renderer's JavaScript heap after a full garbage collection, read over the DevTools protocol (Chromium only),
// and the number of DOM elements in the page: what a long session leaves behind, not what is merely not yet collected.
import type { Page } from '@playwright/test';

export interface HeapFigures {
  /** Live JavaScript heap after a forced GC (bytes). */
  usedBytes: number;
  /** The heap V8 holds for it (bytes). */
  totalBytes: number;
  domElements: number;
}

export async function rendererHeap(page: Page): Promise<HeapFigures> {
  const cdp = await page.context().newCDPSession(page);
  try {
    // Twice: the first pass can leave garbage that only its finalizers freed.
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize, totalSize } = await cdp.send('Runtime.getHeapUsage');
    const domElements = await page.evaluate(() => document.getElementsByTagName('*').length);
    return { usedBytes: usedSize, totalBytes: totalSize, domElements };
  } finally {
    await cdp.detach();
  }
}

export function megabytes(bytes: number): number {
  return Math.round((bytes / 1_000_000) * 10) / 10;
}
