/**
 * @file The OpenAPI schema of the Kyverno `ClusterPolicy`/`Policy` CRDs (kyverno/kyverno
 * config/crds/kyverno/kyverno.io_clusterpolicies.yaml and kyverno.io_policies.yaml, versions `v1` and
 * `v2beta1`), transcribed into a compact structural form: property names, types, enums, required fields,
 * `oneOf`/`not` constraints, and where unknown fields are preserved (free-form patterns, patches, data,
 * condition keys and values). Descriptions and defaults are left out.
 */

/** A node of the structural schema. */
export type SchemaNode =
  | { readonly type: 'string'; readonly enum?: readonly string[]; readonly maxLength?: number }
  | { readonly type: 'boolean' }
  | { readonly type: 'integer'; readonly minimum?: number }
  /** `x-kubernetes-preserve-unknown-fields` without a type: any JSON value. */
  | { readonly type: 'any' }
  | { readonly type: 'array'; readonly items: SchemaNode }
  /** `additionalProperties`: a map whose values all follow one schema. */
  | { readonly type: 'map'; readonly values: SchemaNode }
  | ObjectSchema;

export interface ObjectSchema {
  readonly type: 'object';
  readonly properties: Readonly<Record<string, SchemaNode>>;
  readonly required?: readonly string[];
  /** `x-kubernetes-preserve-unknown-fields: true`: fields not listed are accepted. */
  readonly preserveUnknown?: boolean;
  /** `oneOf: [{required: [a]}, {required: [b]}, ...]`: exactly one of these fields. */
  readonly oneOfRequired?: readonly string[];
  /** `not: {required: [a, b]}`: these fields may not all be present. */
  readonly notAllOf?: readonly string[];
}

const str: SchemaNode = { type: 'string' };
const bool: SchemaNode = { type: 'boolean' };
const int: SchemaNode = { type: 'integer' };
const anyValue: SchemaNode = { type: 'any' };
const enumOf = (...values: string[]): SchemaNode => ({ type: 'string', enum: values });
const arrayOf = (items: SchemaNode): SchemaNode => ({ type: 'array', items });
const mapOf = (values: SchemaNode): SchemaNode => ({ type: 'map', values });
const strArray = arrayOf(str);
const strMap = mapOf(str);

function object(
  properties: Record<string, SchemaNode>,
  options: Omit<ObjectSchema, 'type' | 'properties'> = {},
): ObjectSchema {
  return { type: 'object', properties, ...options };
}

const labelSelector = object({
  matchExpressions: arrayOf(object({ key: str, operator: str, values: strArray }, { required: ['key', 'operator'] })),
  matchLabels: strMap,
});

const resourceDescription = object(
  {
    annotations: strMap,
    kinds: strArray,
    name: str,
    names: strArray,
    namespaceSelector: labelSelector,
    namespaces: strArray,
    operations: arrayOf(enumOf('CREATE', 'CONNECT', 'UPDATE', 'DELETE')),
    selector: labelSelector,
  },
  { notAllOf: ['name', 'names'] },
);

const subject = object({ apiGroup: str, kind: str, name: str, namespace: str }, { required: ['kind', 'name'] });

const userInfo = { clusterRoles: strArray, roles: strArray, subjects: arrayOf(subject) };

const resourceFilter = object({ ...userInfo, resources: resourceDescription });

const matchResourcesV1 = object(
  { all: arrayOf(resourceFilter), any: arrayOf(resourceFilter), ...userInfo, resources: resourceDescription },
  { notAllOf: ['any', 'all'] },
);

const matchResourcesV2beta1 = object(
  { all: arrayOf(resourceFilter), any: arrayOf(resourceFilter) },
  { notAllOf: ['any', 'all'] },
);

/** Condition operators of the `kyverno.io/v1` Condition enum. */
export const CONDITION_OPERATORS_V1: readonly string[] = [
  'Equals',
  'NotEquals',
  'In',
  'AnyIn',
  'AllIn',
  'NotIn',
  'AnyNotIn',
  'AllNotIn',
  'GreaterThanOrEquals',
  'GreaterThan',
  'LessThanOrEquals',
  'LessThan',
  'DurationGreaterThanOrEquals',
  'DurationGreaterThan',
  'DurationLessThanOrEquals',
  'DurationLessThan',
];

