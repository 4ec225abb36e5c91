/**
 * @file Kyverno's JSON traversal for substitution (`pkg/engine/jsonutils/traverse.go` with
 * `OnlyForLeafsAndKeys`): the action sees every leaf and every map key (keys with the parent's
 * path), members extend the path with `/<key>` (`/` written `\/`), items with `/<index>`, the root
 * path is `""`; whatever an action returns is traversed again, so variables inside an inserted
 * object are substituted too. The input is never mutated.
 */
import { setOwnProperty } from '../../../../util/go-json.js';
import { SubstitutionError, SubstitutionFailure } from './errors.js';

/**
 * What a traversal does to each leaf (`isKey` false) and map key (`isKey` true); it may return a
 * `SubstitutionFailure` to stop the traversal.
 */
export interface LeafAction {
  leaf(value: unknown, path: string, isKey: boolean): unknown;
  /**
   * Whether the action leaves every leaf and key of `value` (a map or list) as it is: the traversal then
   * keeps `value` itself instead of a copy (its result may share structure with its input).
   */
  unchanged?(value: object): boolean;
}

const isMap = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const childPath = (path: string, key: string): string => `${path}/${key.replaceAll('/', '\\/')}`;

/** Traverses a value the action already produced (maps and lists are walked, leaves kept). */
function walk(value: unknown, path: string, action: LeafAction): unknown {
  if (typeof value === 'object' && value !== null && action.unchanged?.(value)) return value;
  if (Array.isArray(value)) {
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) {
      const item = traverse(value[i], `${path}/${i}`, action);
      if (item instanceof SubstitutionFailure) return item;
      out[i] = item;
    }
    return out;
  }
  if (isMap(value)) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      let newKey = action.leaf(key, path, true);
      if (newKey instanceof SubstitutionFailure) return newKey;
      if (typeof newKey === 'object' && newKey !== null) {
        const walked = walk(newKey, path, action);
        if (walked instanceof SubstitutionFailure) return walked;
        throw new SubstitutionError(`expected string after substituting variables in key "${key}"`);
      }
      if (newKey === null || newKey === undefined) newKey = key;
      if (typeof newKey !== 'string') throw new SubstitutionError(`expected string after substituting variables in key "${key}"`);
      const item = traverse(value[key], childPath(path, key), action);
      if (item instanceof SubstitutionFailure) return item;
      setOwnProperty(out, newKey, item);
    }
    return out;
  }
  return value;
}

/**
 * Applies `action` to every leaf and key of `document`; returns the new document. A
 * `SubstitutionFailure` from the action stops the traversal and is returned.
 */
export function traverse(document: unknown, path: string, action: LeafAction): unknown {
  if (Array.isArray(document) || isMap(document)) return walk(document, path, action);
  const leaf = action.leaf(document, path, false);
  if (leaf instanceof SubstitutionFailure) return leaf;
  return walk(leaf, path, action);
}

/** Calls `visit` for every leaf and map key of `document` with Kyverno's traversal paths. */
export function visitLeavesAndKeys(document: unknown, visit: (value: unknown, path: string) => void, path = ''): void {
  if (Array.isArray(document)) {
    for (let i = 0; i < document.length; i++) visitLeavesAndKeys(document[i], visit, `${path}/${i}`);
  } else if (isMap(document)) {
    for (const key of Object.keys(document)) {
      visit(key, path);
      visitLeavesAndKeys(document[key], visit, childPath(path, key));
    }
  } else {
    visit(document, path);
  }
}
