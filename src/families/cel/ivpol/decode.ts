/**
 * @file Decoding an ImageValidatingPolicy / NamespacedImageValidatingPolicy spec (kyverno/api
 * api/policies.kyverno.io/v1beta1/image_validating_policy.go, `ImageValidatingPolicySpec`; the CRD schema
 * kyverno/kyverno cmd/cli/kubectl-kyverno/data/crds/policies.kyverno.io_imagevalidatingpolicies.yaml). The fields it
 * shares with a ValidatingPolicy are decoded as a ValidatingPolicy's; the image fields here.
 */
import type { DocumentProblem } from '../../../evaluate/types.js';
import type { JsonObject, JsonValue } from '../../../types.js';
import { isObject, list, optionalString, type Path } from '../decode.js';
import { decodeValidatingPolicySpec } from '../vpol/decode.js';
import type { ValidatingPolicySpec } from '../vpol/types.js';

/** `matchImageReferences[]`: a glob or a CEL expression over `ref`. */
export interface MatchImageReference {
  glob?: string;
  expression?: string;
}

/** `images[]`: a named CEL extractor of image references. */
export interface ImageExtractor {
  name: string;
  expression: string;
}

/** An attestor (`cosign` or `notary`) as written, with the paths of its CEL expressions. */
export interface Attestor {
  name: string;
  /** The attestor document (`attestors.<name>` in CEL once its expressions are evaluated). */
  value: JsonObject;
  /** The string fields given by a CEL expression: where the expression is, and where its value goes. */
  expressions: { expression: string; path: Path; target: string[] }[];
}

export interface ImageValidatingPolicySpec {
  /** The fields shared with ValidatingPolicy (mode `Kubernetes` or `JSON`). */
  base: ValidatingPolicySpec;
  matchImageReferences: MatchImageReference[];
  images: ImageExtractor[];
  attestors: Attestor[];
  /** `attestations[].name`. */
  attestations: string[];
  /** `validationConfigurations.verifyDigest` (default true). */
  verifyDigest: boolean;
  /** `validationConfigurations.required` (default true). */
  required: boolean;
}

/** The fields only ImageValidatingPolicy has. */
export const IMAGE_FIELDS = ['matchImageReferences', 'images', 'attestors', 'attestations', 'validationConfigurations', 'credentials'] as const;

function booleanField(object: JsonObject, field: string, path: Path, problems: DocumentProblem[]): boolean | undefined {
  const value = object[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') {
    problems.push({ message: 'expected a boolean', path: [...path, field] });
    return undefined;
  }
  return value;
}

/** `cosign.key.expression`, `cosign.certificate.{certificate,certificateChain}.expression`, `cosign.trustedRoot.expression`, `notary.{certs,tsaCerts}.expression` (evaluator variables/attestors.go `CompileAttestors`). */
const ATTESTOR_EXPRESSIONS: readonly { at: string[]; target: string }[] = [
  { at: ['cosign', 'key'], target: 'data' },
  { at: ['cosign', 'certificate', 'certificate'], target: 'value' },
  { at: ['cosign', 'certificate', 'certificateChain'], target: 'value' },
  { at: ['cosign', 'trustedRoot'], target: 'value' },
  { at: ['notary', 'certs'], target: 'value' },
  { at: ['notary', 'tsaCerts'], target: 'value' },
];

function decodeAttestor(item: JsonValue, path: Path, problems: DocumentProblem[]): Attestor | undefined {
  if (!isObject(item)) {
    problems.push({ message: 'expected an object', path });
    return undefined;
  }
  const name = optionalString(item, 'name', path, problems) ?? '';
  if (name === '') problems.push({ message: 'name is required', path: [...path, 'name'] });
  const kinds = ['cosign', 'notary'].filter((kind) => item[kind] !== undefined && item[kind] !== null);
  if (kinds.length !== 1) problems.push({ message: 'exactly one of cosign or notary is required', path });
  const expressions: Attestor['expressions'] = [];
  for (const { at, target } of ATTESTOR_EXPRESSIONS) {
    let node: JsonValue | undefined = item;
    for (const key of at) node = isObject(node) ? node[key] : undefined;
    if (!isObject(node)) continue;
    // A certificate given by its key expression is not read (`CompileAttestors` takes the key first).
    if (at[1] === 'certificate' && isObject(item.cosign) && isObject(item.cosign.key) && typeof item.cosign.key.expression === 'string' && item.cosign.key.expression !== '') continue;
    const expression = node.expression;
    if (typeof expression === 'string' && expression !== '') expressions.push({ expression, path: [...path, ...at, 'expression'], target: [...at, target] });
  }
  return { name, value: item, expressions };
}

