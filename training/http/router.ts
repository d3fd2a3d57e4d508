// Matches a method and path against the operations table; literal segments win over parameters (`/patients/guardian_relationship_types` before `/patients/{patient_id}`).
import type { AnyOperation } from '../../contract/service/operation.ts';
import { badRequest } from './errors.ts';

interface Route {
  operation: AnyOperation;
  segments: { literal: string | null; param: string | null }[];
  literals: number;
}

export type RouteMatch =
  | { kind: 'found'; operation: AnyOperation; params: Record<string, string> }
  | { kind: 'method_not_allowed'; allowed: string[] }
  | { kind: 'not_found' };

export class Router {
  private readonly routes: Route[];

  constructor(operations: readonly AnyOperation[]) {
    this.routes = operations
      .map((operation) => {
        const segments = operation.path
          .split('/')
          .slice(1)
          .map((s) => {
            const param = /^\{(\w+)\}$/.exec(s)?.[1] ?? null;
            return { literal: param ? null : s, param };
          });
        return { operation, segments, literals: segments.filter((s) => s.literal !== null).length };
      })
      // More literal segments first, so fixed paths shadow parameterised ones of the same length.
      .sort((a, b) => b.literals - a.literals);
  }

  match(method: string, pathname: string): RouteMatch {
    const raw = pathname.split('/').slice(1);
    if (raw.length > 12) return { kind: 'not_found' };
    let parts: string[];
    try {
      parts = raw.map((s) => decodeURIComponent(s));
    } catch {
      throw badRequest('The path has a malformed percent-encoding.');
    }
    const allowed = new Set<string>();
    for (const route of this.routes) {
      const params = matchSegments(route, parts);
      if (!params) continue;
      if (route.operation.method === method) return { kind: 'found', operation: route.operation, params };
      allowed.add(route.operation.method);
    }
    return allowed.size > 0 ? { kind: 'method_not_allowed', allowed: [...allowed] } : { kind: 'not_found' };
  }
}

function matchSegments(route: Route, parts: string[]): Record<string, string> | null {
  if (route.segments.length !== parts.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < parts.length; i++) {
    const segment = route.segments[i] as Route['segments'][number];
    const part = parts[i] as string;
    if (segment.literal !== null) {
      if (segment.literal !== part) return null;
    } else {
      if (part === '') return null;
      params[segment.param as string] = part;
    }
  }
  return params;
}
