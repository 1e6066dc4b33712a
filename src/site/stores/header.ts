/**
 * Header state shared by the header islands: which dropdown is open (one at a time), whether the
 * sticky header is pulled out of view, and whether the mobile menu is open (page scroll locked).
 */
import { atom } from 'nanostores';

/** 'departments', 'suggestions', 'account', 'currency' … or null when every dropdown is closed. */
export const $openDropdown = atom<string | null>(null);
export const $headerHidden = atom(false);
export const $mobileMenuOpen = atom(false);

/** Hiding the sticky header closes whatever dropdown hung from it (spec §4). */
$headerHidden.subscribe((hidden) => {
  if (hidden) $openDropdown.set(null);
});

/** Spec §4/§9: in pullToShow, scrolling up more than 10 px shows the header, down more than 25 px hides it. */
export const SHOW_AFTER_UP_PX = 10;
export const HIDE_AFTER_DOWN_PX = 25;
export const SCROLL_TOP_AFTER_PX = 300;

/**
 * Next hidden state of a pullToShow header from the distance travelled since the last direction
 * change (negative = up). Near the top of the page it is always shown.
 */
export function pullToShowHidden(hidden: boolean, travelled: number, scrollY: number, headerHeight: number): boolean {
  if (scrollY <= headerHeight) return false;
  if (travelled < -SHOW_AFTER_UP_PX) return false;
  if (travelled > HIDE_AFTER_DOWN_PX) return true;
  return hidden;
}
