/**
 * @file Image references as go-containerregistry parses them with its default (weak) validation
 * (github.com/google/go-containerregistry `pkg/name`: `ParseReference`, `NewTag`, `NewDigest`, `NewRepository`,
 * `NewRegistry`, `checkElement`). Unlike the Docker grammar of image-reference.ts, upper-case registries, empty
 * path segments and repeated separators are accepted; the default registry is `index.docker.io` (also for
 * `docker.io`), a Docker Hub repository without a slash gets `library/`, and the default tag is `latest`.
 */
import { isIPv6 } from 'node:net';

export const DEFAULT_REGISTRY = 'index.docker.io';
const DEFAULT_REGISTRY_ALIAS = 'docker.io';
export const DEFAULT_TAG = 'latest';
const DEFAULT_NAMESPACE = 'library';

const TAG_CHARS = new Set('abcdefghijklmnopqrstuvwxyz0123456789_-.ABCDEFGHIJKLMNOPQRSTUVWXYZ');
const REPOSITORY_CHARS = new Set('abcdefghijklmnopqrstuvwxyz0123456789_-./');

/** A parsed reference: a tag (`name.Tag`) or a digest (`name.Digest`) of a repository. */
export interface RegistryReference {
  readonly kind: 'tag' | 'digest';
  /** `Registry.RegistryStr()`: the registry host, `index.docker.io` by default. */
  readonly registry: string;
  /** The repository as written (`Repository.repository`), without the implicit `library/`. */
  readonly path: string;
  /** `Tag.TagStr()` (`latest` by default); `""` for a digest. */
  readonly tag: string;
  /** `Digest.DigestStr()` (`sha256:<hex>`); `""` for a tag. */
  readonly digest: string;
  /** The text parsed (`String()`). */
  readonly original: string;
}

/** `Repository.RepositoryStr()`: the repository with Docker Hub's implicit `library/` namespace. */
export function repositoryOf(ref: Pick<RegistryReference, 'registry' | 'path'>): string {
  return !ref.path.includes('/') && ref.registry === DEFAULT_REGISTRY ? `${DEFAULT_NAMESPACE}/${ref.path}` : ref.path;
}

/** `Reference.Identifier()`: the tag or the digest. */
export function identifierOf(ref: RegistryReference): string {
  return ref.kind === 'tag' ? ref.tag : ref.digest;
}

/** `Repository.Name()`: `registry/repository`. */
function repositoryName(ref: Pick<RegistryReference, 'registry' | 'path'>): string {
  return ref.registry !== '' ? `${ref.registry}/${repositoryOf(ref)}` : repositoryOf(ref);
}

class BadName extends Error {}

/** `checkElement`: a length in runes and a set of characters. */
function checkElement(name: string, element: string, allowed: ReadonlySet<string>, allowedText: string, min: number, max: number): void {
  const runes = Array.from(element);
  if (runes.length < min || runes.length > max) {
    throw new BadName(`${name} must be between ${min} and ${max} characters in length: ${element}`);
  }
  if (runes.some((rune) => !allowed.has(rune))) throw new BadName(`${name} can only contain the characters \`${allowedText}\`: ${element}`);
}

/** Go `net/url` `shouldEscape(c, encodeHost)` for ASCII: characters a host cannot hold. */
function hostNeedsEscape(c: string): boolean {
  if (/[A-Za-z0-9]/.test(c)) return false;
  return !"!$&'()*+,;=:[]<>\"-_.~".includes(c);
}

/** Go `validOptionalPort`. */
function validOptionalPort(port: string): boolean {
  return port === '' || /^:[0-9]*$/.test(port);
}

/**
 * go-containerregistry `checkRegistry`: `url.Parse("//" + name)` succeeds and gives `name` back as the host
 * (Go `net/url` `parse`, `parseAuthority`, `parseHost`, `unescape` in host mode). So no `/ ? # @ %`, no control
 * characters, ASCII only from the host set, a numeric port, and a bracketed IPv6 address.
 */
