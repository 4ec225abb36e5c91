/**
 * The README's install command is `npm ci`: it refuses a lock file that misses a package npm would resolve
 * (e.g. the optional builds of other platforms), and it warns EBADENGINE for a locked package whose `engines`
 * the stated Node.js minimum does not satisfy. A fresh clone must install silently and stay clean.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

interface LockEntry {
  version?: string;
  engines?: { node?: string } | string[];
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  link?: boolean;
}

const root = path.resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  lockfileVersion: number;
  packages: Record<string, LockEntry>;
};

/** Where Node's resolution finds `name` from the package at `at` (its own node_modules, then each parent's). */
function resolveFrom(at: string, name: string): string | null {
  let dir = at;
  for (;;) {
    const candidate = `${dir === '' ? '' : `${dir}/`}node_modules/${name}`;
    if (candidate in lock.packages) return candidate;
    if (dir === '') return null;
    const up = dir.lastIndexOf('/node_modules/');
    dir = up < 0 ? '' : dir.slice(0, up);
  }
}

describe('package-lock.json', () => {
  it('is a lockfile v3 npm ci accepts', () => {
    expect(lock.lockfileVersion).toBe(3);
  });

  it('locks every optional dependency, for every platform (npm ci refuses a lock that lacks one)', () => {
    const missing: string[] = [];
    for (const [at, entry] of Object.entries(lock.packages)) {
      for (const name of Object.keys(entry.optionalDependencies ?? {})) {
        if (resolveFrom(at, name) === null) missing.push(`${name} (optional dependency of ${at || 'the root'})`);
      }
    }
    expect(missing).toEqual([]);
  });

  it(`holds no package whose engines exclude the stated minimum (${pkg.engines.node}): no EBADENGINE`, () => {
    const minimum = semver.minVersion(pkg.engines.node);
    expect(minimum).not.toBeNull();
    const excluded = Object.entries(lock.packages)
      .filter(([at, entry]) => at !== '' && !Array.isArray(entry.engines) && entry.engines?.node !== undefined)
      .filter(([, entry]) => !semver.satisfies(minimum!, (entry.engines as { node: string }).node))
      .map(([at, entry]) => `${at}@${entry.version} wants node ${(entry.engines as { node: string }).node}`);
    expect(excluded).toEqual([]);
  });
});
