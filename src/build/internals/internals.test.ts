import { describe, expect, it } from 'vitest';
import { BUILD_PATCHES, installedAstro } from './index';

describe('the build patches into Astro and Node internals', () => {
  it.each(Object.entries(BUILD_PATCHES))('%s still finds what it patches in the installed Astro', (_name, patch) => {
    expect(patch.stillApplies()).toBeNull();
  });

  it('were written for the Astro that is installed (pinned exactly): an upgrade re-checks each one', () => {
    for (const patch of Object.values(BUILD_PATCHES)) expect(patch.astro).toBe(installedAstro());
  });
});
