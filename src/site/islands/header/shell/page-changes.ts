/**
 * One MutationObserver on the page for the scripts that follow what islands render later (the table
 * cards' column labels, the currency approximations): the browser records each change of the page
 * once, not once per observer, and the scripts' updates run together in one animation frame however
 * many changes that frame brought.
 */
type Update = () => void;

const updates: Update[] = [];
let observer: MutationObserver | undefined;
let pending = false;

function runUpdates(): void {
  pending = false;
  for (const update of updates) update();
}

/**
 * Runs `update` after elements are added to or removed from the page, or a price's data-rials
 * changes: at most once an animation frame.
 */
export function onPageChange(update: Update): void {
  updates.push(update);
  if (observer) return;
  observer = new MutationObserver(() => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(runUpdates);
  });
  observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-rials'] });
}
