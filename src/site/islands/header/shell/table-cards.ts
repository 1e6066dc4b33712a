/**
 * Wide tables become cards on phones (shop.css, under 640 px): each cell shows its column's name
 * before its value. The names are the table head's; this copies each head cell's text onto the body
 * cells of its column as data-label, for the tables on the page now and those islands render later.
 */
import { onPageChange } from './page-changes';

const CARD_TABLES = 'table.cart-table, table.orders-table, table.staff-table, table.wishlist-table, table.compare-table';

function labelCells(table: HTMLTableElement): void {
  const head = table.tHead?.rows[0];
  if (!head) return;
  // A head cell holding more than its name (the compare table's image and buttons) names itself in data-card-label.
  const names = [...head.cells].map((c) => c.dataset.cardLabel ?? c.textContent?.trim() ?? '');
  for (const body of table.tBodies) {
    for (const row of body.rows) {
      [...row.cells].forEach((cell, i) => {
        const name = names[i];
        if (name && cell.dataset.label !== name) cell.dataset.label = name;
      });
    }
  }
}

export function tableCards(): void {
  const labelAll = () => {
    for (const t of document.querySelectorAll<HTMLTableElement>(CARD_TABLES)) labelCells(t);
  };
  labelAll();
  onPageChange(labelAll);
}
