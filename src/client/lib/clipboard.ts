/**
 * Copies `text` to the clipboard: the Clipboard API where the page may use it (a secure context), else a hidden text
 * area and the older copy command (a plain-http address other than localhost). Rejects when the browser refuses both.
 */
export async function copyText(text: string): Promise<void> {
  if (typeof navigator !== 'undefined' && navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Denied (no permission, page not focused): the fallback below may still work.
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  // execCommand is deprecated but the only way left without the Clipboard API.
  const copied = typeof document.execCommand === 'function' && document.execCommand('copy');
  area.remove();
  if (!copied) throw new Error('The browser refused to copy.');
}
