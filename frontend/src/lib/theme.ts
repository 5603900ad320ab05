import { atom } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';

export const layoutTypes = ['collapsibleSide', 'stackedSide', 'topBarClassic', 'framelessSide', 'contentOverlay', 'blank'] as const;
export type LayoutType = (typeof layoutTypes)[number];
export const controlSizes = ['xs', 'sm', 'md', 'lg'] as const;
export type ControlSize = (typeof controlSizes)[number];
/** '' is the default (blue) schema. */
export const themeSchemas = ['', 'dark', 'green', 'purple', 'orange'] as const;
export type ThemeSchema = (typeof themeSchemas)[number];
export type Direction = 'ltr' | 'rtl';
export type Mode = 'light' | 'dark';

/** Spec §3 theme preference, kept in local storage under 'theme'. */
export interface Theme {
  themeSchema: ThemeSchema;
  direction: Direction;
  mode: Mode;
  panelExpand: boolean;
  controlSize: ControlSize;
  layout: { type: LayoutType; sideNavCollapse: boolean; previousType?: LayoutType | undefined };
}

export const defaultTheme: Theme = {
  themeSchema: '',
  direction: 'ltr',
  mode: 'light',
  panelExpand: false,
  controlSize: 'md',
  layout: { type: 'collapsibleSide', sideNavCollapse: false },
};

function oneOf<T extends string>(values: readonly T[], value: unknown, fallback: T): T {
  return values.includes(value as T) ? (value as T) : fallback;
}

/** Whatever is stored is read leniently: an unknown or old value falls back to the default. */
export function normalizeTheme(value: unknown): Theme {
  const stored = (typeof value === 'object' && value !== null ? value : {}) as Partial<Record<keyof Theme, unknown>>;
  const layout = (typeof stored.layout === 'object' && stored.layout !== null ? stored.layout : {}) as Record<string, unknown>;
  const previousType = layoutTypes.includes(layout.previousType as LayoutType) ? (layout.previousType as LayoutType) : undefined;
  return {
    themeSchema: oneOf(themeSchemas, stored.themeSchema, defaultTheme.themeSchema),
    direction: oneOf(['ltr', 'rtl'] as const, stored.direction, defaultTheme.direction),
    mode: oneOf(['light', 'dark'] as const, stored.mode, defaultTheme.mode),
    panelExpand: typeof stored.panelExpand === 'boolean' ? stored.panelExpand : defaultTheme.panelExpand,
    controlSize: oneOf(controlSizes, stored.controlSize, defaultTheme.controlSize),
    layout: {
      type: oneOf(layoutTypes, layout.type, defaultTheme.layout.type),
      sideNavCollapse: typeof layout.sideNavCollapse === 'boolean' ? layout.sideNavCollapse : false,
      ...(previousType ? { previousType } : {}),
    },
  };
}

const baseStorage = createJSONStorage<Theme>(() => localStorage);
const themeStorage: typeof baseStorage = {
  ...baseStorage,
  getItem: (key, initialValue) => normalizeTheme(baseStorage.getItem(key, initialValue)),
};

export const themeAtom = atomWithStorage<Theme>('theme', defaultTheme, themeStorage, { getOnInit: true });

export const updateThemeAtom = atom(null, (get, set, change: Partial<Omit<Theme, 'layout'>>) => {
  set(themeAtom, { ...get(themeAtom), ...change });
});

/** A layout the user picks replaces any layout a route forced. */
export const chooseLayoutAtom = atom(null, (get, set, type: LayoutType) => {
  const theme = get(themeAtom);
  set(themeAtom, { ...theme, layout: { type, sideNavCollapse: theme.layout.sideNavCollapse } });
});

export const toggleSideNavAtom = atom(null, (get, set) => {
  const theme = get(themeAtom);
  set(themeAtom, { ...theme, layout: { ...theme.layout, sideNavCollapse: !theme.layout.sideNavCollapse } });
});

/**
 * Spec §4: a route may require a layout, applied on entry; the previous one comes back when the next route
 * requires none.
 */
export const applyRouteLayoutAtom = atom(null, (get, set, required: LayoutType | undefined) => {
  const theme = get(themeAtom);
  const { layout } = theme;
  if (required) {
    if (layout.type === required) return;
    set(themeAtom, { ...theme, layout: { ...layout, type: required, previousType: layout.previousType ?? layout.type } });
  } else if (layout.previousType) {
    set(themeAtom, { ...theme, layout: { type: layout.previousType, sideNavCollapse: layout.sideNavCollapse } });
  }
});

/** Mirrors the theme onto the root element: the dark/light class, direction, schema and control size. */
export function applyThemeToDocument(theme: Theme, root: HTMLElement = document.documentElement): void {
  root.classList.toggle('dark', theme.mode === 'dark');
  root.classList.toggle('light', theme.mode === 'light');
  root.dataset.theme = theme.mode;
  root.dataset.schema = theme.themeSchema || 'default';
  root.dataset.controlSize = theme.controlSize;
  root.dir = theme.direction;
}
