/**
 * @file Deferred context loading, ported from Kyverno's `pkg/engine/context/deferred.go`: a loader
 * runs the first time a query mentions its name as a top-level identifier, loaders run in
 * declaration order, a loader's own queries may only trigger loaders declared before it (and at a
 * checkpoint level not above its own), and checkpoint restore/reset drops or reloads loaders by
 * level. A loader that fails is logged-and-skipped in Kyverno: the failure is swallowed here too,
 * so the query proceeds (typically to `Unknown key "<name>" in path`).
 */
import { RE2JS } from 're2js';

/** Produces the data of one context entry and stores it in the context. */
export interface ContextLoader {
  /** Loads (or reloads) the data into the context; throws on failure. */
  loadData(): void;
  /** Whether a previous `loadData` stored data. */
  hasLoaded(): boolean;
}

interface LeveledLoader {
  readonly level: number;
  matched: boolean;
  readonly matcher: NameMatcher;
  readonly loader: ContextLoader;
}

/** Tells whether a query mentions a loader's name. */
export interface NameMatcher {
  test(query: string): boolean;
}

const matchers = new Map<string, NameMatcher>();

/**
 * Kyverno's name matcher `(?:\A|\z|\s|[^.0-9A-Za-z])<name>\b` (Go RE2; the name is inserted
 * unescaped, exactly as Kyverno does). Throws when the resulting pattern does not compile.
 */
export function loaderMatcher(name: string): NameMatcher {
  let matcher = matchers.get(name);
  if (matcher === undefined) {
    const re = RE2JS.compile(`(?:\\A|\\z|\\s|[^.0-9A-Za-z])${name}\\b`);
    // A name without regex syntax can only match where it occurs literally: skip the regex otherwise.
    matcher = /^[A-Za-z0-9_-]+$/.test(name)
      ? { test: (query) => query.includes(name) && re.test(query) }
      : { test: (query) => re.test(query) };
    matchers.set(name, matcher);
  }
  return matcher;
}

/** The loaders registered on one JSON context, with their checkpoint levels. */
export class DeferredLoaders {
  private level = -1;
  private index = -1;
  private loaders: LeveledLoader[] = [];

  add(matcher: NameMatcher, loader: ContextLoader, level: number): void {
    this.loaders.push({ level, matched: false, matcher, loader });
  }

  /** Runs every not yet loaded loader that `query` mentions, in declaration order. */
  loadMatching(query: string, level: number): void {
    if (this.level >= 0) level = this.level;
    const index = this.index >= 0 ? this.index : this.loaders.length;
    for (let found = this.match(query, level, index); found !== null; found = this.match(query, level, index)) {
      if (!this.loadData(found.loader, found.index)) return;
    }
  }

  /**
   * After the context went back to a checkpoint (`restore`: popped; otherwise reset in place) at
   * `level`: drops loaders declared above it, reloads loaded ones still relevant, drops the ones
   * declared at the level itself.
   */
  reset(restore: boolean, level: number): void {
    for (const loader of this.loaders) loader.matched = false;
    for (let i = 0; i < this.loaders.length; i++) {
      const l = this.loaders[i]!;
      if (l.level > level) {
        this.loaders.splice(i--, 1);
      } else if (l.loader.hasLoaded()) {
        if (restore || l.level < level) this.loadData(l, i);
        if (l.level === level) this.loaders.splice(i--, 1);
      } else if (!restore && l.level === level) {
        this.loaders.splice(i--, 1);
      }
    }
  }

  private match(query: string, level: number, index: number): { loader: LeveledLoader; index: number } | null {
    const end = Math.min(index, this.loaders.length);
    for (let i = 0; i < end; i++) {
      const l = this.loaders[i]!;
      if (l.matched || l.loader.hasLoaded()) continue;
      if (l.matcher.test(query) && l.level <= level) {
        l.matched = true;
        return { loader: l, index: i };
      }
    }
    return null;
  }

  /** Runs one loader with the level/index restriction in force; false when it failed. */
  private loadData(l: LeveledLoader, index: number): boolean {
    this.level = l.level;
    this.index = index;
    try {
      l.loader.loadData();
      return true;
    } catch (err) {
      // Programming errors are not loader failures.
      if (err instanceof TypeError || err instanceof ReferenceError) throw err;
      return false;
    } finally {
      this.level = -1;
      this.index = -1;
    }
  }
}
