/**
 * @file The Kubernetes CEL libraries (k8s.io/apiserver/pkg/cel/library) as {@link CelLibrary} hooks for
 * `createCelEnvironment({ libraries })`. {@link KUBERNETES_LIBRARIES} lists them in the order Kubernetes' base
 * environment registers them (k8s.io/apiserver `pkg/cel/environment/base.go`: URLs, Regex, Lists, Quantity, IP,
 * CIDR, Format, Semver), then JSONPatch, which the mutating admission environment adds. Authz is not included:
 * Kyverno only offers it to `validate.cel`, where offline it has no authorizer to ask.
 */
import type { CelLibrary } from '../environment.js';
import { formatLibrary } from './format.js';
import { cidrLibrary, ipLibrary } from './ip.js';
import { jsonPatchLibrary } from './jsonpatch.js';
import { listsLibrary } from './lists.js';
import { quantityLibrary } from './quantity.js';
import { regexLibrary } from './regex.js';
import { semverLibrary } from './semver.js';
import { urlsLibrary } from './urls.js';

export { formatLibrary } from './format.js';
export { cidrLibrary, ipLibrary } from './ip.js';
export { jsonPatchLibrary } from './jsonpatch.js';
export { listsLibrary } from './lists.js';
export { quantityLibrary } from './quantity.js';
export { regexLibrary } from './regex.js';
export { semverLibrary } from './semver.js';
export { urlsLibrary } from './urls.js';

/** Every Kubernetes CEL library, in Kubernetes' registration order. */
export const KUBERNETES_LIBRARIES: readonly CelLibrary[] = [
  urlsLibrary,
  regexLibrary,
  listsLibrary,
  quantityLibrary,
  ipLibrary,
  cidrLibrary,
  formatLibrary,
  semverLibrary,
  jsonPatchLibrary,
];
