/**
 * Where focus is already where it should be: in the new page (someone tabbed or clicked into it, or it
 * stayed on a tab that the pages share) or in a dialog, which a navigation underneath must not take.
 */
const keepFocusIn = '#main, [role=dialog], [role=alertdialog]';
const dialogSelector = '[role=dialog], [role=alertdialog]';

/** The page's visible h1, outside dialogs (the artist area's sits in its top bar, the others in main). */
function pageHeading(): HTMLElement | null {
  for (const h1 of document.querySelectorAll<HTMLElement>('h1')) {
    if (h1.closest(dialogSelector)) continue;
    if (h1.getClientRects().length === 0) continue; // hidden at this width
    return h1;
  }
  return null;
}

/**
 * After a client-side navigation, move focus to the new page's h1 (made focusable with tabIndex -1),
 * so a screen reader announces the page and Tab continues from its top. The page may still be loading
 * its code or data, so this waits for an h1 for up to `timeoutMs`; it gives up as soon as focus is in
 * the page or in a dialog. Returns a function that stops waiting.
 */
export function focusPageHeading(timeoutMs = 5000): () => void {
  let done = false;
  const attempt = () => {
    if (done) return;
    if (document.activeElement?.closest(keepFocusIn)) return stop();
    const heading = pageHeading();
    if (!heading) return;
    if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
    stop();
  };
  const observer = new MutationObserver(attempt);
  const timer = window.setTimeout(() => stop(), timeoutMs);
  function stop() {
    done = true;
    observer.disconnect();
    window.clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  // The new page has usually rendered by the next frame; the observer covers lazy pages and slow data.
  requestAnimationFrame(attempt);
  return stop;
}
