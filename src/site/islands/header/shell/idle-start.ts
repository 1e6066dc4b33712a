/**
 * The shell's parts nothing on screen waits for, loaded by index.ts once the browser is idle: phone
 * tables labelled as cards (islands render their tables later anyway) and link prefetch.
 */
import { idlePrefetch } from './idle-prefetch';
import { tableCards } from './table-cards';

export function startWhenIdle(): void {
  tableCards();
  idlePrefetch();
}
