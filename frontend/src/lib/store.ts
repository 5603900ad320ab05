import { createStore } from 'jotai';

/** One store, so code outside React (the API client) reads and clears the same session the UI shows. */
export const appStore = createStore();
