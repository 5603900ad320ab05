import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { applyRouteLayoutAtom, chooseLayoutAtom, defaultTheme, normalizeTheme, themeAtom } from './theme';

describe('theme preference (spec §3)', () => {
  it('has the spec defaults', () => {
    const { layout, ...settings } = defaultTheme;
    expect(settings).toEqual({ themeSchema: '', direction: 'ltr', mode: 'light', panelExpand: false, controlSize: 'md' });
    expect(layout).toEqual({ type: 'collapsibleSide', sideNavCollapse: false });
  });

  it('reads a stored value leniently: unknown values fall back to the defaults, known ones stay', () => {
    expect(normalizeTheme(null)).toEqual(defaultTheme);
    expect(normalizeTheme({ mode: 'dark', direction: 'sideways', controlSize: 'xl', layout: { type: 'stackedSide', previousType: 'nope' } })).toEqual({
      ...defaultTheme,
      mode: 'dark',
      layout: { type: 'stackedSide', sideNavCollapse: false },
    });
  });

  it('persists under "theme"', () => {
    const store = createStore();
    store.set(chooseLayoutAtom, 'topBarClassic');
    expect(JSON.parse(localStorage.getItem('theme') ?? '{}')).toMatchObject({ layout: { type: 'topBarClassic' } });
  });
});

describe('route layouts (spec §4)', () => {
  it('applies a required layout on entry and restores the previous one when the next route requires none', () => {
    const store = createStore();
    store.set(chooseLayoutAtom, 'stackedSide');
    store.set(applyRouteLayoutAtom, 'blank');
    expect(store.get(themeAtom).layout).toEqual({ type: 'blank', sideNavCollapse: false, previousType: 'stackedSide' });
    // A second route requiring another layout still remembers the user's own.
    store.set(applyRouteLayoutAtom, 'topBarClassic');
    expect(store.get(themeAtom).layout.previousType).toBe('stackedSide');
    store.set(applyRouteLayoutAtom, undefined);
    expect(store.get(themeAtom).layout).toEqual({ type: 'stackedSide', sideNavCollapse: false });
    store.set(applyRouteLayoutAtom, undefined);
    expect(store.get(themeAtom).layout.type).toBe('stackedSide');
  });

  it('lets a layout the user picks replace a forced one', () => {
    const store = createStore();
    store.set(applyRouteLayoutAtom, 'blank');
    store.set(chooseLayoutAtom, 'framelessSide');
    store.set(applyRouteLayoutAtom, undefined);
    expect(store.get(themeAtom).layout).toEqual({ type: 'framelessSide', sideNavCollapse: false });
  });
});
