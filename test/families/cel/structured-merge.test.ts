/**
 * The ApplyConfiguration structured merge (src/families/cel/mutate/structured-merge): structured-merge-diff v6.4.2
 * typed/merge_test.go and typed/deduced_test.go merge tables, and Kubernetes 1.32 / CRD cases checked against
 * structured-merge-diff typed/merge.go, kube-openapi pkg/schemaconv, k8s.io/apiserver v0.36.3
 * pkg/admission/plugin/policy/mutating/patch/smd.go and kyverno/kyverno pkg/cel/policies/mpol/compiler/smd.go.
 */
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  applyStructuredMerge,
  DEDUCED,
  mergeSchemas,
  missingTypeError,
  smdSchemaType,
  typeOfKind,
  type MergeType,
} from '../../../src/families/cel/mutate/structured-merge/index.js';
import type { JsonObject } from '../../../src/types.js';

type Triplet = [lhs: string, rhs: string, out: string];

const UNTYPED_ATOMIC_YAML = `
- name: __untyped_atomic_
  scalar: untyped
  list:
    elementType:
      namedType: __untyped_atomic_
    elementRelationship: atomic
  map:
    elementType:
      namedType: __untyped_atomic_
    elementRelationship: atomic
`;

function smd(yaml: string, root: string): MergeType {
  const t = smdSchemaType(parse(yaml), root);
  if (typeof t === 'string') throw new Error(t);
  return t;
}

