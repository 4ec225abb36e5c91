/**
 * @file The image pull policy the API server defaults a container (and an image volume) to:
 * kubernetes/kubernetes pkg/apis/core/v1/defaults.go `SetDefaults_Container` / `SetDefaults_Volume` take the
 * tag of pkg/util/parsers `ParseImageName` (distribution/reference `ParseNormalizedNamed`; no tag and no
 * digest means `latest`): `Always` for the `latest` tag, `IfNotPresent` otherwise, and `IfNotPresent` when
 * the image does not parse.
 */
import type { JsonValue } from '../../types.js';
import { parseReference } from '../../util/image-reference.js';

/** distribution/reference normalize.go `anchoredIdentifierRegexp`: a bare 64-hex image ID. */
const ANCHORED_IDENTIFIER = /^[a-f0-9]{64}$/;
const DEFAULT_DOMAIN = 'docker.io';
const LEGACY_DEFAULT_DOMAIN = 'index.docker.io';
const OFFICIAL_REPO_PREFIX = 'library/';

/** distribution/reference normalize.go `splitDockerDomain`. */
function splitDockerDomain(name: string): [domain: string, remainder: string] {
  const slash = name.indexOf('/');
  let domain: string;
  let remainder: string;
  const first = slash === -1 ? '' : name.slice(0, slash);
  if (slash === -1 || (!/[.:]/.test(first) && first !== 'localhost' && first.toLowerCase() === first)) {
    domain = DEFAULT_DOMAIN;
    remainder = name;
  } else {
    domain = first;
    remainder = name.slice(slash + 1);
  }
  if (domain === LEGACY_DEFAULT_DOMAIN) domain = DEFAULT_DOMAIN;
  if (domain === DEFAULT_DOMAIN && !remainder.includes('/')) remainder = OFFICIAL_REPO_PREFIX + remainder;
  return [domain, remainder];
}

/** The tag `ParseImageName` gives `image` (`latest` when it has neither tag nor digest), `''` when it does not parse. */
export function imageTag(image: string): string {
  if (ANCHORED_IDENTIFIER.test(image)) return '';
  const [domain, remainder] = splitDockerDomain(image);
  const colon = remainder.indexOf(':');
  const remoteName = colon === -1 ? remainder : remainder.slice(0, colon);
  if (remoteName.toLowerCase() !== remoteName) return '';
  let parsed: { tag: string; digest: string };
  try {
    parsed = parseReference(`${domain}/${remainder}`);
  } catch {
    return '';
  }
  return parsed.tag === '' && parsed.digest === '' ? 'latest' : parsed.tag;
}

/** The default pull policy of an image reference (a missing or non-string image parses as `""`). */
export function defaultPullPolicy(image: JsonValue | undefined): 'Always' | 'IfNotPresent' {
  return imageTag(typeof image === 'string' ? image : '') === 'latest' ? 'Always' : 'IfNotPresent';
}
