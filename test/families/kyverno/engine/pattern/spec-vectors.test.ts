/**
 * @file Pattern-language vectors with the outcomes Kyverno's own `validate.MatchPattern` (kyverno/kyverno
 * pkg/engine/validate/validate.go) returned for them: scalars and operators (rows derived from
 * pkg/engine/pattern/pattern_test.go), arrays, anchors, ordering, metadata wildcard keys
 * (`TestValidateMapWildcardKeys`), `TestConditionalAnchorWithMultiplePatterns` and `Test_global_anchor`
 * (pkg/engine/validate/validate_test.go).
 */
import { describe, expect, it } from 'vitest';
import { matchPattern, type PatternOutcome } from '../../../../../src/families/kyverno/engine/pattern/index.js';
import type { JsonValue, NumberMode } from '../../../../../src/types.js';

interface Vector {
  id: string;
  /** A pattern, or `{ anyPattern: [...] }` for the anyPattern rows. */
  pattern: JsonValue | { anyPattern: JsonValue[] };
  resource: JsonValue;
  outcome: PatternOutcome;
  path: string;
  /** Outcome under `kyverno apply` (int64 numbers) where it differs. */
  int64?: PatternOutcome;
}

// Patterns of `TestConditionalAnchorWithMultiplePatterns` and `Test_global_anchor`.
const P1: JsonValue = {"spec":{"containers":[{"name":"*","(image)":"*:latest | !*:*","imagePullPolicy":"!Always"}]}};
const P2: JsonValue = {"spec":{"containers":[{"name":"*","(image)":"!*:* | *:latest","imagePullPolicy":"!Always"}]}};
const P3: JsonValue = {"spec":{"containers":[{"name":"*","<(image)":"*:latest","imagePullPolicy":"!Always"}]}};
const P4: JsonValue = {"spec":{"containers":[{"name":"*","<(image)":"nginx","env":[{"<(name)":"foo","<(value)":"bar"}],"imagePullPolicy":"!Always"}]}};
const P5: JsonValue = {"spec":{"containers":[{"name":"*","env":[{"<(name)":"foo","<(value)":"bar"}],"imagePullPolicy":"!Always"}]}};
const P6: JsonValue = {"metadata":{"<(name)":"nginx"},"spec":{"imagePullSecrets":[{"name":"regcred"}]}};
const P7: JsonValue = {"metadata":{"labels":{"<(foo)":"bar"}},"spec":{"containers":[{"name":"nginx","image":"!*:latest"}]}};
const P8: JsonValue = {"spec":{"containers":[{"name":"*","<(image)":"nginx"}],"imagePullSecrets":[{"name":"my-registry-secret"}]}};
const P9: JsonValue = {"metadata":{"labels":{"allow-docker":"true"}},"(spec)":{"(volumes)":[{"(hostPath)":{"path":"/var/run/docker.sock"}}]}};
const P10: JsonValue = {"spec":{"=(volumes)":[{"(name)":"!cache-volume","=(emptyDir)":{"sizeLimit":"?*"}}]}};
const P11: JsonValue = {"spec":{"=(initContainers)":[{"(name)":"!istio-init","=(securityContext)":{"=(runAsUser)":">0"}}],"=(containers)":[{"=(securityContext)":{"=(runAsUser)":">0"}}]}};
const P12: JsonValue = {"spec":{"=(volumes)":[{"(name)":"!credential-socket&!istio-data&!istio-envoy&!workload-certs&!workload-socket","=(emptyDir)":{"sizeLimit":"?*"}}]}};

