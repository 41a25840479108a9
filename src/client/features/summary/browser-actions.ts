/**
 * Opens the browser's print dialog (where "Save as PDF" is) with `title` as the document title while it is open, so a
 * saved PDF is named after the summary; the title goes back afterwards.
 */
export function printDocument(title: string): void {
  const previous = document.title;
  document.title = title;
  const restore = () => {
    document.title = previous;
    window.removeEventListener('afterprint', restore);
  };
  window.addEventListener('afterprint', restore);
  window.print();
}
