// The mock API's switch (spec §7), read by main.tsx; Vite replaces it at build time.
interface ImportMetaEnv {
  readonly VITE_API_MOCK?: string;
}
