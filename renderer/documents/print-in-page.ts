// The browser shell's print: the open preview keeps the document's sheet in a print-only layer of this page
// (PrintDialog), and print CSS shows that layer alone on paper (documents.css), so the browser's print (whose dialog
// also saves a PDF) gives the document. The desktop app prints the same page from main.

/** `window.print()` returns once the browser's print dialog is closed. */
export function printInPage(): void {
  window.print();
}
