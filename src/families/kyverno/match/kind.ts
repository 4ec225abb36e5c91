/**
 * @file Kind selectors of `match`/`exclude` (`kinds: [...]`): parsing a selector into group, version, kind
 * and subresource (Kyverno `ParseKindSelector`, pkg/utils/kube/kind.go) and matching a list of selectors
 * against a resource GVK + subresource (Kyverno `CheckKind`, pkg/utils/match/kind.go). Also the
 * `apiVersion` → group/version split of Kubernetes `schema.ParseGroupVersion`.
 */
import { wildcardMatch } from '../../../util/wildcard.js';

/** A parsed kind selector; every part may hold `*`/`?` wildcards. */
interface KindSelector {
  readonly group: string;
  readonly version: string;
  readonly kind: string;
  readonly subresource: string;
}

/** A resource's group/version/kind; the core group is `""`. */
export interface GroupVersionKind {
  readonly group: string;
  readonly version: string;
  readonly kind: string;
}

/** Go `^(v\d+((alpha|beta)\d+)?|\*)$` (Go `\d` is ASCII only). */
const VERSION_PATTERN = /^(?:v[0-9]+(?:(?:alpha|beta)[0-9]+)?|\*)$/;

const selectorCache = new Map<string, KindSelector>();

function selector(group: string, version: string, kind: string, subresource: string): KindSelector {
  return { group, version, kind, subresource };
}

function parseUncached(input: string): KindSelector {
  const slashParts = input.split('/');
  const last = slashParts.pop() as string;
  const parts = slashParts.concat(last.split('.'));
  switch (parts.length) {
    case 1:
      return selector('*', '*', parts[0], '');
    case 2: {
      const [first, second] = parts;
      if (first === '*' && second === '*') return selector('*', '*', '*', '*');
      if (first === '*' && second.toLowerCase() === second) return selector('*', '*', first, second);
      if (VERSION_PATTERN.test(first)) return selector('*', first, second, '');
      return selector('*', '*', first, second);
    }
    case 3:
      if (VERSION_PATTERN.test(parts[0])) return selector('*', parts[0], parts[1], parts[2]);
      return selector(parts[0], parts[1], parts[2], '');
    case 4:
      return selector(parts[0], parts[1], parts[2], parts[3]);
    default:
      return selector('', '', '', '');
  }
}

/**
 * Kyverno `ParseKindSelector`: splits on `/`, then splits the last segment on `.` (so `Pod.status` ≡
 * `Pod/status`), and reads the parts as `K`, `V/K`, `K/S`, `*\/S`, `V/K/S`, `G/V/K` or `G/V/K/S`.
 * Results are cached by selector text.
 */
export function parseKindSelector(input: string): KindSelector {
  let parsed = selectorCache.get(input);
  if (parsed === undefined) {
    parsed = parseUncached(input);
    selectorCache.set(input, parsed);
  }
  return parsed;
}

/**
 * Kyverno `CheckKind`: true if any selector's group, version and kind wildcard-match the GVK and its
 * subresource wildcard-matches `subresource` (`""` for the object itself). With
 * `allowEphemeralContainers` (policy match/exclude, not exceptions), a core `v1` `Pod` request for the
 * `ephemeralcontainers` subresource is accepted by a selector whose G/V/K match.
 */
export function checkKind(
  kinds: readonly string[],
  gvk: GroupVersionKind,
  subresource: string,
  allowEphemeralContainers: boolean,
): boolean {
  for (const text of kinds) {
    const sel = parseKindSelector(text);
    if (
      wildcardMatch(sel.group, gvk.group) &&
      wildcardMatch(sel.version, gvk.version) &&
      wildcardMatch(sel.kind, gvk.kind)
    ) {
      if (wildcardMatch(sel.subresource, subresource)) return true;
      if (
        allowEphemeralContainers &&
        subresource === 'ephemeralcontainers' &&
        gvk.group === '' &&
        gvk.version === 'v1' &&
        gvk.kind === 'Pod'
      ) {
        return true;
      }
    }
  }
  return false;
}

/**
 * Kubernetes `schema.ParseGroupVersion`: `""` → core/empty, `v1` → core `v1`, `apps/v1` → `apps`/`v1`;
 * more than one `/` is an error (null).
 */
export function parseApiVersion(apiVersion: string): { group: string; version: string } | null {
  if (apiVersion === '' || apiVersion === '/') return { group: '', version: '' };
  const slash = apiVersion.indexOf('/');
  if (slash < 0) return { group: '', version: apiVersion };
  if (apiVersion.indexOf('/', slash + 1) >= 0) return null;
  return { group: apiVersion.slice(0, slash), version: apiVersion.slice(slash + 1) };
}

/**
 * The GVK of an unstructured resource as Kubernetes reads it (`Unstructured.GroupVersionKind`): from
 * `apiVersion` and `kind`; an unparsable `apiVersion` gives an all-empty GVK.
 */
export function resourceGroupVersionKind(resource: { [key: string]: unknown }): GroupVersionKind {
  const apiVersion = typeof resource.apiVersion === 'string' ? resource.apiVersion : '';
  const kind = typeof resource.kind === 'string' ? resource.kind : '';
  const gv = parseApiVersion(apiVersion);
  if (gv === null) return { group: '', version: '', kind: '' };
  return { group: gv.group, version: gv.version, kind };
}

/**
 * Kyverno `GetKindFromGVK` + `SplitSubresource` as used by `ContainsKind`: the bare kind of a selector
 * string for kind-list comparisons (autogen, policy validation), e.g. `apps/v1/Deployment` → `Deployment`,
 * `Pod/status` → `Pod`, `v1/Pod.status` → `Pod`.
 */
export function kindOfSelector(text: string): string {
  const parts = text.split('/');
  let kind: string;
  switch (parts.length) {
    case 1:
      kind = text.replace('.', '/');
      break;
    case 2:
      if (parts[0] === '*' && parts[1] === '*') kind = '*/*';
      else if (VERSION_PATTERN.test(parts[0])) kind = parts[1].replace('.', '/');
      else kind = `${parts[0]}/${parts[1]}`;
      break;
    case 3:
      kind = VERSION_PATTERN.test(parts[0]) ? `${parts[1]}/${parts[2]}` : parts[2].replace('.', '/');
      break;
    case 4:
      kind = `${parts[2]}/${parts[3]}`;
      break;
    default:
      kind = '';
  }
  const split = kind.split('/');
  return split.length === 2 ? split[0] : kind;
}

/** Kyverno `ContainsKind`: whether any selector's bare kind (see {@link kindOfSelector}) equals `kind`. */
export function containsKind(list: readonly string[] | undefined, kind: string): boolean {
  if (list === undefined) return false;
  for (const entry of list) {
    if (kindOfSelector(entry) === kind) return true;
  }
  return false;
}
