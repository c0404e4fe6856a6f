/** px left between an element's bottom edge and the window's foot (what a dropdown may open into). */
export function spaceBelow(element: Element): number {
  return window.innerHeight - element.getBoundingClientRect().bottom;
}

/**
 * Puts text on the clipboard: the async Clipboard API where the page may use it, else the old
 * select-and-copy on a hidden text area (plain http, older browsers). Resolves false when neither
 * worked, so the caller can say 复制失败 and leave the text to be copied by hand.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // refused (no permission, page not focused): try the old way
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  try {
    area.select();
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}
