/**
 * What only the app makes work: its buttons, and the boxes it ticks. Links navigate and text fields
 * take input without it.
 */
const TAPPED_FOR_THE_APP = 'button, [role="button"], input[type="checkbox"], input[type="radio"]';

/**
 * Keeps what a shopper does on a rendered page before the app has hydrated it (decision 050: the
 * app starts after the largest paint, and React handles no event that came before it attached),
 * and returns what replays it once the app has started, in order, once:
 * - a tap on a button or a box is held (a submit button does not post its form natively, a box
 *   stays as it was) and made again;
 * - a choice in a select (which cannot be held: the browser's picker has already changed it) is
 *   made again, the select set to the last value chosen and told of the change.
 * What left the page meanwhile is passed over.
 */
export function keepEarlyTaps(): () => void {
  // Each element's replay, in the order of its last use (a map keeps the order things were set).
  const kept = new Map<HTMLElement, () => void>();
  const tap = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target.closest<HTMLElement>(TAPPED_FOR_THE_APP) : null;
    if (!target || target.closest("a[href]")) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (!kept.has(target)) kept.set(target, () => target.click());
  };
  const choose = (event: Event) => {
    const select = event.target;
    if (!(select instanceof HTMLSelectElement)) return;
    const value = select.value;
    kept.delete(select);
    kept.set(select, () => {
      select.value = value;
      select.dispatchEvent(new Event("change", { bubbles: true }));
    });
  };
  document.addEventListener("click", tap, true);
  document.addEventListener("change", choose, true);
  return () => {
    document.removeEventListener("click", tap, true);
    document.removeEventListener("change", choose, true);
    for (const [element, replay] of kept) if (element.isConnected) replay();
    kept.clear();
  };
}
