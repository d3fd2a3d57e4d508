// Scrolling timed inside the page for the lists benchmark: a scroll element moved a fixed step every animation frame,
// as a steady fling would, with every frame's duration and what the list showed. Everything here runs in the page
// (Playwright sends the functions' source), so it uses nothing but the page's globals.

export interface ScrollPlan {
  /** CSS selector of the element to scroll. */
  scroller: string;
  /** CSS selector of the element whose children are the rows (counted each frame); none for a plain scroller. */
  rows?: string;
  /** Pixels added to scrollTop every frame. */
  step: number;
  /**
   * `end`: down until `done` holds (the list may grow while it scrolls; a frame that could not move waits for rows);
   * `bounce`: down and up between 0 and `bounceMax` for `frames` frames.
   */
  mode: 'end' | 'bounce';
  frames?: number;
  bounceMax?: number;
  /** For `end`: the status selector and the text it must read, and the 1-based position of the last row. */
  done?: { status: string; text: string; lastRow: number };
  timeoutMs: number;
}

export interface ScrollRun {
  /**
   * Time between one frame's requestAnimationFrame callback and the next (ms, performance.now() as each starts).
   * Not the callbacks' timestamps: a frame whose main thread was blocked keeps the timestamp it was scheduled for, so
   * timestamp deltas hide most of a long frame (an 80 ms task showed as 33 + 50 ms).
   */
  frameMs: number[];
  /** The callbacks' own timestamp deltas (whole vsync intervals), for comparison. */
  stampMs: number[];
  /**
   * Main-thread time of each frame (ms): from the frame's start (the rAF timestamp) to a task posted from its rAF
   * callback, which runs once the frame's scroll handlers (the list's render), style, layout and paint are done.
   * Not rounded to vsync, so it shows the cost of a frame well below 16.7 ms.
   */
  workMs: number[];
  /** Frames in which scrollTop could not move (the end of the rows read so far): the list waited for a page. */
  waitingFrames: number;
  /** Frames in which a row placeholder (`.paged-loading`) was inside the visible part of the scroller. */
  placeholderFrames: number;
  /** The most row elements in the DOM at once. */
  maxRowsInDom: number;
  /** From the first frame to the last (ms). */
  totalMs: number;
  scrolledPx: number;
  finalScrollHeight: number;
  /** Long animation frames (LoAF) and long tasks Chromium reported meanwhile (durations in ms). */
  longAnimationFrames: number[];
  longAnimationFrameBlockingMs: number[];
  longTasks: number[];
  /** Which of 'long-animation-frame' and 'longtask' this Chromium reports (an empty list of those then means none). */
  observed: string[];
}

