/** The app's routes by path pattern, to tell a wrong method (405) from an unknown path (404). */
export interface RouteIndex {
  add(method: string | readonly string[], url: string): void;
  /** The methods some route answers for this concrete path (catch-all routes aside). */
  allowedMethods(path: string): string[];
}

function patternOf(url: string): RegExp {
  const escaped = url.split('/').map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${escaped.join('/')}/?$`);
}

export function createRouteIndex(): RouteIndex {
  const routes: Array<{ methods: readonly string[]; pattern: RegExp }> = [];
  return {
    add(method, url) {
      // A catch-all (the SPA's /*) would make every path look known.
      if (url.includes('*')) return;
      routes.push({ methods: typeof method === 'string' ? [method] : method, pattern: patternOf(url) });
    },
    allowedMethods(path) {
      const allowed = new Set<string>();
      for (const route of routes) if (route.pattern.test(path)) for (const method of route.methods) allowed.add(method);
      return [...allowed].sort();
    },
  };
}
