/**
 * Brings a reviews or questions panel to life when its tab is first shown (src/site/components/
 * product/ProductTabs.astro). The panels are rendered on the server inside hidden tab panels and are
 * not Astro islands: their code is not part of what the product page loads at first, only of what
 * the first click on their tab fetches. React hydrates the server HTML in place with the same props.
 */
import { createElement, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';

/** Panel kind (data-lazy-panel) → its component, each in a chunk of its own. */
const panels: Record<string, () => Promise<{ default: ComponentType<never> }>> = {
  reviews: () => import('./ReviewsPanel'),
  comments: () => import('./CommentsPanel'),
};

export async function hydratePanel(el: HTMLElement): Promise<void> {
  const load = panels[el.dataset.lazyPanel ?? ''];
  if (!load || el.dataset.live) return;
  el.dataset.live = 'loading';
  const { default: Panel } = await load();
  hydrateRoot(el, createElement(Panel, JSON.parse(el.dataset.props ?? '{}') as never));
  el.dataset.live = 'true';
}