/** Decodes `spec`; `problems` receives the shape problems (paths from the document root). */
export function decodeImageValidatingPolicySpec(spec: JsonValue | undefined, problems: DocumentProblem[]): ImageValidatingPolicySpec {
  const path: Path = ['spec'];
  const value: JsonObject = isObject(spec) ? spec : {};
  const shared: JsonObject = { ...value };
  for (const field of IMAGE_FIELDS) delete shared[field];
  const base = decodeValidatingPolicySpec(isObject(spec) ? shared : spec, problems);
  if (base.mode !== 'Kubernetes' && base.mode !== 'JSON') {
    problems.push({ message: `unsupported value "${base.mode}": supported values: "Kubernetes", "JSON"`, path: [...path, 'evaluation', 'mode'] });
  }
  const matchImageReferences: MatchImageReference[] = [];
  list(value.matchImageReferences, [...path, 'matchImageReferences'], problems).forEach((item, index) => {
    const at = [...path, 'matchImageReferences', index];
    if (!isObject(item)) return problems.push({ message: 'expected an object', path: at });
    const glob = optionalString(item, 'glob', at, problems);
    const expression = optionalString(item, 'expression', at, problems);
    if ((glob === undefined) === (expression === undefined)) problems.push({ message: 'exactly one of glob or expression is required', path: at });
    matchImageReferences.push({ ...(glob === undefined ? {} : { glob }), ...(expression === undefined ? {} : { expression }) });
    return undefined;
  });
  const images: ImageExtractor[] = [];
  list(value.images, [...path, 'images'], problems).forEach((item, index) => {
    const at = [...path, 'images', index];
    if (!isObject(item)) return problems.push({ message: 'expected an object', path: at });
    const name = optionalString(item, 'name', at, problems);
    const expression = optionalString(item, 'expression', at, problems);
    if (name === undefined) problems.push({ message: 'name is required', path: [...at, 'name'] });
    if (expression === undefined) problems.push({ message: 'expression is required', path: [...at, 'expression'] });
    images.push({ name: name ?? '', expression: expression ?? '' });
    return undefined;
  });
  const attestors: Attestor[] = [];
  list(value.attestors, [...path, 'attestors'], problems).forEach((item, index) => {
    const attestor = decodeAttestor(item, [...path, 'attestors', index], problems);
    if (attestor !== undefined) attestors.push(attestor);
  });
  const attestations: string[] = [];
  list(value.attestations, [...path, 'attestations'], problems).forEach((item, index) => {
    const at = [...path, 'attestations', index];
    if (!isObject(item)) return problems.push({ message: 'expected an object', path: at });
    const name = optionalString(item, 'name', at, problems);
    if (name === undefined || name === '') problems.push({ message: 'name is required', path: [...at, 'name'] });
    else attestations.push(name);
    return undefined;
  });
  let verifyDigest = true;
  let required = true;
  const configurations = value.validationConfigurations;
  if (isObject(configurations)) {
    const at = [...path, 'validationConfigurations'];
    verifyDigest = booleanField(configurations, 'verifyDigest', at, problems) ?? true;
    required = booleanField(configurations, 'required', at, problems) ?? true;
    booleanField(configurations, 'mutateDigest', at, problems);
  } else if (configurations !== undefined && configurations !== null) {
    problems.push({ message: 'expected an object', path: [...path, 'validationConfigurations'] });
  }
  return { base, matchImageReferences, images, attestors, attestations, verifyDigest, required };
}
