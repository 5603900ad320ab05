// The virtual modules of scripts/build-info-plugin.ts, made when the SPA is built.
declare module 'virtual:about' {
  export const about: { version: string; commit: string; licence: string };
}

declare module 'virtual:attributions' {
  export const attributions: import('../scripts/attributions.ts').Attributions;
}
