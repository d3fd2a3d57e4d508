// The browser shell's print: the document's sheet waits in a print-only layer of this page (PrintLayer) and the
// browser prints it (its dialog also saves a PDF); print CSS hides everything else. The desktop app prints in main.

/** Prints the layer: `window.print()` returns once the browser's print dialog is closed. */
export async function printInPage(): Promise<void> {
  document.body.classList.add('printing-document');
  try {
    // One frame, so the class has applied before the browser lays the page out for print.
    await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    window.print();
  } finally {
    document.body.classList.remove('printing-document');
  }
}