const VECTORS: Vector[] = [
  { id: 's01', pattern: {"spec":{"f":"nginx"}}, resource: {"spec":{"f":"nginx"}}, outcome: 'pass', path: '' },
  { id: 's02', pattern: {"spec":{"f":"nginx"}}, resource: {"spec":{"f":"nginx:1"}}, outcome: 'fail', path: '/spec/f/' },
  { id: 's03', pattern: {"spec":{"f":"nginx*"}}, resource: {"spec":{"f":"nginx:1"}}, outcome: 'pass', path: '' },
  { id: 's04', pattern: {"spec":{"f":"*:latest"}}, resource: {"spec":{"f":"nginx"}}, outcome: 'fail', path: '/spec/f/' },
  { id: 's05', pattern: {"spec":{"f":"!*:latest"}}, resource: {"spec":{"f":"nginx:1.2"}}, outcome: 'pass', path: '' },
  { id: 's06', pattern: {"spec":{"f":"!*:latest"}}, resource: {"spec":{"f":"nginx:latest"}}, outcome: 'fail', path: '/spec/f/' },
  { id: 's07', pattern: {"spec":{"f":"?*"}}, resource: {"spec":{"f":""}}, outcome: 'fail', path: '/spec/f/' },
  { id: 's08', pattern: {"spec":{"f":"?*"}}, resource: {"spec":{"f":"x"}}, outcome: 'pass', path: '' },
  { id: 's09', pattern: {"spec":{"f":"?*"}}, resource: {"spec":{}}, outcome: 'fail', path: '/spec/f/' },
  { id: 's10', pattern: {"spec":{"f":"*"}}, resource: {"spec":{}}, outcome: 'fail', path: '/spec/' },
  { id: 's11', pattern: {"spec":{"f":"*"}}, resource: {"spec":{"f":null}}, outcome: 'fail', path: '/spec/' },
  { id: 's12', pattern: {"spec":{"f":"*"}}, resource: {"spec":{"f":{"a":1}}}, outcome: 'pass', path: '' },
  { id: 's13', pattern: {"spec":{"f":"*"}}, resource: {"spec":{"f":""}}, outcome: 'pass', path: '' },
  { id: 's14', pattern: {"spec":{"f":"ab?ba"}}, resource: {"spec":{"f":"abbba"}}, outcome: 'pass', path: '' },
  { id: 's15', pattern: {"spec":{"f":"ab?ba"}}, resource: {"spec":{"f":"abbbba"}}, outcome: 'fail', path: '/spec/f/' },
  { id: 's16', pattern: {"spec":{"f":"a|b"}}, resource: {"spec":{"f":"b"}}, outcome: 'pass', path: '' },
  { id: 's17', pattern: {"spec":{"f":"!a & !b"}}, resource: {"spec":{"f":"c"}}, outcome: 'pass', path: '' },
  { id: 's18', pattern: {"spec":{"f":"!a & !b"}}, resource: {"spec":{"f":"a"}}, outcome: 'fail', path: '/spec/f/' },
  { id: 's19', pattern: {"spec":{"f":"!foo"}}, resource: {"spec":{}}, outcome: 'fail', path: '/spec/f/' },
  { id: 's20', pattern: {"spec":{"f":"Always"}}, resource: {"spec":{"f":"always"}}, outcome: 'fail', path: '/spec/f/' },
  { id: 's21', pattern: {"spec":{"f":"192.168.88.1 | 10.100.11.*"}}, resource: {"spec":{"f":"10.100.11.54"}}, outcome: 'pass', path: '' },
  { id: 'n01', pattern: {"spec":{"f":">1 & <20"}}, resource: {"spec":{"f":"10"}}, outcome: 'pass', path: '' },
  { id: 'n02', pattern: {"spec":{"f":">1 & <20 | >31 & <33"}}, resource: {"spec":{"f":"21"}}, outcome: 'fail', path: '/spec/f/' },
  { id: 'n03', pattern: {"spec":{"f":">0"}}, resource: {"spec":{"f":1000}}, outcome: 'pass', path: '' },
  { id: 'n04', pattern: {"spec":{"f":">0"}}, resource: {"spec":{"f":0}}, outcome: 'fail', path: '/spec/f/' },
  { id: 'n05', pattern: {"spec":{"f":">0"}}, resource: {"spec":{}}, outcome: 'fail', path: '/spec/f/' },
  { id: 'n06', pattern: {"spec":{"f":"<5"}}, resource: {"spec":{}}, outcome: 'pass', path: '' },
  { id: 'n07', pattern: {"spec":{"f":"0"}}, resource: {"spec":{}}, outcome: 'pass', path: '' },
  { id: 'n08', pattern: {"spec":{"f":0}}, resource: {"spec":{}}, outcome: 'fail', path: '/spec/f/' },
  { id: 'n09', pattern: {"spec":{"f":8}}, resource: {"spec":{"f":"8"}}, outcome: 'pass', path: '' },
  { id: 'n10', pattern: {"spec":{"f":"8"}}, resource: {"spec":{"f":8}}, outcome: 'pass', path: '' },
  { id: 'n11', pattern: {"spec":{"f":8.1}}, resource: {"spec":{"f":8}}, outcome: 'fail', path: '/spec/f/' },
  { id: 'n12', pattern: {"spec":{"f":">= 3"}}, resource: {"spec":{"f":4}}, outcome: 'pass', path: '' },
  { id: 'n13', pattern: {"spec":{"f":"0-2"}}, resource: {"spec":{"f":3}}, outcome: 'fail', path: '/spec/f/' },
  { id: 'n14', pattern: {"spec":{"f":"0-2"}}, resource: {"spec":{"f":1}}, outcome: 'pass', path: '' },
  { id: 'n15', pattern: {"spec":{"f":"10!-20"}}, resource: {"spec":{"f":15}}, outcome: 'fail', path: '/spec/f/' },
  { id: 'n16', pattern: {"spec":{"f":"10!-20"}}, resource: {"spec":{"f":25}}, outcome: 'pass', path: '' },
  { id: 'n17', pattern: {"spec":{"f":"128Mi-512Mi"}}, resource: {"spec":{"f":"256Mi"}}, outcome: 'pass', path: '' },
  { id: 'n18', pattern: {"spec":{"f":"<=1Gi"}}, resource: {"spec":{"f":"1024Mi"}}, outcome: 'pass', path: '' },
  { id: 'n19', pattern: {"spec":{"f":"<=1Gi"}}, resource: {"spec":{"f":"2Gi"}}, outcome: 'fail', path: '/spec/f/' },
  { id: 'n20', pattern: {"spec":{"f":"<=1Gi"}}, resource: {"spec":{}}, outcome: 'pass', path: '' },
  { id: 'n21', pattern: {"spec":{"f":">1h"}}, resource: {"spec":{"f":"90m"}}, outcome: 'pass', path: '' },
  { id: 'n22', pattern: {"spec":{"f":"1h"}}, resource: {"spec":{"f":"60m"}}, outcome: 'pass', path: '' },
  { id: 'n23', pattern: {"spec":{"f":"<4|8"}}, resource: {"spec":{"f":"8"}}, outcome: 'pass', path: '' },
  { id: 'n24', pattern: {"spec":{"f":"1024"}}, resource: {"spec":{"f":"1Ki"}}, outcome: 'pass', path: '' },
  { id: 'n25', pattern: {"spec":{"f":"12?"}}, resource: {"spec":{"f":123}}, outcome: 'fail', path: '/spec/f/', int64: 'pass' },
  { id: 'n26', pattern: {"spec":{"f":"!0"}}, resource: {"spec":{"f":0}}, outcome: 'fail', path: '/spec/f/' },
  { id: 'n27', pattern: {"spec":{"f":"!0"}}, resource: {"spec":{"f":1}}, outcome: 'pass', path: '' },
  { id: 'n28', pattern: {"spec":{"f":">1"}}, resource: {"spec":{"f":"abc"}}, outcome: 'fail', path: '/spec/f/' },
  { id: 'n29', pattern: {"spec":{"f":"true"}}, resource: {"spec":{"f":true}}, outcome: 'pass', path: '' },
  { id: 'n30', pattern: {"spec":{"f":true}}, resource: {"spec":{"f":"true"}}, outcome: 'fail', path: '/spec/f/' },
  { id: 'n31', pattern: {"spec":{"f":false}}, resource: {"spec":{}}, outcome: 'fail', path: '/spec/f/' },
  { id: 'n32', pattern: {"spec":{"f":null}}, resource: {"spec":{"f":""}}, outcome: 'pass', path: '' },
  { id: 'n33', pattern: {"spec":{"f":null}}, resource: {"spec":{"f":"x"}}, outcome: 'fail', path: '/spec/f/' },
  { id: 'n34', pattern: {"spec":{"f":null}}, resource: {"spec":{}}, outcome: 'pass', path: '' },
  { id: 'n35', pattern: {"spec":{"f":null}}, resource: {"spec":{"f":{}}}, outcome: 'fail', path: '/spec/f/' },
  { id: 'n36', pattern: {"spec":{"f":">=500m"}}, resource: {"spec":{"f":"0.5"}}, outcome: 'pass', path: '' },
  { id: 'n37', pattern: {"spec":{"f":1}}, resource: {"spec":{"f":1.0}}, outcome: 'pass', path: '' },
  { id: 'n38', pattern: {"spec":{"f":"1*"}}, resource: {"spec":{"f":123}}, outcome: 'pass', path: '' },
  { id: 'a01', pattern: {"spec":{"f":[{"name":"*"}]}}, resource: {"spec":{"f":[]}}, outcome: 'pass', path: '' },
  { id: 'a02', pattern: {"spec":{"f":[{"image":"!*:latest"}]}}, resource: {"spec":{"f":[{"image":"a:1"},{"image":"b:latest"}]}}, outcome: 'fail', path: '/spec/f/1/image/' },
  { id: 'a03', pattern: {"spec":{"f":["a","b"]}}, resource: {"spec":{"f":["a","a"]}}, outcome: 'pass', path: '' },
  { id: 'a04', pattern: {"spec":{"f":["a","b"]}}, resource: {"spec":{"f":["a","b"]}}, outcome: 'fail', path: '/spec/f/' },
  { id: 'a05', pattern: {"spec":{"f":"nginx*"}}, resource: {"spec":{"f":["nginx:1","nginx:2"]}}, outcome: 'pass', path: '' },
  { id: 'a06', pattern: {"spec":{"f":"nginx*"}}, resource: {"spec":{"f":[]}}, outcome: 'pass', path: '' },
  { id: 'a07', pattern: {"spec":{"f":[{"a":"x"}]}}, resource: {"spec":{"f":{"a":"x"}}}, outcome: 'fail', path: '/spec/f/' },
  { id: 'a08', pattern: {"spec":{"f":{"a":"x"}}}, resource: {"spec":{"f":[{"a":"x"}]}}, outcome: 'fail', path: '/spec/f/' },
  { id: 'a09', pattern: {"spec":{"f":[]}}, resource: {"spec":{"f":["x"]}}, outcome: 'fail', path: '/spec/f/' },
  { id: 'a10', pattern: {"spec":{"f":[{"name":"a"}]}}, resource: {"spec":{}}, outcome: 'fail', path: '/spec/f/' },
  { id: 'a11', pattern: {"spec":{"f":{"a":"b"}}}, resource: {"spec":{"f":"x"}}, outcome: 'fail', path: '/spec/f/' },
  { id: 'a12', pattern: {"spec":{"f":{"a":"b"}}}, resource: {"spec":{}}, outcome: 'fail', path: '/spec/f/' },
  { id: 'a13', pattern: {"spec":{"f":{}}}, resource: {"spec":{}}, outcome: 'fail', path: '/spec/f/' },
  { id: 'c01', pattern: {"spec":{"containers":[{"(image)":"*:latest","imagePullPolicy":"!Always"}]}}, resource: {"spec":{"containers":[{"name":"c","image":"nginx:latest","imagePullPolicy":"IfNotPresent"}]}}, outcome: 'pass', path: '' },
  { id: 'c02', pattern: {"spec":{"containers":[{"(image)":"*:latest","imagePullPolicy":"!Always"}]}}, resource: {"spec":{"containers":[{"name":"c","image":"nginx:latest","imagePullPolicy":"Always"}]}}, outcome: 'fail', path: '/spec/containers/0/imagePullPolicy/' },
  { id: 'c03', pattern: {"spec":{"containers":[{"(image)":"*:latest","imagePullPolicy":"!Always"}]}}, resource: {"spec":{"containers":[{"name":"c","image":"nginx:1","imagePullPolicy":"Always"}]}}, outcome: 'skip', path: '' },
  { id: 'c04', pattern: {"spec":{"containers":[{"(image)":"*:latest","imagePullPolicy":"!Always"}]}}, resource: {"spec":{"containers":[{"name":"c","imagePullPolicy":"Always"}]}}, outcome: 'skip', path: '' },
  { id: 'c05', pattern: {"spec":{"containers":[{"(image)":"*:latest","imagePullPolicy":"!Always"}]}}, resource: {"spec":{"containers":[{"name":"c","image":"nginx:1","imagePullPolicy":"Always"},{"name":"c","image":"nginx:latest","imagePullPolicy":"Never"}]}}, outcome: 'pass', path: '' },
  { id: 'c06', pattern: {"spec":{"containers":[{"(image)":"*:latest","imagePullPolicy":"!Always"}]}}, resource: {"spec":{"containers":[]}}, outcome: 'pass', path: '' },
  { id: 'c07', pattern: {"spec":{"(foo)":"*","bar":"x"}}, resource: {"spec":{"foo":{"a":1},"bar":"y"}}, outcome: 'skip', path: '' },
  { id: 'e01', pattern: {"spec":{"=(hostNetwork)":false}}, resource: {"spec":{}}, outcome: 'pass', path: '' },
  { id: 'e02', pattern: {"spec":{"=(hostNetwork)":false}}, resource: {"spec":{"hostNetwork":false}}, outcome: 'pass', path: '' },
  { id: 'e03', pattern: {"spec":{"=(hostNetwork)":false}}, resource: {"spec":{"hostNetwork":true}}, outcome: 'fail', path: '/spec/hostNetwork/' },
  { id: 'e04', pattern: {"spec":{"=(foo)":"*"}}, resource: {"spec":{"foo":{"a":1}}}, outcome: 'fail', path: '/spec/foo/' },
  { id: 'e05', pattern: {"spec":{"=(volumes)":[{"=(hostPath)":{"path":"!/var/run/docker.sock"}}]}}, resource: {"spec":{"volumes":[{"name":"a","emptyDir":{}},{"name":"b","hostPath":{"path":"/var/run/docker.sock"}}]}}, outcome: 'fail', path: '/spec/volumes/1/hostPath/path/' },
  { id: 'x01', pattern: {"spec":{"volumes":[{"X(hostPath)":"null"}]}}, resource: {"spec":{"volumes":[{"hostPath":{"path":"/x"}}]}}, outcome: 'fail', path: '/spec/volumes/0/hostPath/' },
  { id: 'x02', pattern: {"spec":{"volumes":[{"X(hostPath)":"null"}]}}, resource: {"spec":{"volumes":[{"emptyDir":{}}]}}, outcome: 'pass', path: '' },
  { id: 'x03', pattern: {"spec":{"X(foo)":"*"}}, resource: {"spec":{"foo":null}}, outcome: 'fail', path: '/spec/foo/' },
  { id: 'x04', pattern: {"spec":{"X(foo)":"bar"}}, resource: {"spec":{"foo":"baz"}}, outcome: 'fail', path: '/spec/foo/' },
  { id: 'x05', pattern: {"metadata":{"labels":{"X(foo)":null}}}, resource: {"metadata":{"labels":{"foo":"x"}}}, outcome: 'pass', path: '' },
  { id: 'x06', pattern: {"metadata":{"labels":{"X(foo)":"null"}}}, resource: {"metadata":{"labels":{"foo":"x"}}}, outcome: 'fail', path: '/metadata/labels/foo/' },
  { id: 'x07', pattern: {"metadata":{"labels":{"X(app.kubernetes.io/*)":"*"}}}, resource: {"metadata":{"labels":{"app.kubernetes.io/name":"x"}}}, outcome: 'fail', path: '/metadata/labels/app.kubernetes.io/name/' },
  { id: 'x08', pattern: {"metadata":{"labels":{"X(app.kubernetes.io/*)":"*"}}}, resource: {"metadata":{"labels":{"app":"x"}}}, outcome: 'pass', path: '' },
  { id: 'h01', pattern: {"spec":{"^(containers)":[{"image":"nginx*"}]}}, resource: {"spec":{"containers":[{"image":"a:1"},{"image":"nginx:1"}]}}, outcome: 'pass', path: '' },
  { id: 'h02', pattern: {"spec":{"^(containers)":[{"image":"nginx*"}]}}, resource: {"spec":{"containers":[{"image":"a:1"}]}}, outcome: 'fail', path: '/spec/containers/' },
  { id: 'h03', pattern: {"spec":{"^(containers)":[{"image":"nginx*"}]}}, resource: {"spec":{}}, outcome: 'pass', path: '' },
  { id: 'h04', pattern: {"spec":{"^(containers)":[{"image":"nginx*"}]}}, resource: {"spec":{"containers":{"image":"nginx"}}}, outcome: 'fail', path: '/spec/containers/' },
  { id: 'h05', pattern: {"spec":{"^(containers)":[{"image":"nginx*"},{"image":"redis*"}]}}, resource: {"spec":{"containers":[{"image":"nginx:1"},{"image":"redis:1"}]}}, outcome: 'pass', path: '' },
  { id: 'h06', pattern: {"spec":{"^(containers)":[{"image":"nginx*"},{"image":"redis*"}]}}, resource: {"spec":{"containers":[{"image":"nginx:1"}]}}, outcome: 'fail', path: '/spec/containers/' },
  { id: 'g01', pattern: {"spec":{"containers":[{"<(image)":"*:latest","imagePullPolicy":"!Always"}]}}, resource: {"spec":{"containers":[{"name":"c","image":"nginx:latest","imagePullPolicy":"Always"}]}}, outcome: 'fail', path: '/spec/containers/0/imagePullPolicy/' },
  { id: 'g02', pattern: {"spec":{"containers":[{"<(image)":"*:latest","imagePullPolicy":"!Always"}]}}, resource: {"spec":{"containers":[{"name":"c","image":"nginx:v1","imagePullPolicy":"Always"}]}}, outcome: 'skip', path: '' },
  { id: 'g03', pattern: {"spec":{"containers":[{"<(image)":"*:latest","imagePullPolicy":"!Always"}]}}, resource: {"spec":{"containers":[{"name":"c","imagePullPolicy":"Always"}]}}, outcome: 'fail', path: '/spec/containers/0/imagePullPolicy/' },
  { id: 'g04', pattern: {"spec":{"containers":[{"<(image)":"*:latest","imagePullPolicy":"!Always"}]}}, resource: {"spec":{"containers":[{"name":"c","image":"nginx:latest","imagePullPolicy":"IfNotPresent"},{"name":"c","image":"nginx:v2","imagePullPolicy":"Always"}]}}, outcome: 'pass', path: '' },
  { id: 'g05', pattern: {"metadata":{"<(name)":"nginx"},"spec":{"imagePullSecrets":[{"name":"regcred"}]}}, resource: {"metadata":{"name":"other"},"spec":{"imagePullSecrets":[{"name":"cred"}]}}, outcome: 'skip', path: '' },
  { id: 'g06', pattern: {"metadata":{"labels":{"<(tier)":"prod"}},"spec":{"x":"1"}}, resource: {"metadata":{"labels":{"tier":"prod"}},"spec":{"x":"2"}}, outcome: 'fail', path: '/spec/x/' },
  { id: 'p01', pattern: {"spec":{"+(foo)":"bar"}}, resource: {"spec":{"foo":"bar"}}, outcome: 'fail', path: '/spec/+(foo)/' },
  { id: 'o01', pattern: {"metadata":{"labels":{"app":"x"}},"spec":{"containers":[{"(name)":"foo","image":"bar"}]}}, resource: {"metadata":{"labels":{"app":"y"}},"spec":{"containers":[{"name":"baz","image":"q"}]}}, outcome: 'skip', path: '' },
  { id: 'o02', pattern: {"metadata":{"labels":{"app":"x"}},"spec":{"containers":[{"(name)":"foo","image":"bar"}]}}, resource: {"metadata":{"labels":{"app":"y"}},"spec":{"containers":[{"name":"foo","image":"bar"}]}}, outcome: 'fail', path: '/metadata/labels/app/' },
  { id: 'o03', pattern: {"(metadata)":{"name":"x"},"spec":{"a":"b"}}, resource: {"metadata":{"name":"y"},"spec":{"a":"c"}}, outcome: 'skip', path: '' },
  { id: 'o04', pattern: {"spec":{"(a)":"1","=(b)":"2"}}, resource: {"spec":{"a":"0","b":"3"}}, outcome: 'skip', path: '' },
  { id: 'o05', pattern: {"spec":{"(a)":"1","=(b)":"2"}}, resource: {"spec":{"a":"1","b":"3"}}, outcome: 'fail', path: '/spec/b/' },
  { id: 'o06', pattern: {"spec":{"X(a)":null,"(b)":"1"}}, resource: {"spec":{"a":"x","b":"0"}}, outcome: 'skip', path: '' },
  { id: 'o07', pattern: {"spec":{"^(initContainers)":[{"name":"x"}],"containers":[{"image":"!*:latest"}]}}, resource: {"spec":{"containers":[{"image":"a:latest"}]}}, outcome: 'error', path: '' },
  { id: 'o08', pattern: {"spec":{"=(initContainers)":[{"(name)":"istio*","image":"x"}],"=(hostNetwork)":false,"containers":[{"image":"!*:latest"}]}}, resource: {"spec":{"initContainers":[{"name":"other","image":"y"}],"hostNetwork":false,"containers":[{"image":"a:latest"}]}}, outcome: 'fail', path: '/spec/containers/0/image/' },
  { id: 'o09', pattern: {"spec":{"=(initContainers)":[{"(name)":"istio*","image":"x"}],"containers":[{"image":"!*:latest"}]}}, resource: {"spec":{"initContainers":[{"name":"other","image":"y"}],"containers":[{"image":"a:latest"}]}}, outcome: 'skip', path: '' },
  { id: 'y01', pattern: { anyPattern: [{"spec":{"a":"1"}},{"spec":{"b":"2"}}] }, resource: {"spec":{"b":"2"}}, outcome: 'pass', path: '' },
  { id: 'y02', pattern: { anyPattern: [{"spec":{"a":"1"}},{"spec":{"b":"2"}}] }, resource: {"spec":{"c":"3"}}, outcome: 'fail', path: '' },
  { id: 'y03', pattern: { anyPattern: [{"spec":{"(a)":"1","b":"x"}},{"spec":{"(a)":"2","b":"x"}}] }, resource: {"spec":{"a":"3","b":"y"}}, outcome: 'skip', path: '' },
  { id: 'y04', pattern: { anyPattern: [{"spec":{"(a)":"1","b":"x"}},{"spec":{"b":"x"}}] }, resource: {"spec":{"a":"3","b":"y"}}, outcome: 'fail', path: '' },
  { id: 'm01', pattern: {"spec":{"f":">1Gi"}}, resource: {"spec":{"f":2000000000}}, outcome: 'pass', path: '' },
  { id: 'm02', pattern: {"spec":{"f":"<=30s"}}, resource: {"spec":{"f":10}}, outcome: 'fail', path: '/spec/f/' },
  { id: 'm03', pattern: {"spec":{"f":"1.5"}}, resource: {"spec":{"f":1.5}}, outcome: 'pass', path: '' },
  { id: 'm04', pattern: {"spec":{"f":""}}, resource: {"spec":{}}, outcome: 'fail', path: '/spec/f/' },
  { id: 'm05', pattern: {"spec":{"f":""}}, resource: {"spec":{"f":""}}, outcome: 'pass', path: '' },
  { id: 'm06', pattern: {"spec":{"f":"?*"}}, resource: {"spec":{"f":0}}, outcome: 'pass', path: '' },
  { id: 'm07', pattern: {"spec":{"f":[["a"],["b"]]}}, resource: {"spec":{"f":[["a"]]}}, outcome: 'error', path: '' },
  { id: 'm08', pattern: {"spec":{"f":[["a"],["b"]]}}, resource: {"spec":{"f":[["a"],["b"],["c"]]}}, outcome: 'pass', path: '' },
  { id: 'm09', pattern: {"spec":{"f":"null"}}, resource: {"spec":{}}, outcome: 'fail', path: '/spec/f/' },
  { id: 'm10', pattern: {"spec":{"f":"!1-10"}}, resource: {"spec":{"f":5}}, outcome: 'pass', path: '' },
  { id: 'm11', pattern: {"spec":{"f":"a-b"}}, resource: {"spec":{"f":"a-b"}}, outcome: 'pass', path: '' },
  { id: 'm12', pattern: {"spec":{"f":"0.5-1.5"}}, resource: {"spec":{"f":"1"}}, outcome: 'pass', path: '' },
  { id: 'm13', pattern: {"spec":{"f":"1h-2h"}}, resource: {"spec":{"f":"90m"}}, outcome: 'pass', path: '' },
  { id: 'm14', pattern: {"spec":{"f":">1h"}}, resource: {"spec":{"f":"abc"}}, outcome: 'fail', path: '/spec/f/' },
  { id: 'm15', pattern: {"spec":{"f":" >1 "}}, resource: {"spec":{"f":2}}, outcome: 'pass', path: '' },
  { id: 'm16', pattern: {"spec":{"f":1}}, resource: {"spec":{"f":true}}, outcome: 'fail', path: '/spec/f/' },
  { id: 'm17', pattern: {"spec":{"f":"1E+03"}}, resource: {"spec":{"f":1000}}, outcome: 'pass', path: '' },
  { id: 'm18', pattern: {"spec":{"f":"!0"}}, resource: {"spec":{}}, outcome: 'fail', path: '/spec/f/' },
  { id: 'm19', pattern: {"spec":{"f":"<=0"}}, resource: {"spec":{}}, outcome: 'pass', path: '' },
  { id: 'm20', pattern: {"<(foo)":"x","spec":{"a":"b"}}, resource: {"spec":{"a":"c"}}, outcome: 'fail', path: '/spec/a/' },
  { id: 'm21', pattern: {"spec":{"<(a)":"1","(b)":"2","c":"3"}}, resource: {"spec":{"a":"1","b":"0","c":"9"}}, outcome: 'skip', path: '' },
  { id: 'm22', pattern: {"spec":{"(args)":"--x*","c":"3"}}, resource: {"spec":{"args":["--xa","--xb"],"c":"9"}}, outcome: 'fail', path: '/spec/c/' },
  { id: 'm23', pattern: {"spec":{"(args)":"--x*","c":"3"}}, resource: {"spec":{"args":["--xa","--yb"],"c":"9"}}, outcome: 'skip', path: '' },
  { id: 'm24', pattern: {"spec":{"(a)":"1","(b)":"2","c":"3"}}, resource: {"spec":{"a":"1","b":"0","c":"9"}}, outcome: 'skip', path: '' },
  { id: 'm25', pattern: {"spec":{"^(x)":[{"a":"1"}],"c":"3"}}, resource: {"spec":{"c":"9"}}, outcome: 'error', path: '' },
  { id: 'm26', pattern: {"spec":{"=(init)":[{"(name)":"a*","image":"x"}],"=(hostNetwork)":false,"c":"3"}}, resource: {"spec":{"init":[{"image":"y"}],"hostNetwork":false,"c":"9"}}, outcome: 'error', path: '' },
  { id: 'm27', pattern: {"spec":{"containers":[{"(name)":"a*","X(privileged)":null}]}}, resource: {"spec":{"containers":[{"name":"abc","privileged":true},{"name":"zzz","privileged":true}]}}, outcome: 'fail', path: '/spec/containers/0/privileged/' },
  { id: 'm28', pattern: {"metadata":{"labels":{"app":1}}}, resource: {"metadata":{"labels":{"app":"2"}}}, outcome: 'pass', path: '' },
  { id: 'm29', pattern: {"metadata":{"labels":{"team-*":"?*"}}}, resource: {"metadata":{"labels":{"app":"x"}}}, outcome: 'fail', path: '/metadata/labels/team-*/' },
  { id: 'm30', pattern: {"metadata":{"labels":{"app":"?*"}}}, resource: {"metadata":{"name":"x"}}, outcome: 'fail', path: '/metadata/labels/' },
  { id: 'wk1', pattern: {"metadata":{"annotations":{"test/*":"value1"}}}, resource: {"metadata":{"annotations":{"test/bar":"value1"}}}, outcome: 'pass', path: '' },
  { id: 'wk2', pattern: {"metadata":{"annotations":{"test/b??":"v*"}}}, resource: {"metadata":{"annotations":{"test/bar":"value1"}}}, outcome: 'pass', path: '' },
  { id: 'wk3', pattern: {}, resource: {"metadata":{"annotations":{"test/bar":"value1"}}}, outcome: 'pass', path: '' },
  { id: 'wk4', pattern: {"metadata":{"annotations":{"test/b??":"v*"}}}, resource: {"metadata":{"labels":{"test/bar":"value1"}}}, outcome: 'fail', path: '/metadata/annotations/' },
  { id: 'wk5', pattern: {"metadata":{"labels":{"*/test":"foo"}}}, resource: {"metadata":{"labels":{"foo/test":"foo"}}}, outcome: 'pass', path: '' },
  { id: 'wk6', pattern: {"metadata":{"labels":{"foo/a*":"bar"}}}, resource: {"metadata":{"labels":{"foo/aa?":"bar","foo/789":"bar"}}}, outcome: 'pass', path: '' },
  { id: 'wk7', pattern: {"metadata":{"labels":{"foo/ABC*":"bar"}}}, resource: {"metadata":{"labels":{"foo/AB?":"bar","foo/ABC":"bar2"}}}, outcome: 'fail', path: '/metadata/labels/foo/ABC/' },
  { id: 'wk8', pattern: {"=(metadata)":{"=(labels)":{"foo/P*":"bar","foo/Q*":"bar2"}}}, resource: {"metadata":{"labels":{"foo/PQR":"bar","foo/QR":"bar2"}}}, outcome: 'pass', path: '' },
  { id: 'wk9', pattern: {"metadata":{"labels":{"foo/1*":"bar"}}}, resource: {"metadata":{"labels":{"foo/123":"bar222"}}}, outcome: 'fail', path: '/metadata/labels/foo/123/' },
  { id: 'wk10', pattern: {"metadata":{"labels":{"foo/X*":"bar","foo/A*":"bar2"}}}, resource: {"metadata":{"labels":{"foo/XYZ":"bar"}}}, outcome: 'fail', path: '/metadata/labels/foo/A*/' },
  { id: 'wk11', pattern: {"=(metadata)":{"=(labels)":{"foo/1*":"bar","foo/4*":"bar2"}}}, resource: {"metadata":{"labels":{"foo/123":"bar"}}}, outcome: 'fail', path: '/metadata/labels/foo/4*/' },
  { id: 'test-1', pattern: P1, resource: {"spec":{"containers":[{"name":"nginx","image":"nginx:1.2.3","imagePullPolicy":"Always"}]}}, outcome: 'skip', path: '' },
  { id: 'test-2', pattern: P1, resource: {"spec":{"containers":[{"name":"nginx","image":"nginx:latest","imagePullPolicy":"Always"}]}}, outcome: 'fail', path: '/spec/containers/0/imagePullPolicy/' },
  { id: 'test-3', pattern: P1, resource: {"spec":{"containers":[{"name":"nginx","image":"nginx","imagePullPolicy":"Always"}]}}, outcome: 'fail', path: '/spec/containers/0/imagePullPolicy/' },
  { id: 'test-4', pattern: P1, resource: {"spec":{"containers":[{"name":"nginx","image":"nginx","imagePullPolicy":"Never"}]}}, outcome: 'pass', path: '' },
  { id: 'test-5', pattern: P1, resource: {"spec":{"containers":[{"name":"nginx","image":"nginx:latest","imagePullPolicy":"Never"}]}}, outcome: 'pass', path: '' },
  { id: 'test-6', pattern: P1, resource: {"spec":{"containers":[{"name":"nginx","image":"nginx:1.2.3","imagePullPolicy":"Never"}]}}, outcome: 'skip', path: '' },
  { id: 'test-7', pattern: P1, resource: {"spec":{"containers":[{"name":"nginx","image":"nginx","imagePullPolicy":"Always"},{"name":"busybox","image":"busybox:1.28","imagePullPolicy":"Always"}]}}, outcome: 'fail', path: '/spec/containers/0/imagePullPolicy/' },
  { id: 'test-8', pattern: P1, resource: {"spec":{"containers":[{"name":"nginx","image":"nginx:latest","imagePullPolicy":"Always"},{"name":"busybox","image":"busybox:1.28","imagePullPolicy":"Always"}]}}, outcome: 'fail', path: '/spec/containers/0/imagePullPolicy/' },
  { id: 'test-9', pattern: P1, resource: {"spec":{"containers":[{"name":"nginx","image":"nginx:1.2.3","imagePullPolicy":"Always"},{"name":"busybox","image":"busybox:1.28","imagePullPolicy":"Always"}]}}, outcome: 'skip', path: '' },
  { id: 'test-10', pattern: P1, resource: {"spec":{"containers":[{"name":"nginx","image":"nginx","imagePullPolicy":"Never"},{"name":"busybox","image":"busybox:1.28","imagePullPolicy":"Always"}]}}, outcome: 'pass', path: '' },
  { id: 'test-11', pattern: P1, resource: {"spec":{"containers":[{"name":"nginx","image":"nginx:latest","imagePullPolicy":"Never"},{"name":"busybox","image":"busybox:1.28","imagePullPolicy":"Always"}]}}, outcome: 'pass', path: '' },
  { id: 'test-12', pattern: P1, resource: {"spec":{"containers":[{"name":"nginx","image":"nginx:1.2.3","imagePullPolicy":"Never"},{"name":"busybox","image":"busybox:1.28","imagePullPolicy":"Always"}]}}, outcome: 'skip', path: '' },
  { id: 'test-13', pattern: P1, resource: {"spec":{"containers":[{"name":"busybox","image":"busybox:1.28","imagePullPolicy":"Always"},{"name":"nginx","image":"nginx","imagePullPolicy":"Always"}]}}, outcome: 'fail', path: '/spec/containers/1/imagePullPolicy/' },
  { id: 'test-14', pattern: P1, resource: {"spec":{"containers":[{"name":"busybox","image":"busybox:1.28","imagePullPolicy":"Always"},{"name":"nginx","image":"nginx:latest","imagePullPolicy":"Always"}]}}, outcome: 'fail', path: '/spec/containers/1/imagePullPolicy/' },
  { id: 'test-15', pattern: P1, resource: {"spec":{"containers":[{"name":"busybox","image":"busybox:1.28","imagePullPolicy":"Always"},{"name":"nginx","image":"nginx:1.2.3","imagePullPolicy":"Always"}]}}, outcome: 'skip', path: '' },
  { id: 'test-16', pattern: P1, resource: {"spec":{"containers":[{"name":"busybox","image":"busybox:1.28","imagePullPolicy":"Always"},{"name":"nginx","image":"nginx","imagePullPolicy":"Never"}]}}, outcome: 'pass', path: '' },
  { id: 'test-17', pattern: P1, resource: {"spec":{"containers":[{"name":"busybox","image":"busybox:1.28","imagePullPolicy":"Always"},{"name":"nginx","image":"nginx:latest","imagePullPolicy":"Never"}]}}, outcome: 'pass', path: '' },
  { id: 'test-18', pattern: P1, resource: {"spec":{"containers":[{"name":"busybox","image":"busybox:1.28","imagePullPolicy":"Always"},{"name":"nginx","image":"nginx:1.2.3","imagePullPolicy":"Never"}]}}, outcome: 'skip', path: '' },
  { id: 'test-19', pattern: P1, resource: {"spec":{"containers":[{"name":"busybox","image":"busybox","imagePullPolicy":"Always"},{"name":"nginx","image":"nginx","imagePullPolicy":"Always"}]}}, outcome: 'fail', path: '/spec/containers/0/imagePullPolicy/' },
  { id: 'test-20', pattern: P1, resource: {"spec":{"containers":[{"name":"busybox","image":"busybox:latest","imagePullPolicy":"Always"},{"name":"nginx","image":"nginx:latest","imagePullPolicy":"Always"}]}}, outcome: 'fail', path: '/spec/containers/0/imagePullPolicy/' },
  { id: 'test-21', pattern: P1, resource: {"spec":{"containers":[{"name":"busybox","image":"busybox:1.2.3","imagePullPolicy":"Always"},{"name":"nginx","image":"nginx:latest","imagePullPolicy":"IfNotPresent"}]}}, outcome: 'pass', path: '' },
  { id: 'test-22', pattern: P2, resource: {"spec":{"containers":[{"name":"nginx","image":"nginx:latest","imagePullPolicy":"Always"}]}}, outcome: 'fail', path: '/spec/containers/0/imagePullPolicy/' },
  { id: 'test-23', pattern: P3, resource: {"spec":{"containers":[{"name":"nginx","image":"nginx","imagePullPolicy":"Always"}]}}, outcome: 'skip', path: '' },
  { id: 'test-24', pattern: P3, resource: {"spec":{"containers":[{"name":"nginx","image":"nginx:latest","imagePullPolicy":"Always"}]}}, outcome: 'fail', path: '/spec/containers/0/imagePullPolicy/' },
  { id: 'test-25', pattern: P4, resource: {"spec":{"containers":[{"name":"nginx","image":"nginx","env":[{"name":"foo1","value":"bar"}],"imagePullPolicy":"Always"}]}}, outcome: 'skip', path: '' },
  { id: 'test-26', pattern: P4, resource: {"spec":{"containers":[{"name":"nginx","image":"nginx","env":[{"name":"foo","value":"bar"}],"imagePullPolicy":"Always"}]}}, outcome: 'fail', path: '/spec/containers/0/imagePullPolicy/' },
  { id: 'test-27', pattern: P5, resource: {"spec":{"containers":[{"name":"nginx","image":"nginx","env":[{"name":"foo1","value":"bar"}],"imagePullPolicy":"Always"}]}}, outcome: 'skip', path: '' },
  { id: 'test-28', pattern: P5, resource: {"spec":{"containers":[{"name":"nginx","image":"nginx","env":[{"name":"foo","value":"bar"}],"imagePullPolicy":"IfNotpresent"}]}}, outcome: 'pass', path: '' },
  { id: 'test-29', pattern: P5, resource: {"spec":{"containers":[{"name":"nginx","image":"nginx","env":[{"name":"foo","value":"bar"}],"imagePullPolicy":"Always"}]}}, outcome: 'fail', path: '/spec/containers/0/imagePullPolicy/' },
  { id: 'test-30', pattern: P6, resource: {"metadata":{"name":"somename"},"spec":{"containers":[{"name":"nginx","image":"nginx:latest"}],"imagePullSecrets":[{"name":"cred"}]}}, outcome: 'skip', path: '' },
  { id: 'test-31', pattern: P6, resource: {"metadata":{"name":"nginx"},"spec":{"containers":[{"name":"nginx","image":"nginx:latest"}],"imagePullSecrets":[{"name":"cred"}]}}, outcome: 'fail', path: '/spec/imagePullSecrets/0/name/' },
  { id: 'test-32', pattern: P7, resource: {"metadata":{"name":"nginx","labels":{"foo":"bar"}},"spec":{"containers":[{"name":"nginx","image":"nginx"}]}}, outcome: 'pass', path: '' },
  { id: 'test-33', pattern: P7, resource: {"metadata":{"name":"nginx","labels":{"foo":"bar"}},"spec":{"containers":[{"name":"nginx","image":"nginx:latest"}]}}, outcome: 'fail', path: '/spec/containers/0/image/' },
  { id: 'test-34', pattern: P8, resource: {"spec":{"containers":[{"name":"nginx","image":"nginx"}],"imagePullSecrets":[{"name":"cred"}]}}, outcome: 'fail', path: '/spec/imagePullSecrets/0/name/' },
  { id: 'test-35', pattern: P8, resource: {"spec":{"containers":[{"name":"nginx","image":"somepod"}],"imagePullSecrets":[{"name":"cred"}]}}, outcome: 'skip', path: '' },
  { id: 'test-36', pattern: P8, resource: {"spec":{"containers":[{"name":"nginx","image":"nginx"}],"imagePullSecrets":[{"name":"my-registry-secret"}]}}, outcome: 'pass', path: '' },
  { id: 'test-37', pattern: P9, resource: {"metadata":{"labels":{"run":"nginx"},"name":"nginx"},"spec":{"containers":[{"image":"nginx","name":"nginx"}]}}, outcome: 'skip', path: '' },
  { id: 'test-38', pattern: P9, resource: {"metadata":{"labels":{"run":"nginx"},"name":"nginx"},"spec":{"containers":[{"image":"nginx","name":"nginx"}],"volumes":[{"hostPath":{"path":"/var/run/docker.sock"}}]}}, outcome: 'fail', path: '/metadata/labels/allow-docker/' },
  { id: 'test-39', pattern: P9, resource: {"metadata":{"labels":{"run":"nginx"},"name":"nginx"},"spec":{"containers":[{"image":"nginx","name":"nginx"}],"volumes":[{"hostPath":{"path":"/randome/value"}}]}}, outcome: 'skip', path: '' },
  { id: 'test-40', pattern: P9, resource: {"metadata":{"labels":{"run":"nginx","allow-docker":"true"},"name":"nginx"},"spec":{"containers":[{"image":"nginx","name":"nginx"}],"volumes":[{"hostPath":{"path":"/var/run/docker.sock"}}]}}, outcome: 'pass', path: '' },
  { id: 'test-41', pattern: P9, resource: {"metadata":{"labels":{"run":"nginx","allow-docker":"false"},"name":"nginx"},"spec":{"containers":[{"image":"nginx","name":"nginx"}],"volumes":[{"hostPath":{"path":"/var/run/docker.sock"}}]}}, outcome: 'fail', path: '/metadata/labels/allow-docker/' },
  { id: 'test-42', pattern: P9, resource: {"metadata":{"labels":{"run":"nginx"},"name":"nginx"},"spec":{"containers":[{"image":"nginx","name":"nginx"}],"volumes":[{"hostPath":{"path":"/var/run/docker.sock"}}]}}, outcome: 'fail', path: '/metadata/labels/allow-docker/' },
  { id: 'test-43', pattern: P10, resource: {"spec":{"volumes":[{"name":"cache-volume","emptyDir":{}}]}}, outcome: 'skip', path: '' },
  { id: 'test-44', pattern: P11, resource: {"spec":{"initContainers":[{"name":"nginx","securityContext":{"runAsUser":1000}}],"containers":[{"name":"nginx","image":"nginx"}]}}, outcome: 'pass', path: '' },
  { id: 'test-45', pattern: P11, resource: {"spec":{"initContainers":[{"name":"nginx","securityContext":{"runAsUser":0}}],"containers":[{"name":"nginx","image":"nginx"}]}}, outcome: 'fail', path: '/spec/initContainers/0/securityContext/runAsUser/' },
  { id: 'test-46', pattern: P11, resource: {"spec":{"initContainers":[{"name":"istio-init","securityContext":{"runAsUser":0}}],"containers":[{"securityContext":{"runAsUser":1000}}]}}, outcome: 'pass', path: '' },
  { id: 'test-47', pattern: P11, resource: {"spec":{"initContainers":[{"name":"istio-init","securityContext":{"runAsUser":1000}}],"containers":[{"securityContext":{"runAsUser":0}}]}}, outcome: 'fail', path: '/spec/containers/0/securityContext/runAsUser/' },
  { id: 'test-48', pattern: P11, resource: {"spec":{"containers":[{"securityContext":{"runAsUser":1000}}]}}, outcome: 'pass', path: '' },
  { id: 'test-49', pattern: P11, resource: {"spec":{"containers":[{"securityContext":{"runAsUser":0}}]}}, outcome: 'fail', path: '/spec/containers/0/securityContext/runAsUser/' },
  { id: 'test-50', pattern: P11, resource: {"spec":{"initContainers":[{"name":"istio-init","securityContext":{"runAsUser":0}}],"containers":[{"name":"nginx","image":"nginx"}]}}, outcome: 'pass', path: '' },
  { id: 'test-51', pattern: P12, resource: {"spec":{"volumes":[{"name":"credential-socket","emptyDir":{"sizeLimit":"1Gi"}}]}}, outcome: 'skip', path: '' },
  { id: 'test-52', pattern: P12, resource: {"spec":{"volumes":[{"name":"cache-volume","emptyDir":{"sizeLimit":"1Gi"}}]}}, outcome: 'pass', path: '' },
  { id: 'test-53', pattern: P12, resource: {"spec":{"volumes":[{"name":"cache-volume"}]}}, outcome: 'pass', path: '' },
  { id: 'test-54', pattern: P12, resource: {"spec":{"volumes":[{"name":"cache-volume","emptyDir":{}}]}}, outcome: 'fail', path: '/spec/volumes/0/emptyDir/sizeLimit/' },
  { id: 'check_global_anchor_skip', pattern: P3, resource: {"spec":{"containers":[{"name":"nginx","image":"nginx:v1","imagePullPolicy":"Always"}]}}, outcome: 'skip', path: '' },
  { id: 'check_global_anchor_fail', pattern: P3, resource: {"spec":{"containers":[{"name":"nginx","image":"nginx:latest","imagePullPolicy":"Always"}]}}, outcome: 'fail', path: '/spec/containers/0/imagePullPolicy/' },
  { id: 'check_global_anchor_pass', pattern: P3, resource: {"spec":{"containers":[{"name":"nginx","image":"nginx:latest","imagePullPolicy":"IfNotPresent"}]}}, outcome: 'pass', path: '' },
  { id: 'check_global_anchor_mixed', pattern: P3, resource: {"spec":{"containers":[{"name":"nginx","image":"nginx:latest","imagePullPolicy":"IfNotPresent"},{"name":"nginx","image":"nginx:v2","imagePullPolicy":"IfNotPresent"}]}}, outcome: 'pass', path: '' },
];