function mergeOk(type: MergeType, lhs: JsonObject, rhs: JsonObject, guardAtomic = false): JsonObject {
  const r = applyStructuredMerge(type, lhs, rhs, { guardAtomic });
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

/** structured-merge-diff typed/merge_test.go `mergeCases` (lhs parsed with AllowDuplicates, as there). */
const MERGE_CASES: Array<{ name: string; root: string; schema: string; triplets: Triplet[] }> = [
  {
    name: 'simple pair',
    root: 'stringPair',
    schema: `types:
- name: stringPair
  map:
    fields:
    - name: key
      type:
        scalar: string
    - name: value
      type:
        namedType: __untyped_atomic_
${UNTYPED_ATOMIC_YAML}`,
    triplets: [
      ['{"key":"foo","value":{}}', '{"key":"foo","value":1}', '{"key":"foo","value":1}'],
      ['{"key":"foo","value":1}', '{"key":"foo","value":{}}', '{"key":"foo","value":{}}'],
      ['{"key":"foo","value":null}', '{"key":"foo","value":{}}', '{"key":"foo","value":{}}'],
      ['{"key":"foo"}', '{"value":true}', '{"key":"foo","value":true}'],
    ],
  },
  {
    name: 'null/empty map',
    root: 'nestedMap',
    schema: `types:
- name: nestedMap
  map:
    fields:
    - name: inner
      type:
        map:
          elementType:
            namedType: __untyped_atomic_
${UNTYPED_ATOMIC_YAML}`,
    triplets: [
      ['{}', '{"inner":{}}', '{"inner":{}}'],
      ['{}', '{"inner":null}', '{"inner":null}'],
      ['{"inner":null}', '{"inner":{}}', '{"inner":{}}'],
      ['{"inner":{}}', '{"inner":null}', '{"inner":null}'],
      ['{"inner":{}}', '{"inner":{}}', '{"inner":{}}'],
    ],
  },
  {
    name: 'null/empty struct',
    root: 'nestedStruct',
    schema: `types:
- name: nestedStruct
  map:
    fields:
    - name: inner
      type:
        map:
          fields:
          - name: value
            type:
              namedType: __untyped_atomic_
${UNTYPED_ATOMIC_YAML}`,
    triplets: [
      ['{}', '{"inner":{}}', '{"inner":{}}'],
      ['{}', '{"inner":null}', '{"inner":null}'],
      ['{"inner":null}', '{"inner":{}}', '{"inner":{}}'],
      ['{"inner":{}}', '{"inner":null}', '{"inner":null}'],
      ['{"inner":{}}', '{"inner":{}}', '{"inner":{}}'],
    ],
  },
  {
    name: 'null/empty list',
    root: 'nestedList',
    schema: `types:
- name: nestedList
  map:
    fields:
    - name: inner
      type:
        list:
          elementType:
            namedType: __untyped_atomic_
          elementRelationship: atomic
${UNTYPED_ATOMIC_YAML}`,
    triplets: [
      ['{}', '{"inner":[]}', '{"inner":[]}'],
      ['{}', '{"inner":null}', '{"inner":null}'],
      ['{"inner":null}', '{"inner":[]}', '{"inner":[]}'],
      ['{"inner":[]}', '{"inner":null}', '{"inner":null}'],
      ['{"inner":[]}', '{"inner":[]}', '{"inner":[]}'],
    ],
  },
  {
    name: 'struct grab bag',
    root: 'myStruct',
    schema: `types:
- name: myStruct
  map:
    fields:
    - name: numeric
      type:
        scalar: numeric
    - name: string
      type:
        scalar: string
    - name: bool
      type:
        scalar: boolean
    - name: setStr
      type:
        list:
          elementType:
            scalar: string
          elementRelationship: associative
    - name: setBool
      type:
        list:
          elementType:
            scalar: boolean
          elementRelationship: associative
    - name: setNumeric
      type:
        list:
          elementType:
            scalar: numeric
          elementRelationship: associative
`,
    triplets: [
      ['{"numeric":1}', '{"numeric":3.14159}', '{"numeric":3.14159}'],
      ['{"numeric":3.14159}', '{"numeric":1}', '{"numeric":1}'],
      ['{"string":"aoeu"}', '{"bool":true}', '{"string":"aoeu","bool":true}'],
      ['{"setStr":["a","b","c"]}', '{"setStr":["a","b"]}', '{"setStr":["a","b","c"]}'],
      ['{"setStr":["a","b"]}', '{"setStr":["a","b","c"]}', '{"setStr":["a","b","c"]}'],
      ['{"setStr":["a","b","c"]}', '{"setStr":[]}', '{"setStr":["a","b","c"]}'],
      ['{"setStr":[]}', '{"setStr":["a","b","c"]}', '{"setStr":["a","b","c"]}'],
      ['{"setStr":["a","b"]}', '{"setStr":["b","a"]}', '{"setStr":["b","a"]}'],
      ['{"setStr":["a","b","c"]}', '{"setStr":["d","e","f"]}', '{"setStr":["a","b","c","d","e","f"]}'],
      ['{"setStr":["a","b","c"]}', '{"setStr":["c","d","e","f"]}', '{"setStr":["a","b","c","d","e","f"]}'],
      ['{"setStr":["a","b","c","g","f"]}', '{"setStr":["c","d","e","f"]}', '{"setStr":["a","b","c","g","d","e","f"]}'],
      ['{"setStr":["a","b","c"]}', '{"setStr":["d","e","f","x","y","z"]}', '{"setStr":["a","b","c","d","e","f","x","y","z"]}'],
      ['{"setStr":["c","d","e","f"]}', '{"setStr":["a","c","e"]}', '{"setStr":["a","c","d","e","f"]}'],
      ['{"setStr":["a","b","c","x","y","z"]}', '{"setStr":["d","e","f"]}', '{"setStr":["a","b","c","x","y","z","d","e","f"]}'],
      ['{"setStr":["a","b","c","x","y","z"]}', '{"setStr":["d","e","f","x","y","z"]}', '{"setStr":["a","b","c","d","e","f","x","y","z"]}'],
      ['{"setStr":["c","a","g","f"]}', '{"setStr":["c","f","a","g"]}', '{"setStr":["c","f","a","g"]}'],
      ['{"setStr":["a","b","c","d"]}', '{"setStr":["d","e","f","a"]}', '{"setStr":["b","c","d","e","f","a"]}'],
      ['{"setStr":["c","d","e","f","g","h","i","j"]}', '{"setStr":["2","h","3","e","4","k","l"]}', '{"setStr":["c","d","f","g","2","h","i","j","3","e","4","k","l"]}'],
      ['{"setStr":["a","b","c","d","e","f","g","h","i","j"]}', '{"setStr":["1","b","2","h","3","e","4","k","l"]}', '{"setStr":["a","1","b","c","d","f","g","2","h","i","j","3","e","4","k","l"]}'],
      ['{"setStr":["a","b","b"]}', '{"setStr":["c"]}', '{"setStr":["a","b","b","c"]}'],
      ['{"setStr":["a","b","b"]}', '{"setStr":["b"]}', '{"setStr":["a","b"]}'],
      ['{"setStr":["a","b","b"]}', '{"setStr":["a"]}', '{"setStr":["a","b","b"]}'],
      ['{"setStr":["a","b","c","d","e","c"]}', '{"setStr":["1","b","2","e","d"]}', '{"setStr":["a","1","b","c","2","e","c","d"]}'],
      ['{"setStr":["a","b","c","d","e","c"]}', '{"setStr":["1","b","2","c","e","d"]}', '{"setStr":["a","1","b","2","c","e","d"]}'],
      ['{"setStr":["a","a","b","b"]}', '{"setStr":["b","c","d"]}', '{"setStr":["a","a","b","c","d"]}'],
      ['{"setStr":["a","a","b","b"]}', '{"setStr":[]}', '{"setStr":["a","a","b","b"]}'],
      ['{"setBool":[true]}', '{"setBool":[false]}', '{"setBool":[true, false]}'],
      ['{"setNumeric":[1,2,3.14159]}', '{"setNumeric":[1,2,3]}', '{"setNumeric":[1,2,3.14159,3]}'],
      ['{"setStr":["c","a","g","f","c","a"]}', '{"setStr":["c","f","a","g"]}', '{"setStr":["c","f","a","g"]}'],
      ['{"setNumeric":[1,2,3.14159,1,2]}', '{"setNumeric":[1,2,3]}', '{"setNumeric":[1,2,3.14159,3]}'],
      ['{"setBool":[true,false,true]}', '{"setBool":[false]}', '{"setBool":[true,false,true]}'],
      ['{"setBool":[true,false,true]}', '{"setBool":[true]}', '{"setBool":[true, false]}'],
    ],
  },
  {
    name: 'associative list',
    root: 'myRoot',
    schema: `types:
- name: myRoot
  map:
    fields:
    - name: list
      type:
        namedType: myList
    - name: atomicList
      type:
        namedType: mySequence
- name: myList
  list:
    elementType:
      namedType: myElement
    elementRelationship: associative
    keys:
    - key
    - id
- name: mySequence
  list:
    elementType:
      scalar: string
    elementRelationship: atomic
- name: myElement
  map:
    fields:
    - name: key
      type:
        scalar: string
    - name: id
      type:
        scalar: numeric
    - name: value
      type:
        namedType: myValue
    - name: bv
      type:
        scalar: boolean
    - name: nv
      type:
        scalar: numeric
- name: myValue
  map:
    elementType:
      scalar: string
`,
    triplets: [
      ['{"list":[{"key":"a","id":1,"value":{"a":"a"}}]}', '{"list":[{"key":"a","id":1,"value":{"a":"a"}}]}', '{"list":[{"key":"a","id":1,"value":{"a":"a"}}]}'],
      ['{"list":[{"key":"a","id":1,"value":{"a":"a"}}]}', '{"list":[{"key":"a","id":2,"value":{"a":"a"}}]}', '{"list":[{"key":"a","id":1,"value":{"a":"a"}},{"key":"a","id":2,"value":{"a":"a"}}]}'],
      ['{"list":[{"key":"a","id":1},{"key":"b","id":1}]}', '{"list":[{"key":"a","id":1},{"key":"a","id":2}]}', '{"list":[{"key":"a","id":1},{"key":"b","id":1},{"key":"a","id":2}]}'],
      ['{"list":[{"key":"b","id":2}]}', '{"list":[{"key":"a","id":1},{"key":"b","id":2},{"key":"c","id":3}]}', '{"list":[{"key":"a","id":1},{"key":"b","id":2},{"key":"c","id":3}]}'],
      ['{"list":[{"key":"a","id":1},{"key":"b","id":2},{"key":"c","id":3}]}', '{"list":[{"key":"c","id":3},{"key":"b","id":2}]}', '{"list":[{"key":"a","id":1},{"key":"c","id":3},{"key":"b","id":2}]}'],
      ['{"list":[{"key":"a","id":1},{"key":"b","id":2},{"key":"c","id":3}]}', '{"list":[{"key":"c","id":3},{"key":"a","id":1}]}', '{"list":[{"key":"b","id":2},{"key":"c","id":3},{"key":"a","id":1}]}'],
      ['{"atomicList":["a","a","a"]}', '{"atomicList":null}', '{"atomicList":null}'],
      ['{"atomicList":["a","b","c"]}', '{"atomicList":[]}', '{"atomicList":[]}'],
      ['{"atomicList":["a","a","a"]}', '{"atomicList":["a","a"]}', '{"atomicList":["a","a"]}'],
      [
        '{"list":[{"key":"a","id":1,"bv":true},{"key":"b","id":2},{"key":"a","id":1,"bv":false,"nv":2}]}',
        '{"list":[{"key":"a","id":1,"nv":3},{"key":"c","id":3},{"key":"b","id":2}]}',
        '{"list":[{"key":"a","id":1,"nv":3},{"key":"c","id":3},{"key":"b","id":2}]}',
      ],
      ['{"list":[{"key":"a","id":1,"nv":1},{"key":"a","id":1,"nv":2}]}', '{"list":[]}', '{"list":[{"key":"a","id":1,"nv":1},{"key":"a","id":1,"nv":2}]}'],
      ['{"list":[{"key":"a","id":1,"nv":1},{"key":"a","id":1,"nv":2}]}', '{}', '{"list":[{"key":"a","id":1,"nv":1},{"key":"a","id":1,"nv":2}]}'],
    ],
  },
];

describe('structured-merge-diff typed/merge_test.go tables', () => {
  for (const c of MERGE_CASES) {
    const type = smd(c.schema, c.root);
    it.each(c.triplets.map((t, i) => [i, ...t] as const))(`${c.name} #%i`, (_i, lhs, rhs, out) => {
      expect(mergeOk(type, JSON.parse(lhs), JSON.parse(rhs))).toEqual(JSON.parse(out));
    });
  }
});

/** structured-merge-diff typed/deduced_test.go `TestMergeDeduced`. */
const DEDUCED_TRIPLETS: Triplet[] = [
  ['{"key":"foo","value":{}}', '{"key":"foo","value":1}', '{"key":"foo","value":1}'],
  ['{"key":"foo","value":1}', '{"key":"foo","value":{}}', '{"key":"foo","value":{}}'],
  ['{"key":"foo","value":null}', '{"key":"foo","value":{}}', '{"key":"foo","value":{}}'],
  ['{"key":"foo"}', '{"value":true}', '{"key":"foo","value":true}'],
  ['{}', '{"inner":{}}', '{"inner":{}}'],
  ['{}', '{"inner":null}', '{"inner":null}'],
  ['{"inner":null}', '{"inner":{}}', '{"inner":{}}'],
  ['{"inner":{}}', '{"inner":null}', '{"inner":null}'],
  ['{"inner":{}}', '{"inner":{}}', '{"inner":{}}'],
  ['{}', '{"inner":[]}', '{"inner":[]}'],
  ['{"inner":null}', '{"inner":[]}', '{"inner":[]}'],
  ['{"inner":[]}', '{"inner":null}', '{"inner":null}'],
  ['{"inner":[]}', '{"inner":[]}', '{"inner":[]}'],
  ['{"numeric":1}', '{"numeric":3.14159}', '{"numeric":3.14159}'],
  ['{"numeric":3.14159}', '{"numeric":1}', '{"numeric":1}'],
  ['{"string":"aoeu"}', '{"bool":true}', '{"string":"aoeu","bool":true}'],
  ['{"atomic":["a","b","c"]}', '{"atomic":["a","b"]}', '{"atomic":["a","b"]}'],
  ['{"atomic":["a","b"]}', '{"atomic":["a","b","c"]}', '{"atomic":["a","b","c"]}'],
  ['{"atomic":["a","b","c"]}', '{"atomic":[]}', '{"atomic":[]}'],
  ['{"atomic":[]}', '{"atomic":["a","b","c"]}', '{"atomic":["a","b","c"]}'],
  ['{"":[true]}', '{"setBool":[false]}', '{"":[true],"setBool":[false]}'],
  ['{"atomic":[1,2,3.14159]}', '{"atomic":[1,2,3]}', '{"atomic":[1,2,3]}'],
  ['{"list":[{"key":"a","id":1,"value":{"a":"a"}}]}', '{"list":[{"key":"a","id":2,"value":{"a":"a"}}]}', '{"list":[{"key":"a","id":2,"value":{"a":"a"}}]}'],
  ['{"list":[{"key":"a","id":1},{"key":"b","id":1}]}', '{"list":[{"key":"a","id":1},{"key":"a","id":2}]}', '{"list":[{"key":"a","id":1},{"key":"a","id":2}]}'],
  ['{"atomicList":["a","a","a"]}', '{"atomicList":null}', '{"atomicList":null}'],
  ['{"atomicList":["a","a","a"]}', '{"atomicList":["a","a"]}', '{"atomicList":["a","a"]}'],
  ['{"a":1,"b":[null],"c":{"id":2,"list":["value"]}}', '{"a":2,"b":["value"],"c":{"name":"my_name"}}', '{"a":2,"b":["value"],"c":{"id":2,"list":["value"],"name":"my_name"}}'],
];

describe('deduced type (typed/deduced_test.go TestMergeDeduced)', () => {
  it.each(DEDUCED_TRIPLETS.map((t, i) => [i, ...t] as const))('#%i', (_i, lhs, rhs, out) => {
    expect(mergeOk(DEDUCED, JSON.parse(lhs), JSON.parse(rhs))).toEqual(JSON.parse(out));
  });

  it('never trips the atomic guard: findAtomics descends into declared fields only, and the deduced map declares none', () => {
    const r = applyStructuredMerge(DEDUCED, { spec: { args: ['a'] } }, { spec: { args: ['b'], tolerations: [{ key: 'k' }] } }, { guardAtomic: true });
    expect(r).toEqual({ ok: true, value: { spec: { args: ['b'], tolerations: [{ key: 'k' }] } } });
  });

  it('accepts any field (no schema), and replaces a value of another kind', () => {
    expect(mergeOk(DEDUCED, { a: { b: 1 } }, { a: 'x', c: { d: [1] } })).toEqual({ a: 'x', c: { d: [1] } });
  });
});

// ---------------------------------------------------------------------------------------------------------
// Kubernetes 1.32 built-in schemas

const schemas = mergeSchemas();
const POD = typeOfKind(schemas, 'v1', 'Pod')!;
const DEPLOYMENT = typeOfKind(schemas, 'apps/v1', 'Deployment')!;

function pod(spec: JsonObject, metadata: JsonObject = { name: 'p' }): JsonObject {
  return { apiVersion: 'v1', kind: 'Pod', metadata, spec };
}

interface K8sCase {
  name: string;
  type: MergeType;
  original: JsonObject;
  patch: JsonObject;
  /** The merged object (both guard settings), or per guard setting. */
  out?: JsonObject;
  guarded?: { ok: true; value: JsonObject } | { ok: false; error: string };
  unguarded?: { ok: true; value: JsonObject } | { ok: false; error: string };
}

const ATOMIC = 'invalid ApplyConfiguration: may not mutate atomic arrays, maps or structs: ';

const K8S_CASES: K8sCase[] = [
  {
    name: 'containers merge by name: patch items in patch order, shared items where the patch puts them, others kept',
    type: POD,
    original: pod({ containers: [{ name: 'a', image: 'a:1' }, { name: 'b', image: 'b:1' }, { name: 'c', image: 'c:1' }] }),
    patch: pod({ containers: [{ name: 'c', image: 'c:2' }, { name: 'new', image: 'n' }, { name: 'a', imagePullPolicy: 'Always' }] }),
    out: pod({
      containers: [
        { name: 'b', image: 'b:1' },
        { name: 'c', image: 'c:2' },
        { name: 'new', image: 'n' },
        { name: 'a', image: 'a:1', imagePullPolicy: 'Always' },
      ],
    }),
  },
  {
    name: 'env merges by name; a new variable is appended',
    type: POD,
    original: pod({ containers: [{ name: 'a', env: [{ name: 'X', value: '1' }, { name: 'Y', value: '2' }] }] }),
    patch: pod({ containers: [{ name: 'a', env: [{ name: 'Y', value: 'two' }, { name: 'Z', value: '3' }] }] }),
    out: pod({ containers: [{ name: 'a', env: [{ name: 'X', value: '1' }, { name: 'Y', value: 'two' }, { name: 'Z', value: '3' }] }] }),
  },
  {
    name: 'ports merge by (containerPort, protocol); a missing protocol is its default TCP',
    type: POD,
    original: pod({ containers: [{ name: 'a', ports: [{ containerPort: 80 }, { containerPort: 53, protocol: 'UDP' }] }] }),
    patch: pod({ containers: [{ name: 'a', ports: [{ containerPort: 80, protocol: 'TCP', name: 'http' }, { containerPort: 53, protocol: 'TCP' }] }] }),
    out: pod({
      containers: [
        {
          name: 'a',
          ports: [
            { containerPort: 80, protocol: 'TCP', name: 'http' },
            { containerPort: 53, protocol: 'UDP' },
            { containerPort: 53, protocol: 'TCP' },
          ],
        },
      ],
    }),
  },
  {
    name: 'volumes merge by name, and inside an item the volume source struct merges field by field',
    type: POD,
    original: pod({ containers: [{ name: 'a' }], volumes: [{ name: 'v', configMap: { name: 'cm', defaultMode: 420 } }, { name: 'w', emptyDir: {} }] }),
    patch: pod({ volumes: [{ name: 'v', configMap: { optional: true } }, { name: 'x', secret: { secretName: 's' } }] }),
    out: pod({
      containers: [{ name: 'a' }],
      volumes: [
        { name: 'v', configMap: { name: 'cm', defaultMode: 420, optional: true } },
        { name: 'w', emptyDir: {} },
        { name: 'x', secret: { secretName: 's' } },
      ],
    }),
  },
  {
    name: 'labels and annotations are granular maps',
    type: POD,
    original: pod({ containers: [{ name: 'a' }] }, { name: 'p', labels: { app: 'x', tier: 'web' }, annotations: { a: '1' } }),
    patch: { metadata: { labels: { tier: 'db', team: 't' }, annotations: { b: '2' } } },
    out: pod({ containers: [{ name: 'a' }] }, { name: 'p', labels: { app: 'x', tier: 'db', team: 't' }, annotations: { a: '1', b: '2' } }),
  },
  {
    name: 'finalizers are a set: patch items placed around the shared ones, existing ones kept once',
    type: POD,
    original: pod({ containers: [{ name: 'a' }] }, { name: 'p', finalizers: ['x', 'y'] }),
    patch: { metadata: { finalizers: ['z', 'x'] } },
    out: pod({ containers: [{ name: 'a' }] }, { name: 'p', finalizers: ['z', 'x', 'y'] }),
  },
  {
    name: 'tolerations are an atomic list',
    type: POD,
    original: pod({ containers: [{ name: 'a' }], tolerations: [{ key: 'a', operator: 'Exists' }] }),
    patch: pod({ tolerations: [{ key: 'b', operator: 'Exists' }] }),
    guarded: { ok: false, error: ATOMIC + '.spec.tolerations' },
    unguarded: { ok: true, value: pod({ containers: [{ name: 'a' }], tolerations: [{ key: 'b', operator: 'Exists' }] }) },
  },
  {
    name: 'args and command are atomic lists, reported by item index, in patch order',
    type: POD,
    original: pod({ containers: [{ name: 'a', command: ['sh'], args: ['-c', 'x'] }, { name: 'b' }] }),
    patch: pod({ containers: [{ name: 'b' }, { name: 'a', args: ['y'], command: ['bash'] }] }),
    guarded: { ok: false, error: ATOMIC + '.spec.containers[1].args, .spec.containers[1].command' },
    unguarded: { ok: true, value: pod({ containers: [{ name: 'b' }, { name: 'a', command: ['bash'], args: ['y'] }] }) },
  },
  {
    name: 'a LabelSelector is an atomic struct: replaced whole',
    type: DEPLOYMENT,
    original: { apiVersion: 'apps/v1', kind: 'Deployment', spec: { replicas: 1, selector: { matchLabels: { app: 'a' } } } },
    patch: { spec: { selector: { matchLabels: { tier: 't' } } } },
    guarded: { ok: false, error: ATOMIC + '.spec.selector' },
    unguarded: { ok: true, value: { apiVersion: 'apps/v1', kind: 'Deployment', spec: { replicas: 1, selector: { matchLabels: { tier: 't' } } } } },
  },
  {
    name: 'nodeSelector is an atomic map',
    type: POD,
    original: pod({ containers: [{ name: 'a' }], nodeSelector: { a: '1' } }),
    patch: pod({ nodeSelector: { b: '2' } }),
    guarded: { ok: false, error: ATOMIC + '.spec.nodeSelector' },
    unguarded: { ok: true, value: pod({ containers: [{ name: 'a' }], nodeSelector: { b: '2' } }) },
  },
  {
    name: 'securityContext.capabilities.drop is atomic, but securityContext merges',
    type: POD,
    original: pod({ containers: [{ name: 'a', securityContext: { privileged: false, capabilities: { add: ['X'] } } }] }),
    patch: pod({ containers: [{ name: 'a', securityContext: { runAsNonRoot: true, capabilities: { drop: ['ALL'] } } }] }),
    guarded: { ok: false, error: ATOMIC + '.spec.containers[0].securityContext.capabilities.drop' },
    unguarded: { ok: true, value: pod({ containers: [{ name: 'a', securityContext: { privileged: false, capabilities: { add: ['X'], drop: ['ALL'] }, runAsNonRoot: true } }] }) },
  },
  {
    name: 'a field the schema does not declare',
    type: POD,
    original: pod({ containers: [{ name: 'a' }] }),
    patch: pod({ containers: [{ name: 'a', imagee: 'x' }] }),
    out: undefined,
    guarded: { ok: false, error: 'failed to convert patch object to typed object: .spec.containers[name="a"].imagee: field not declared in schema' },
    unguarded: { ok: false, error: 'failed to convert patch object to typed object: .spec.containers[name="a"].imagee: field not declared in schema' },
  },
  {
    name: 'an undeclared field of the live object fails its conversion',
    type: POD,
    original: pod({ containers: [{ name: 'a' }], extra: true }),
    patch: { metadata: { labels: { a: 'b' } } },
    guarded: { ok: false, error: 'failed to convert original object to typed object: .spec.extra: field not declared in schema' },
    unguarded: { ok: false, error: 'failed to convert original object to typed object: .spec.extra: field not declared in schema' },
  },
  {
    name: 'a value of the wrong type: numeric',
    type: DEPLOYMENT,
    original: { spec: { replicas: 1 } },
    patch: { spec: { replicas: '3' } },
    guarded: { ok: false, error: 'failed to convert patch object to typed object: .spec.replicas: expected numeric (int or float), got string' },
    unguarded: { ok: false, error: 'failed to convert patch object to typed object: .spec.replicas: expected numeric (int or float), got string' },
  },
  {
    name: 'a value of the wrong type: string and struct',
    type: POD,
    original: pod({ containers: [{ name: 'a' }] }),
    patch: pod({ containers: [{ name: 'a', image: 5, resources: 'x' }] }),
    unguarded: {
      ok: false,
      error: 'failed to convert patch object to typed object: errors:\n  .spec.containers[name="a"].image: expected string, got &value.valueUnstructured{Value:5}\n  .spec.containers[name="a"].resources: expected map, got &{x}',
    },
  },
  {
    name: 'duplicate keys are rejected in the patch',
    type: POD,
    original: pod({ containers: [{ name: 'a' }] }),
    patch: pod({ containers: [{ name: 'b' }, { name: 'b', image: 'x' }] }),
    unguarded: { ok: false, error: 'failed to convert patch object to typed object: .spec.containers: duplicate entries for key [name="b"]' },
  },
  {
    name: 'duplicate keys are allowed in the live object; an untouched duplicate stays, a patched one collapses',
    type: POD,
    original: pod({ containers: [{ name: 'a', image: '1' }, { name: 'a', image: '2' }, { name: 'b', env: [{ name: 'E', value: '1' }, { name: 'E', value: '2' }] }] }),
    patch: pod({ containers: [{ name: 'b', env: [{ name: 'E', value: '3' }] }] }),
    out: pod({ containers: [{ name: 'a', image: '1' }, { name: 'a', image: '2' }, { name: 'b', env: [{ name: 'E', value: '3' }] }] }),
  },
  {
    name: 'a container without a name has the key default name="" (Container.name has `default: ""`)',
    type: POD,
    original: pod({ containers: [{ name: 'a' }] }),
    patch: pod({ containers: [{ image: 'x' }, { name: '', imagePullPolicy: 'Always' }] }),
    unguarded: { ok: false, error: 'failed to convert patch object to typed object: .spec.containers: duplicate entries for key [name=""]' },
  },
  {
    name: 'a container without a name merges as the container named ""',
    type: POD,
    original: pod({ containers: [{ name: '', image: 'a' }, { name: 'b' }] }),
    patch: pod({ containers: [{ image: 'x' }] }),
    out: pod({ containers: [{ name: '', image: 'x' }, { name: 'b' }] }),
  },
  {
    name: 'null in the patch replaces a scalar; int-or-string and Quantity take numbers or strings',
    type: POD,
    original: pod({ containers: [{ name: 'a', image: 'x', resources: { limits: { cpu: '1' } }, livenessProbe: { httpGet: { port: 'http' } } }] }),
    patch: pod({ containers: [{ name: 'a', image: null, resources: { limits: { cpu: 2, memory: '1Gi' } }, livenessProbe: { httpGet: { port: 8080 } } }] }),
    out: pod({ containers: [{ name: 'a', image: null, resources: { limits: { cpu: 2, memory: '1Gi' } }, livenessProbe: { httpGet: { port: 8080 } } }] }),
  },
  {
    name: 'topologySpreadConstraints merge by (topologyKey, whenUnsatisfiable)',
    type: POD,
    original: pod({ containers: [{ name: 'a' }], topologySpreadConstraints: [{ topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule', maxSkew: 1 }] }),
    patch: pod({ topologySpreadConstraints: [{ topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule', maxSkew: 2 }, { topologyKey: 'zone', whenUnsatisfiable: 'ScheduleAnyway', maxSkew: 1 }] }),
    out: pod({
      containers: [{ name: 'a' }],
      topologySpreadConstraints: [
        { topologyKey: 'zone', whenUnsatisfiable: 'DoNotSchedule', maxSkew: 2 },
        { topologyKey: 'zone', whenUnsatisfiable: 'ScheduleAnyway', maxSkew: 1 },
      ],
    }),
  },
  {
    name: 'Deployment pod template containers merge by name',
    type: DEPLOYMENT,
    original: { apiVersion: 'apps/v1', kind: 'Deployment', spec: { template: { spec: { containers: [{ name: 'app', image: 'a' }] } } } },
    patch: { spec: { template: { metadata: { annotations: { x: 'y' } }, spec: { containers: [{ name: 'sidecar', image: 's' }] } } } },
    out: { apiVersion: 'apps/v1', kind: 'Deployment', spec: { template: { spec: { containers: [{ name: 'app', image: 'a' }, { name: 'sidecar', image: 's' }] }, metadata: { annotations: { x: 'y' } } } } },
  },
];

describe('Kubernetes 1.32 schemas', () => {
  it.each(K8S_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const expected = (guard: boolean) => (guard ? c.guarded : c.unguarded) ?? (c.out !== undefined ? { ok: true, value: c.out } : undefined);
    for (const guard of [true, false]) {
      const want = expected(guard);
      if (want === undefined) continue;
      expect(applyStructuredMerge(c.type, c.original, c.patch, { guardAtomic: guard }), `guardAtomic: ${guard}`).toEqual(want);
    }
  });

  it('knows the kinds of every built-in group-version, and none of another group-version', () => {
    for (const [apiVersion, kind] of [
      ['v1', 'Service'],
      ['v1', 'ConfigMap'],
      ['apps/v1', 'StatefulSet'],
      ['batch/v1', 'CronJob'],
      ['networking.k8s.io/v1', 'Ingress'],
      ['rbac.authorization.k8s.io/v1', 'ClusterRole'],
      ['admissionregistration.k8s.io/v1', 'ValidatingAdmissionPolicy'],
      ['apiextensions.k8s.io/v1', 'CustomResourceDefinition'],
    ] as const) {
      expect(typeOfKind(schemas, apiVersion, kind), `${apiVersion} ${kind}`).toBeDefined();
    }
    expect(typeOfKind(schemas, 'apps/v1', 'Pod')).toBeUndefined();
    expect(typeOfKind(schemas, 'example.com/v1', 'Widget')).toBeUndefined();
    expect(missingTypeError(schemas, 'example.com/v1', 'Widget')).toBe('type converter must not be nil');
    expect(missingTypeError(schemas, 'apps/v1', 'Pod')).toBe('failed to convert patch object to typed object: no corresponding type for apps/v1, Kind=Pod');
    expect(missingTypeError(schemas, 'v1', 'Foo')).toBe('failed to convert patch object to typed object: no corresponding type for /v1, Kind=Foo');
    expect(missingTypeError(schemas, 'v1', 'Pod')).toBeUndefined();
  });

  it('merges Service ports by (port, protocol); the Service selector is an atomic map', () => {
    const svc = typeOfKind(schemas, 'v1', 'Service')!;
    const original: JsonObject = { spec: { selector: { app: 'a' }, ports: [{ port: 80, targetPort: 8080 }] } };
    const patch: JsonObject = { spec: { selector: { tier: 't' }, ports: [{ port: 80, protocol: 'TCP', name: 'http' }, { port: 443 }] } };
    expect(applyStructuredMerge(svc, original, patch, { guardAtomic: true })).toEqual({ ok: false, error: ATOMIC + '.spec.selector' });
    expect(mergeOk(svc, original, patch)).toEqual({ spec: { selector: { tier: 't' }, ports: [{ port: 80, targetPort: 8080, protocol: 'TCP', name: 'http' }, { port: 443 }] } });
  });
});

// ---------------------------------------------------------------------------------------------------------
// CRDs

const WIDGET_CRD: JsonObject = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'widgets.example.com' },
  spec: {
    group: 'example.com',
    names: { kind: 'Widget', plural: 'widgets' },
    scope: 'Namespaced',
    versions: [
      {
        name: 'v1',
        served: true,
        storage: true,
        schema: {
          openAPIV3Schema: {
            type: 'object',
            properties: {
              spec: {
                type: 'object',
                properties: {
                  items: {
                    type: 'array',
                    'x-kubernetes-list-type': 'map',
                    'x-kubernetes-list-map-keys': ['name', 'zone'],
                    items: {
                      type: 'object',
                      properties: { name: { type: 'string' }, zone: { type: 'string', default: 'a' }, size: { type: 'integer' } },
                    },
                  },
                  tags: { type: 'array', items: { type: 'string' } },
                  owners: { type: 'array', 'x-kubernetes-list-type': 'set', items: { type: 'string' } },
                  config: { type: 'object', additionalProperties: { type: 'string' } },
                  frozen: { type: 'object', 'x-kubernetes-map-type': 'atomic', properties: { a: { type: 'string' }, b: { type: 'string' } } },
                  free: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
                  port: { 'x-kubernetes-int-or-string': true, anyOf: [{ type: 'integer' }, { type: 'string' }] },
                },
              },
            },
          },
        },
      },
    ],
  },
};

describe('CRD schemas', () => {
  const withCrd = mergeSchemas([WIDGET_CRD]);
  const WIDGET = typeOfKind(withCrd, 'example.com/v1', 'Widget')!;
  const widget = (spec: JsonObject, metadata: JsonObject = { name: 'w' }): JsonObject => ({ apiVersion: 'example.com/v1', kind: 'Widget', metadata, spec });

  it('has a type for the CRD kind, and still the built-in kinds', () => {
    expect(WIDGET).toBeDefined();
    expect(typeOfKind(withCrd, 'v1', 'Pod')).toBeDefined();
    expect(typeOfKind(schemas, 'example.com/v1', 'Widget')).toBeUndefined();
  });

  it.each([
    [
      'x-kubernetes-list-map-keys merge, with a key default',
      widget({ items: [{ name: 'x', size: 1 }, { name: 'y', zone: 'b', size: 2 }] }),
      widget({ items: [{ name: 'x', zone: 'a', size: 5 }, { name: 'y', size: 3 }] }),
      widget({ items: [{ name: 'x', size: 5, zone: 'a' }, { name: 'y', zone: 'b', size: 2 }, { name: 'y', size: 3 }] }),
    ],
    ['a set list', widget({ owners: ['a', 'b'] }), widget({ owners: ['c', 'a'] }), widget({ owners: ['c', 'a', 'b'] })],
    ['additionalProperties maps are granular', widget({ config: { a: '1' } }), widget({ config: { b: '2' } }), widget({ config: { a: '1', b: '2' } })],
    ['preserve-unknown-fields takes any field and merges maps key by key', widget({ free: { x: { y: 1 }, l: [1] } }), widget({ free: { x: { z: 2 }, l: [2], n: true } }), widget({ free: { x: { y: 1, z: 2 }, l: [2], n: true } })],
    ['int-or-string takes either', widget({ port: 'http' }), widget({ port: 80 }), widget({ port: 80 })],
    ['metadata is ObjectMeta', widget({}, { name: 'w', labels: { a: '1' } }), { metadata: { labels: { b: '2' } } }, widget({}, { name: 'w', labels: { a: '1', b: '2' } })],
  ] as const)('%s', (_name, original, patch, out) => {
    expect(applyStructuredMerge(WIDGET, original, patch, { guardAtomic: true })).toEqual({ ok: true, value: out });
  });

  it('a list without x-kubernetes-list-type is atomic: replaced', () => {
    expect(applyStructuredMerge(WIDGET, widget({ tags: ['a', 'b'] }), widget({ tags: ['c'] }), { guardAtomic: false })).toEqual({ ok: true, value: widget({ tags: ['c'] }) });
  });

  it('a list-map item without any key field and no key default', () => {
    const NOKEYS: JsonObject = structuredClone(WIDGET_CRD);
    const crd = NOKEYS as any;
    delete crd.spec.versions[0].schema.openAPIV3Schema.properties.spec.properties.items.items.properties.zone.default;
    const t = typeOfKind(mergeSchemas([NOKEYS]), 'example.com/v1', 'Widget')!;
    expect(applyStructuredMerge(t, widget({}), widget({ items: [{ size: 1 }] }), { guardAtomic: false })).toEqual({
      ok: false,
      error:
        'failed to convert patch object to typed object: .spec.items: element 0: associative list with keys has an element that omits all key fields ["name" "zone"] (and doesn\'t have default values for any key fields)',
    });
  });

  it('guards the atomic list and the atomic map of a CRD', () => {
    expect(applyStructuredMerge(WIDGET, widget({}), widget({ tags: ['x'], frozen: { a: '1' } }), { guardAtomic: true })).toEqual({ ok: false, error: ATOMIC + '.spec.tags, .spec.frozen' });
    expect(applyStructuredMerge(WIDGET, widget({ frozen: { a: '0', b: '0' } }), widget({ frozen: { a: '1' } }), { guardAtomic: false })).toEqual({ ok: true, value: widget({ frozen: { a: '1' } }) });
  });

  it('rejects a field the CRD schema does not declare', () => {
    expect(applyStructuredMerge(WIDGET, widget({}), widget({ colour: 'red' }), { guardAtomic: false })).toEqual({
      ok: false,
      error: 'failed to convert patch object to typed object: .spec.colour: field not declared in schema',
    });
  });

  it('a CRD schema that does not convert leaves its group-version without a type converter', () => {
    const bad = structuredClone(WIDGET_CRD) as any;
    bad.spec.versions[0].schema.openAPIV3Schema.properties.spec.properties.tags['x-kubernetes-list-type'] = 'bag';
    const s = mergeSchemas([bad]);
    expect(typeOfKind(s, 'example.com/v1', 'Widget')).toBeUndefined();
    expect(missingTypeError(s, 'example.com/v1', 'Widget')).toBe('type converter must not be nil');
    expect(s.problems).toEqual(['example.com/v1: failed to convert models to schema: inlined in inlined in example.com/v1.Widget: unknown list type bag']);
  });
});

describe('inputs and result', () => {
  it('never modifies the inputs, and the result shares no object or list with them', () => {
    const original = pod({ containers: [{ name: 'a', args: ['x'], env: [{ name: 'E', value: '1' }] }], tolerations: [{ key: 'k' }] }, { name: 'p', labels: { a: '1' } });
    const patch = pod({ containers: [{ name: 'a', args: ['y'], env: [{ name: 'F', value: '2' }] }, { name: 'b', resources: { limits: { cpu: '1' } } }], tolerations: [{ key: 'z' }] }, { labels: { b: '2' } });
    const before = [structuredClone(original), structuredClone(patch)];
    const r = applyStructuredMerge(POD, original, patch, { guardAtomic: false });
    expect([original, patch]).toEqual(before);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const inputs = new Set<unknown>();
    const collect = (v: unknown): void => {
      if (v !== null && typeof v === 'object') {
        inputs.add(v);
        for (const x of Object.values(v)) collect(x);
      }
    };
    collect(original);
    collect(patch);
    const shared: unknown[] = [];
    const walk = (v: unknown): void => {
      if (v !== null && typeof v === 'object') {
        if (inputs.has(v)) shared.push(v);
        for (const x of Object.values(v)) walk(x);
      }
    };
    walk(r.value);
    expect(shared).toEqual([]);
    expect(r.value).toEqual(
      pod(
        {
          containers: [
            { name: 'a', args: ['y'], env: [{ name: 'E', value: '1' }, { name: 'F', value: '2' }] },
            { name: 'b', resources: { limits: { cpu: '1' } } },
          ],
          tolerations: [{ key: 'z' }],
        },
        { name: 'p', labels: { a: '1', b: '2' } },
      ),
    );
  });
});
