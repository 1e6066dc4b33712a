/**
 * Layout settings (spec §3): header layout, how the cart opens from the header (dropdown or off-canvas
 * panel) and whether the header search has a category select. Build-time choices of the storefront.
 */
export interface LayoutSettings {
  headerLayout: 'compact' | 'spaceship' | 'classic';
  dropcartType: 'dropdown' | 'offcanvas';
  headerResearch: 'withCategory' | 'withoutCategory';
}

export const LAYOUT: LayoutSettings = {
  headerLayout: 'compact',
  dropcartType: process.env.PUBLIC_DROPCART_TYPE === 'dropdown' ? 'dropdown' : 'offcanvas',
  headerResearch: 'withCategory',
};