const CONDITION_OPERATORS_V2BETA1 = CONDITION_OPERATORS_V1.filter((op) => op !== 'In' && op !== 'NotIn');

function anyAllConditions(operators: readonly string[], preserveUnknown: boolean): ObjectSchema {
  const condition = object({ key: anyValue, message: str, operator: enumOf(...operators), value: anyValue });
  return object({ all: arrayOf(condition), any: arrayOf(condition) }, preserveUnknown ? { preserveUnknown } : {});
}

const foreachPreconditions = anyAllConditions(CONDITION_OPERATORS_V1, true);

const imageRegistryCredentials = object({
  allowInsecureRegistry: bool,
  providers: arrayOf(enumOf('default', 'amazon', 'azure', 'google', 'github')),
  secrets: strArray,
});

const contextEntry = object(
  {
    apiCall: object({
      data: arrayOf(object({ key: str, value: anyValue }, { required: ['key', 'value'] })),
      default: anyValue,
      jmesPath: str,
      method: enumOf('GET', 'POST'),
      service: object(
        {
          caBundle: str,
          headers: arrayOf(object({ key: str, value: str }, { required: ['key', 'value'] })),
          url: str,
        },
        { required: ['url'] },
      ),
      urlPath: str,
    }),
    configMap: object({ name: str, namespace: str }, { required: ['name'] }),
    globalReference: object({ jmesPath: str, name: str }, { required: ['name'] }),
    imageRegistry: object({ imageRegistryCredentials, jmesPath: str, reference: str }, { required: ['reference'] }),
    name: str,
    variable: object({ default: anyValue, jmesPath: str, value: anyValue }),
  },
  { required: ['name'], oneOfRequired: ['configMap', 'apiCall', 'imageRegistry', 'variable', 'globalReference'] },
);
const context = arrayOf(contextEntry);

const matchCondition = object({ expression: str, name: str }, { required: ['expression', 'name'] });

const cloneSource = object({ name: str, namespace: str });
const cloneList = object({ kinds: strArray, namespace: str, selector: labelSelector });

const generation = object({
  apiVersion: str,
  clone: cloneSource,
  cloneList,
  data: anyValue,
  foreach: arrayOf(
    object({
      apiVersion: str,
      clone: cloneSource,
      cloneList,
      context,
      data: anyValue,
      kind: str,
      list: str,
      name: str,
      namespace: str,
      preconditions: foreachPreconditions,
      uid: str,
    }),
  ),
  generateExisting: bool,
  kind: str,
  name: str,
  namespace: str,
  orphanDownstreamOnPolicyDelete: bool,
  synchronize: bool,
  uid: str,
});

const mutation = object({
  foreach: arrayOf(
    object({
      context,
      foreach: anyValue,
      list: str,
      order: enumOf('Ascending', 'Descending'),
      patchStrategicMerge: anyValue,
      patchesJson6902: str,
      preconditions: foreachPreconditions,
    }),
  ),
  mutateExistingOnPolicyUpdate: bool,
  patchStrategicMerge: anyValue,
  patchesJson6902: str,
  targets: arrayOf(
    object({
      apiVersion: str,
      context,
      kind: str,
      name: str,
      namespace: str,
      preconditions: anyValue,
      selector: labelSelector,
      uid: str,
    }),
  ),
});

const imageExtractors = mapOf(
  arrayOf(object({ jmesPath: str, key: str, name: str, path: str, value: str }, { required: ['path'] })),
);

const ctlog = object({ ignoreSCT: bool, pubkey: str, tsaCertChain: str });
const rekor = object({ ignoreTlog: bool, pubkey: str, url: str });

const attestorSet = object({
  count: { type: 'integer', minimum: 1 },
  entries: arrayOf(
    object({
      annotations: strMap,
      attestor: anyValue,
      certificates: object({ cert: str, certChain: str, ctlog, rekor }),
      keyless: object({
        additionalExtensions: strMap,
        ctlog,
        issuer: str,
        issuerRegExp: str,
        rekor,
        roots: str,
        subject: str,
        subjectRegExp: str,
      }),
      keys: object({
        ctlog,
        kms: str,
        publicKeys: str,
        rekor,
        secret: object({ name: str, namespace: str }, { required: ['name', 'namespace'] }),
        signatureAlgorithm: str,
      }),
      repository: str,
      signatureAlgorithm: str,
    }),
  ),
});