/**
 * anyPattern (`validator.validatePatterns`, pkg/engine/handlers/validation/validate_resource.go): the first
 * passing pattern wins; any failure (or error) fails; else skip.
 */
function evaluate(vector: Vector, numberMode: NumberMode): { outcome: PatternOutcome; path: string } {
  const { pattern } = vector;
  if (typeof pattern === 'object' && pattern !== null && !Array.isArray(pattern) && 'anyPattern' in pattern) {
    const results = (pattern.anyPattern as JsonValue[]).map((p) => matchPattern(vector.resource, p, { numberMode }));
    if (results.some((r) => r.outcome === 'pass')) return { outcome: 'pass', path: '' };
    if (results.some((r) => r.outcome === 'fail' || r.outcome === 'error')) return { outcome: 'fail', path: '' };
    return { outcome: 'skip', path: '' };
  }
  const result = matchPattern(vector.resource, pattern as JsonValue, { numberMode });
  return { outcome: result.outcome, path: result.path };
}

describe('pattern vectors (validate.MatchPattern outcomes)', () => {
  describe.each(['float64', 'int64'] as const)('numberMode %s', (numberMode) => {
    it.each(VECTORS)('$id', (vector) => {
      const expected = numberMode === 'int64' && vector.int64 !== undefined ? vector.int64 : vector.outcome;
      const expectedPath = expected === 'fail' ? vector.path : '';
      expect(evaluate(vector, numberMode)).toEqual({ outcome: expected, path: expectedPath });
    });
  });
});
