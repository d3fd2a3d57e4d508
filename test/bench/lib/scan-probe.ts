// Timing measured inside the page for the scan benchmark: from the Enter keydown in the scan field to the order card
// of the expected order in the DOM, to the frame that paints it, to the frame after. Both functions run in the page
// (Playwright sends their source), so they use nothing but the page's globals.

/** Milliseconds from the Enter keydown in the scan field. */
export interface ScanTiming {
  /** The card is in the DOM (React committed it; a MutationObserver saw it). */
  committed: number;
  /** A task queued from the next animation frame's callback: it runs once that frame, the one with the card, is painted. */
  painted: number;
  /** The animation frame after that one: a conservative upper bound of "on screen". */
  nextFrame: number;
}

interface Probe {
  armed: string | null;
  enterAt: number | null;
  done: Promise<ScanTiming> | null;
}

/** Installs the keydown listener once: capture phase on window, before the scan field's own handlers run. */
export function installScanProbe(): void {
  const w = window as unknown as { __scanProbe?: Probe };
  if (w.__scanProbe) return;
  const probe: Probe = { armed: null, enterAt: null, done: null };
  w.__scanProbe = probe;
  window.addEventListener(
    'keydown',
    (event) => {
      const target = event.target as HTMLElement | null;
      if (probe.armed !== null && probe.enterAt === null && event.key === 'Enter' && target?.id === 'scan-field') {
        probe.enterAt = performance.now();
      }
    },
    true,
  );
}

/**
 * Waits (in the page) for the next Enter in the scan field and then for what the scan must show: for an order number,
 * the order card (an `<article>` in `<main aria-label="Order">` whose accessible name starts with `Order <number>`);
 * for `{ sku, count }`, the verify screen's line of that code reading `count` scanned (main's answer). Call it before
 * typing the scan; await `window.__scanProbe.done` after.
 */
export function armScanProbe(target: string | { sku: string; count: number }): void {
  const probe = (window as unknown as { __scanProbe: Probe }).__scanProbe;
  const orderNumber = typeof target === 'string' ? target : null;
  const pattern = orderNumber
    ? new RegExp(`^Order ${orderNumber.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?!\\w)`)
    : null;
  const nameOf = (element: Element): string => {
    const label = element.getAttribute('aria-label');
    if (label) return label.replace(/\s+/g, ' ').trim();
    const ids = element.getAttribute('aria-labelledby')?.split(/\s+/) ?? [];
    return ids
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim();
  };
  const countShown = (wanted: { sku: string; count: number }) =>
    [...document.querySelectorAll('table.verify-lines tr.verify-line')].some(
      (row) =>
        [...row.querySelectorAll('code')].some((code) => code.textContent === wanted.sku) &&
        row.querySelector('.verify-count strong')?.textContent === String(wanted.count),
    );
  const cardShown = () =>
    typeof target === 'string'
      ? [...document.querySelectorAll('main[aria-label="Order"] article')].some((article) =>
          (pattern as RegExp).test(nameOf(article)),
        )
      : countShown(target);
  const what = typeof target === 'string' ? `the card of order ${target}` : `${target.sku} reading ${target.count}`;
  if (cardShown()) throw new Error(`${what} is already on screen before its scan`);

  probe.armed = what;
  probe.enterAt = null;
  probe.done = new Promise<ScanTiming>((resolve, reject) => {
    const timer = setTimeout(() => {
      observer.disconnect();
      const shown = document.querySelector('main')?.textContent?.slice(0, 300) ?? '(no main)';
      reject(new Error(`no ${what} within 15 s; on screen: ${shown}`));
    }, 15_000);
    const observer = new MutationObserver(() => {
      if (probe.enterAt === null || !cardShown()) return;
      const enterAt = probe.enterAt;
      const committed = performance.now() - enterAt;
      observer.disconnect();
      clearTimeout(timer);
      probe.armed = null;
      requestAnimationFrame(() => {
        // Under load the next frame's callback can run before the posted task; the card's frame was painted by then.
        let painted: number | null = null;
        let nextFrame: number | null = null;
        const settle = () => {
          if (painted !== null && nextFrame !== null) {
            resolve({ committed, painted: Math.min(painted, nextFrame), nextFrame });
          }
        };
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          painted = performance.now() - enterAt;
          settle();
        };
        channel.port2.postMessage(null);
        requestAnimationFrame(() => {
          nextFrame = performance.now() - enterAt;
          settle();
        });
      });
    });
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['aria-label', 'aria-labelledby'],
    });
  });
}