const manifests = object({
  annotationDomain: str,
  attestors: arrayOf(attestorSet),
  dryRun: object({ enable: bool, namespace: str }),
  ignoreFields: arrayOf(
    object({
      fields: strArray,
      objects: arrayOf(object({ group: str, kind: str, name: str, namespace: str, version: str })),
    }),
  ),
  repository: str,
});

/** Pod Security Standard control names accepted in `podSecurity.exclude[].controlName`. */
const PSS_CONTROL_NAMES: readonly string[] = [
  'HostProcess',
  'Host Namespaces',
  'Privileged Containers',
  'Capabilities',
  'HostPath Volumes',
  'Host Ports',
  'AppArmor',
  'SELinux',
  '/proc Mount Type',
  'Seccomp',
  'Sysctls',
  'Volume Types',
  'Privilege Escalation',
  'Running as Non-root',
  'Running as Non-root user',
  'Host Probes / Lifecycle Hooks',
];

const podSecurityExclude = object(
  { controlName: enumOf(...PSS_CONTROL_NAMES), images: strArray, restrictedField: str, values: strArray },
  { required: ['controlName'] },
);

const podSecurity = object({
  exclude: arrayOf(podSecurityExclude),
  level: enumOf('privileged', 'baseline', 'restricted'),
  version: enumOf(
    'v1.19',
    'v1.20',
    'v1.21',
    'v1.22',
    'v1.23',
    'v1.24',
    'v1.25',
    'v1.26',
    'v1.27',
    'v1.28',
    'v1.29',
    'v1.30',
    'v1.31',
    'v1.32',
    'latest',
  ),
});

const cel = object({
  auditAnnotations: arrayOf(object({ key: str, valueExpression: str }, { required: ['key', 'valueExpression'] })),
  expressions: arrayOf(
    object({ expression: str, message: str, messageExpression: str, reason: str }, { required: ['expression'] }),
  ),
  generate: bool,
  paramKind: object({ apiVersion: str, kind: str }),
  paramRef: object({ name: str, namespace: str, parameterNotFoundAction: str, selector: labelSelector }),
  variables: arrayOf(object({ expression: str, name: str }, { required: ['expression', 'name'] })),
});

const failureActionOverride = object({
  action: enumOf('audit', 'enforce', 'Audit', 'Enforce'),
  namespaceSelector: labelSelector,
  namespaces: strArray,
});

const validateForeach = object({
  anyPattern: anyValue,
  context,
  deny: object({ conditions: anyValue }),
  elementScope: bool,
  foreach: anyValue,
  list: str,
  pattern: anyValue,
  preconditions: foreachPreconditions,
});

const validationFields = {
  anyPattern: anyValue,
  assert: anyValue,
  cel,
  failureAction: enumOf('Audit', 'Enforce'),
  failureActionOverrides: arrayOf(failureActionOverride),
  foreach: arrayOf(validateForeach),
  manifests,
  message: str,
  pattern: anyValue,
  podSecurity,
};

const validationV1 = object({
  ...validationFields,
  allowExistingViolations: bool,
  deny: object({ conditions: anyValue }),
});

const validationV2beta1 = object({
  ...validationFields,
  deny: object({ conditions: anyAllConditions(CONDITION_OPERATORS_V2BETA1, false) }),
});

const imageVerification = object({
  additionalExtensions: strMap,
  annotations: strMap,
  attestations: arrayOf(
    object({
      attestors: arrayOf(attestorSet),
      conditions: arrayOf(anyAllConditions(CONDITION_OPERATORS_V1, false)),
      name: str,
      predicateType: str,
      type: str,
    }),
  ),
  attestors: arrayOf(attestorSet),
  cosignOCI11: bool,
  failureAction: enumOf('Audit', 'Enforce'),
  image: str,
  imageReferences: strArray,
  imageRegistryCredentials,
  issuer: str,
  key: str,
  mutateDigest: bool,
  repository: str,
  required: bool,
  roots: str,
  skipImageReferences: strArray,
  subject: str,
  type: enumOf('Cosign', 'SigstoreBundle', 'Notary'),
  useCache: bool,
  validate: object({ deny: object({ conditions: anyValue }), message: str }),
  verifyDigest: bool,
});