export function scrollByFrames(plan: ScrollPlan): Promise<ScrollRun> {
  const scroller = document.querySelector(plan.scroller);
  if (!(scroller instanceof HTMLElement)) throw new Error(`no scroll element ${plan.scroller}`);
  const rowsOf = () => (plan.rows ? document.querySelector(plan.rows) : null);

  const longAnimationFrames: number[] = [];
  const longAnimationFrameBlockingMs: number[] = [];
  const longTasks: number[] = [];
  const observers: PerformanceObserver[] = [];
  const record = (entries: PerformanceEntryList) => {
    for (const entry of entries) {
      if (entry.entryType === 'longtask') {
        longTasks.push(entry.duration);
        continue;
      }
      longAnimationFrames.push(entry.duration);
      longAnimationFrameBlockingMs.push(
        (entry as PerformanceEntry & { blockingDuration?: number }).blockingDuration ?? 0,
      );
    }
  };
  const observed = ['long-animation-frame', 'longtask'].filter((type) =>
    PerformanceObserver.supportedEntryTypes.includes(type),
  );
  for (const type of observed) {
    const observer = new PerformanceObserver((list) => record(list.getEntries()));
    observer.observe({ type });
    observers.push(observer);
  }

  const finished = (): boolean => {
    const done = plan.done;
    if (!done) return false;
    if (document.querySelector(done.status)?.textContent?.trim() !== done.text) return false;
    if (scroller.scrollTop < scroller.scrollHeight - scroller.clientHeight - 1) return false;
    const last = rowsOf()?.querySelector(`[aria-posinset="${done.lastRow}"]`);
    if (!(last instanceof HTMLElement) || last.querySelector('.paged-loading')) return false;
    const box = last.getBoundingClientRect();
    const view = scroller.getBoundingClientRect();
    return box.bottom <= view.bottom + 1 && box.top >= view.top - 1;
  };
  const placeholderShown = (): boolean => {
    const rows = rowsOf();
    if (!rows) return false;
    const view = scroller.getBoundingClientRect();
    for (const placeholder of rows.querySelectorAll('.paged-loading')) {
      const box = placeholder.getBoundingClientRect();
      if (box.bottom > view.top && box.top < view.bottom) return true;
    }
    return false;
  };

  const run: ScrollRun = {
    frameMs: [],
    stampMs: [],
    workMs: [],
    waitingFrames: 0,
    placeholderFrames: 0,
    maxRowsInDom: 0,
    totalMs: 0,
    scrolledPx: 0,
    finalScrollHeight: 0,
    longAnimationFrames,
    longAnimationFrameBlockingMs,
    longTasks,
    observed,
  };
  return new Promise<ScrollRun>((resolve, reject) => {
    let firstAt: number | null = null;
    let previousAt: number | null = null;
    let previousStamp: number | null = null;
    let asked: number | null = null;
    let direction = 1;
    const channel = new MessageChannel();
    channel.port1.onmessage = (event: MessageEvent<number>) => {
      run.workMs.push(performance.now() - event.data);
    };
    const stop = (error?: Error) => {
      for (const observer of observers) {
        record(observer.takeRecords());
        observer.disconnect();
      }
      run.finalScrollHeight = scroller.scrollHeight;
      channel.port1.close();
      if (error) reject(error);
      else resolve(run);
    };
    const frame = (stamp: number) => {
      const at = performance.now();
      firstAt ??= at;
      if (previousAt !== null) run.frameMs.push(at - previousAt);
      if (previousStamp !== null) run.stampMs.push(stamp - previousStamp);
      previousAt = at;
      previousStamp = stamp;
      run.totalMs = at - firstAt;
      // What the previous frame painted: rows in the DOM, placeholders in view, whether the asked scroll happened.
      run.maxRowsInDom = Math.max(run.maxRowsInDom, rowsOf()?.children.length ?? 0);
      if (placeholderShown()) run.placeholderFrames++;
      const top = scroller.scrollTop;
      if (asked !== null && Math.abs(top - asked) > 1 && plan.mode === 'end') run.waitingFrames++;

      if (plan.mode === 'end' && finished()) return stop();
      if (plan.mode === 'bounce' && run.frameMs.length >= (plan.frames ?? 0)) return stop();
      if (at - firstAt > plan.timeoutMs) {
        const status = plan.done ? document.querySelector(plan.done.status)?.textContent : '';
        return stop(
          new Error(
            `scrolling did not finish within ${plan.timeoutMs} ms: at ${top} of ${scroller.scrollHeight} px, status "${status}"`,
          ),
        );
      }

      let next = top + direction * plan.step;
      if (plan.mode === 'bounce') {
        const max = plan.bounceMax ?? 0;
        if (next > max || next < 0) {
          direction = -direction;
          next = Math.min(max, Math.max(0, top + direction * plan.step));
        }
      }
      const before = scroller.scrollTop;
      scroller.scrollTop = next;
      asked = next;
      run.scrolledPx += Math.abs(scroller.scrollTop - before);
      channel.port2.postMessage(stamp);
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

/** A plain scroll element with nothing in it but height, laid over `like` (same place, same size): the baseline. */
export function addPlainScroller({ like, height }: { like: string; height: number }): string {
  const model = document.querySelector(like);
  if (!(model instanceof HTMLElement)) throw new Error(`no element ${like}`);
  const box = model.getBoundingClientRect();
  const plain = document.createElement('div');
  plain.id = 'bench-plain-scroller';
  // CSSOM from script (the CSP forbids style attributes, not this).
  Object.assign(plain.style, {
    position: 'fixed',
    left: `${box.left}px`,
    top: `${box.top}px`,
    width: `${box.width}px`,
    height: `${box.height}px`,
    overflowY: 'auto',
    background: getComputedStyle(model).backgroundColor,
    zIndex: '1000',
  });
  const inner = document.createElement('div');
  inner.style.height = `${height}px`;
  plain.append(inner);
  document.body.append(plain);
  return '#bench-plain-scroller';
}

export function removePlainScroller(): void {
  document.getElementById('bench-plain-scroller')?.remove();
}
