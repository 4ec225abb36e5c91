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
interface NameMatcher {
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
    // A name without regex syntax matches literally: the pattern is then checked without the regex.
    matcher = /^[A-Za-z0-9_-]+$/.test(name) ? new LiteralNameMatcher(name) : { test: (query) => re.test(query) };
    matchers.set(name, matcher);
  }
  return matcher;
}

/** RE2 `\w`: ASCII letters, digits and `_`. */
function isWordCode(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a) || code === 0x5f;
}

/** `.`, ASCII digits and letters: the characters that may not precede a name. */
function isNameJoinCode(code: number): boolean {
  return code === 0x2e || (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
}

/**
 * The matcher pattern for a name made of `[A-Za-z0-9_-]` only, without the regex: an occurrence of
 * the name at the start of the query or after any character but `.`, a digit or a letter (white
 * space included), followed by a word boundary (RE2 `\b` is ASCII).
 */
class LiteralNameMatcher implements NameMatcher {
  readonly #lastIsWord: boolean;

  constructor(readonly name: string) {
    this.#lastIsWord = isWordCode(name.charCodeAt(name.length - 1));
  }

  test(query: string): boolean {
    const name = this.name;
    for (let at = query.indexOf(name); at >= 0; at = query.indexOf(name, at + 1)) {
      if (at > 0 && isNameJoinCode(query.charCodeAt(at - 1))) continue;
      const end = at + name.length;
      const nextIsWord = end < query.length && isWordCode(query.charCodeAt(end));
      if (nextIsWord !== this.#lastIsWord) return true;
    }
    return false;
  }
}

/** The loaders registered on one JSON context, with their checkpoint levels. */
export class DeferredLoaders {
  private level = -1;
  private index = -1;
  private loaders: LeveledLoader[] = [];

  add(matcher: NameMatcher, loader: ContextLoader, level: number): void {
    const entry: LeveledLoader = { level, matched: false, matcher, loader };
    // Most contexts only ever hold the loader of `images`: no room for more until needed.
    if (this.loaders.length === 0) this.loaders = [entry];
    else this.loaders.push(entry);
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