const ruleFields = {
  celPreconditions: arrayOf(matchCondition),
  context,
  generate: generation,
  imageExtractors,
  mutate: mutation,
  name: { type: 'string', maxLength: 63 } as SchemaNode,
  reportProperties: strMap,
  skipBackgroundRequests: bool,
  verifyImages: arrayOf(imageVerification),
};

const ruleV1 = object(
  {
    ...ruleFields,
    exclude: matchResourcesV1,
    match: matchResourcesV1,
    preconditions: anyValue,
    validate: validationV1,
  },
  { required: ['match', 'name'] },
);

const ruleV2beta1 = object(
  {
    ...ruleFields,
    exclude: matchResourcesV2beta1,
    match: matchResourcesV2beta1,
    preconditions: anyAllConditions(CONDITION_OPERATORS_V2BETA1, false),
    validate: validationV2beta1,
  },
  { required: ['match', 'name'] },
);

function spec(rule: ObjectSchema): ObjectSchema {
  return object({
    admission: bool,
    applyRules: enumOf('All', 'One'),
    background: bool,
    emitWarning: bool,
    failurePolicy: enumOf('Ignore', 'Fail'),
    generateExisting: bool,
    generateExistingOnPolicyUpdate: bool,
    mutateExistingOnPolicyUpdate: bool,
    rules: arrayOf(rule),
    schemaValidation: bool,
    useServerSideApply: bool,
    validationFailureAction: enumOf('audit', 'enforce', 'Audit', 'Enforce'),
    validationFailureActionOverrides: arrayOf(failureActionOverride),
    webhookConfiguration: object({
      failurePolicy: enumOf('Ignore', 'Fail'),
      matchConditions: arrayOf(matchCondition),
      timeoutSeconds: int,
    }),
    webhookTimeoutSeconds: int,
  });
}

/** Kubernetes `ObjectMeta`, as the CLI's schema validation knows it. */
export const OBJECT_META: ObjectSchema = object({
  annotations: strMap,
  creationTimestamp: anyValue,
  deletionGracePeriodSeconds: int,
  deletionTimestamp: anyValue,
  finalizers: strArray,
  generateName: str,
  generation: int,
  labels: strMap,
  managedFields: arrayOf(anyValue),
  name: str,
  namespace: str,
  ownerReferences: arrayOf(anyValue),
  resourceVersion: str,
  selfLink: str,
  uid: str,
});

function policyDocument(rule: ObjectSchema): ObjectSchema {
  return object(
    { apiVersion: str, kind: str, metadata: OBJECT_META, spec: spec(rule), status: anyValue },
    { required: ['spec'] },
  );
}

/** The document schema per served API version (ClusterPolicy and Policy share it). */
export const POLICY_SCHEMAS: Readonly<Record<string, ObjectSchema>> = {
  'kyverno.io/v1': policyDocument(ruleV1),
  'kyverno.io/v2beta1': policyDocument(ruleV2beta1),
};

/**
 * The PolicyException CRD (config/crds/kyverno/kyverno.io_policyexceptions.yaml, versions `v2` and
 * `v2beta1`): the fields and their types. Condition operators and the list of rule names are left loose,
 * as the exception decoder accepts them.
 */
export const POLICY_EXCEPTION_SCHEMA: ObjectSchema = object(
  {
    apiVersion: str,
    kind: str,
    metadata: OBJECT_META,
    spec: object(
      {
        background: bool,
        conditions: anyAllConditions(CONDITION_OPERATORS_V1, false),
        exceptions: arrayOf(object({ policyName: str, ruleNames: strArray }, { required: ['policyName'] })),
        match: matchResourcesV2beta1,
        podSecurity: arrayOf(podSecurityExclude),
      },
      { required: ['exceptions'] },
    ),
  },
  { required: ['spec'] },
);
