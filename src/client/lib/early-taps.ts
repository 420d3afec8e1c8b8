/** What only the app makes work: its buttons. Links navigate and form fields take input without it. */
const NEEDS_THE_APP = 'button, [role="button"]';

/**
 * Keeps the taps on a rendered page's buttons that come before the app has hydrated it (decision
 * 050: the app starts after the largest paint, and React handles no event that came before it
 * attached), and returns what replays them: each kept button, still on the page, is clicked
 * again, in order, once. Until then such a tap does nothing else (a submit button does not post
 * its form natively).
 */
export function keepEarlyTaps(): () => void {
  const kept: HTMLElement[] = [];
  const keep = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target.closest<HTMLElement>(NEEDS_THE_APP) : null;
    if (!target || target.closest("a[href]")) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (!kept.includes(target)) kept.push(target);
  };
  document.addEventListener("click", keep, true);
  return () => {
    document.removeEventListener("click", keep, true);
    for (const button of kept.splice(0)) if (button.isConnected) button.click();
  };
}
