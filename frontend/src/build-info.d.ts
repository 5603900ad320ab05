// The virtual modules of scripts/build-info-plugin.ts, made when the SPA is built.
declare module 'virtual:about' {
  export const about: { version: string; commit: string; licence: string };
}

declare module 'virtual:attributions' {
  // An ambient module cannot import by a relative path; an import() type can.
  // eslint-disable-next-line @typescript-eslint/consistent-type-imports
  export const attributions: import('../scripts/attributions.ts').Attributions;
}
