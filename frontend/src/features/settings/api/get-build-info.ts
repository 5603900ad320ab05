import { queryOptions, useQuery } from '@tanstack/react-query';

/** The product's version, build commit and licence text, made when the SPA was built (loaded on demand). */
export const aboutQueryOptions = () =>
  queryOptions({ queryKey: ['build-info', 'about'], queryFn: async () => (await import('virtual:about')).about, staleTime: Infinity });

export function useAbout() {
  return useQuery(aboutQueryOptions());
}

/** The licences of every third-party package of the SPA and the server and of the face models (loaded on demand). */
export const attributionsQueryOptions = () =>
  queryOptions({ queryKey: ['build-info', 'attributions'], queryFn: async () => (await import('virtual:attributions')).attributions, staleTime: Infinity });

export function useAttributions() {
  return useQuery(attributionsQueryOptions());
}