function validRegistry(name: string): boolean {
  for (const c of name) {
    const code = c.codePointAt(0)!;
    if (code < 0x20 || code === 0x7f) return false;
    if ('/?#@%'.includes(c)) return false;
    if (code < 0x80 && hostNeedsEscape(c)) return false;
  }
  if (name.startsWith('[')) {
    const close = name.lastIndexOf(']');
    if (close < 0 || !validOptionalPort(name.slice(close + 1))) return false;
    return isIPv6(name.slice(1, close));
  }
  const colon = name.lastIndexOf(':');
  return colon < 0 || validOptionalPort(name.slice(colon));
}

/** `NewRegistry`: the registry host (default `index.docker.io`, `docker.io` rewritten to it). */
function newRegistry(name: string): string {
  if (!validRegistry(name)) throw new BadName(`registries must be valid RFC 3986 URI authorities: ${name}`);
  if (name === '') return DEFAULT_REGISTRY;
  return name === DEFAULT_REGISTRY_ALIAS ? DEFAULT_REGISTRY : name;
}

/** `NewRepository`: the registry (a first segment that is `localhost` or holds `.` or `:`) and the repository. */
function newRepository(name: string): { registry: string; path: string } {
  if (name.length === 0) throw new BadName('a repository name must be specified');
  let registry = '';
  let path = name;
  const slash = name.indexOf('/');
  if (slash >= 0) {
    const first = name.slice(0, slash);
    if (first === 'localhost' || /[.:]/.test(first)) {
      registry = first;
      path = name.slice(slash + 1);
    }
  }
  checkElement('repository', path, REPOSITORY_CHARS, 'abcdefghijklmnopqrstuvwxyz0123456789_-./', 1, 255);
  return { registry: newRegistry(registry), path };
}

/** `NewTag` (weak validation). */
function newTag(name: string): RegistryReference {
  let base = name;
  let tag = '';
  const parts = name.split(':');
  if (parts.length > 1 && !parts[parts.length - 1]!.includes('/')) {
    base = parts.slice(0, -1).join(':');
    tag = parts[parts.length - 1]!;
    if (tag === '') throw new BadName(`${name} must specify a tag name after the colon`);
  }
  if (tag !== '') checkElement('tag', tag, TAG_CHARS, 'abcdefghijklmnopqrstuvwxyz0123456789_-.ABCDEFGHIJKLMNOPQRSTUVWXYZ', 1, 128);
  if (tag === '') tag = DEFAULT_TAG;
  const repository = newRepository(base);
  return { kind: 'tag', ...repository, tag, digest: '', original: name };
}

/** `NewDigest`: `<repository>[:<tag>]@sha256:<64 lower-case hex digits>` (a tag is dropped). */
function newDigest(name: string): RegistryReference {
  const parts = name.split('@');
  if (parts.length !== 2) {
    throw new BadName(`a digest must contain exactly one '@' separator (e.g. registry/repository@digest) saw: ${name}`);
  }
  let base = parts[0]!;
  const digest = parts[1]!;
  if (!digest.startsWith('sha256:')) throw new BadName(`unsupported digest algorithm: ${digest}`);
  const hex = digest.slice('sha256:'.length);
  if (hex.length !== 64) throw new BadName('invalid checksum digest length');
  if (!/^[a-f0-9]{64}$/.test(hex)) throw new BadName('invalid checksum digest format');
  try {
    base = repositoryName(newTag(base));
  } catch (err) {
    if (!(err instanceof BadName)) throw err;
  }
  const repository = newRepository(base);
  return { kind: 'digest', ...repository, tag: '', digest, original: name };
}

/** `name.ParseReference(s)` (weak): a tag reference, else a digest reference; throws `could not parse reference: s`. */
export function parseRegistryReference(s: string): RegistryReference {
  try {
    return newTag(s);
  } catch (err) {
    if (!(err instanceof BadName)) throw err;
  }
  try {
    return newDigest(s);
  } catch (err) {
    if (!(err instanceof BadName)) throw err;
  }
  throw new Error(`could not parse reference: ${s}`);
}
