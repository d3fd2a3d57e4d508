// The shapes of the two WHATWG classes the contract uses (URL, URLSearchParams), which every runtime it runs in has
// (Node, Chromium). The contract's room is compiled with neither Node's nor the DOM's types (contract/tsconfig.json),
// so a file that uses one names it in its own scope: `declare const URL: WebUrlClass;` (a global d.ts would be missed
// by TypeScript 7's incremental build when it changes).

export interface WebUrl {
  readonly origin: string;
  readonly protocol: string;
  readonly username: string;
  readonly password: string;
  readonly hostname: string;
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
}

export type WebUrlClass = new (url: string) => WebUrl;

export interface WebSearchParams extends Iterable<[string, string]> {
  get(name: string): string | null;
  set(name: string, value: string): void;
  toString(): string;
}

export type WebSearchParamsClass = new (init?: string | string[][]) => WebSearchParams;
