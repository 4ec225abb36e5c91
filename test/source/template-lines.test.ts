import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { blankTemplateActions, locateInTemplate, parseTemplate, selectTemplateDocument, type TemplatePosition } from '../../src/source/template-lines.js';
import type { JsonValue } from '../../src/types.js';

/** A Deployment template in the style `helm create` writes. */
const DEPLOYMENT = `{{- /*
  The web front. A key in a comment is no key: replicas: 9
*/ -}}
apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ include "shop.fullname" . }}
  labels:
    {{- include "shop.labels" . | nindent 4 }}
  annotations:
    "app.kubernetes.io/part-of": shop
spec:
  {{- if not .Values.autoscaling.enabled }}
  replicas: {{ .Values.replicaCount }}
  {{- end }}
  template:
    spec:
      {{- with .Values.podSecurityContext }}
      securityContext:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      containers:
        - name: web
          image: "{{ .Values.image.repository }}:{{ .Values.image.tag }}"
          # The values decide.
          securityContext: {{- toYaml .Values.securityContext | nindent 12 }}
          ports:
          - name: http
            containerPort: 8080
          - name: admin
            containerPort: 9090
        {{- range .Values.sidecars }}
        - name: {{ .name }}
          image: {{ .image }}
        {{- end }}
        - name: exporter
          image: exporter:1.0
          {{- include "shop.exporterSecurity" . | nindent 10 }}
      volumes:
      - name: config
        configMap:
          name: web
`;

/** What \`helm template\` renders of it, with two sidecars. */
const RENDERED = parse(`apiVersion: apps/v1
kind: Deployment
metadata:
  name: shop-web
  labels:
    app.kubernetes.io/name: shop
  annotations:
    "app.kubernetes.io/part-of": shop
spec:
  replicas: 2
  template:
    spec:
      securityContext:
        runAsNonRoot: true
      containers:
        - name: web
          image: "ghcr.io/example/shop:1.0"
          securityContext:
            runAsNonRoot: false
          ports:
          - name: http
            containerPort: 8080
          - name: admin
            containerPort: 9090
        - name: log-shipper
          image: shipper:latest
        - name: proxy
          image: proxy:latest
        - name: exporter
          image: exporter:1.0
          securityContext:
            privileged: true
      volumes:
      - name: config
        configMap:
          name: web
`) as JsonValue;

function at(template: string, path: string, rendered?: JsonValue): TemplatePosition {
  const parsed = parseTemplate(template);
  const segments = path === '' ? [] : path.split('/').map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));
  return locateInTemplate(parsed.documents.find((document) => document.root.children.length > 0)!, segments, rendered);
}

describe('locateInTemplate: a rendered key path followed through the template indentation', () => {
  it.each([
    // Keys written literally, at each depth.
    { path: 'kind', expected: { line: 5, column: 1, found: 'key' } },
    { path: 'metadata/name', expected: { line: 7, column: 3, found: 'key' } },
    // A key inside an if block: the control lines have no place in the structure.
    { path: 'spec/replicas', expected: { line: 14, column: 3, found: 'key' } },
    // A key holding '/', split in the path as Kyverno's failure paths split it, and quoted in the template.
    { path: 'metadata/annotations/app.kubernetes.io/part-of', expected: { line: 11, column: 5, found: 'key' } },
    // Written by toYaml on the line below a literal key: the line that writes it.
    { path: 'spec/template/spec/securityContext/runAsNonRoot', expected: { line: 20, column: 9, found: 'output' } },
    // Written by include: the include line.
    { path: 'metadata/labels/app.kubernetes.io/name', expected: { line: 9, column: 5, found: 'output' } },
    // Written by toYaml on the key's own line: that key.
    { path: 'spec/template/spec/containers/0/securityContext/runAsNonRoot', expected: { line: 26, column: 11, found: 'partial' } },
    // Written by an include beside literal keys of a list item: the include line.
    { path: 'spec/template/spec/containers/3/securityContext/privileged', expected: { line: 38, column: 11, found: 'output' } },
    // List items in the order written: the second port of a list at the key's indentation.
    { path: 'spec/template/spec/containers/0/ports/1/containerPort', expected: { line: 31, column: 13, found: 'key' } },
    { path: 'spec/template/spec/volumes/0/configMap/name', expected: { line: 42, column: 11, found: 'key' } },
    // The elements a range renders: its item, whichever element; the items after the range count from the end.
    { path: 'spec/template/spec/containers/1/image', expected: { line: 34, column: 11, found: 'key' } },
    { path: 'spec/template/spec/containers/2/image', expected: { line: 34, column: 11, found: 'key' } },
    { path: 'spec/template/spec/containers/3/image', expected: { line: 37, column: 11, found: 'key' } },
    // A key the rendered object lacks: the deepest node that exists (the list item).
    { path: 'spec/template/spec/containers/0/resources/limits', expected: { line: 23, column: 9, found: 'key' } },
    // Nothing of the path in the template: the first content line (comment lines skipped).
    { path: 'status/phase', expected: { line: 4, column: 1, found: 'document' } },
    { path: '', expected: { line: 4, column: 1, found: 'document' } },
  ])('$path', ({ path, expected }) => {
    expect(at(DEPLOYMENT, path, RENDERED)).toEqual(expected);
  });

  it('finds list elements by the name the template writes, whatever their rendered position', () => {
    // The sidecar is left out of the render: the exporter is element 1, found by its name.
    const rendered = parse('spec:\n  containers:\n  - name: web\n  - name: exporter\n    image: exporter:1.0\n') as JsonValue;
    const template = 'spec:\n  containers:\n  - name: web\n  {{- if .Values.sidecar }}\n  - name: sidecar\n  {{- end }}\n  - name: exporter\n    image: exporter:1.0\n';
    expect(at(template, 'spec/containers/1/image', rendered)).toEqual({ line: 8, column: 5, found: 'key' });
    // Read literally (no rendered object), element 1 is the second item written.
    expect(at(template, 'spec/containers/1/name')).toEqual({ line: 5, column: 5, found: 'key' });
  });

  it.each([
    {
      name: 'a block scalar holds no keys',
      template: 'data:\n  config.yaml: |\n    server:\n      port: 80\n  other: x\n',
      path: 'data/config.yaml/server',
      expected: { line: 2, column: 3, found: 'partial' },
    },
    {
      name: 'a define block writes nothing in place',
      template: '{{- define "x" }}\nspec:\n  replicas: 1\n{{- end }}\nkind: Pod\nspec:\n  replicas: 2\n',
      path: 'spec/replicas',
      expected: { line: 7, column: 3, found: 'key' },
    },
    {
      name: 'a key named by an action is not a key of the path',
      template: 'metadata:\n  labels:\n    {{ .Values.labelKey }}: web\n    team: shop\n',
      path: 'metadata/labels/team',
      expected: { line: 4, column: 5, found: 'key' },
    },
    {
      name: 'a list written by toYaml under its key: the toYaml line',
      template: 'spec:\n  containers:\n    {{- toYaml .Values.containers | nindent 4 }}\n',
      path: 'spec/containers/0/image',
      expected: { line: 3, column: 5, found: 'output' },
    },
    {
      name: 'two lines writing content under the deepest key: that key',
      template: 'metadata:\n  labels:\n    {{- include "a" . | nindent 4 }}\n    {{- include "b" . | nindent 4 }}\n',
      path: 'metadata/labels/team',
      expected: { line: 2, column: 3, found: 'partial' },
    },
    {
      name: 'a comment action and YAML comments before the first content line',
      template: '# shop\n{{/* a comment */}}\n\n{{- if .Values.enabled }}\nkind: Pod\n{{- end }}\n',
      path: '',
      expected: { line: 4, column: 1, found: 'document' },
    },
    {
      name: 'an action spanning lines, with a brace in a string',
      template: 'spec:\n  {{- include "x" (dict\n      "a" "}"\n      "replicas" 3) | nindent 2 }}\n  paused: true\n',
      path: 'spec/paused',
      expected: { line: 5, column: 3, found: 'key' },
    },
  ])('$name', ({ template, path, expected }) => {
    const rendered = parse('kind: Pod\nspec:\n  replicas: 2\n  paused: true\n  containers:\n  - image: x\nmetadata:\n  labels:\n    team: shop\n') as JsonValue;
    // A rendered object holding every path asked (the block scalar's text read as a map, to show it is not followed).
    expect(at(template, path, path.startsWith('data/') ? (parse('data:\n  config.yaml:\n    server: 1\n') as JsonValue) : rendered)).toEqual(expected);
  });
});

describe('selectTemplateDocument: the template document a rendered document comes from', () => {
  const JOBS = '# Two jobs\napiVersion: batch/v1\nkind: Job\nmetadata:\n  name: a\n---\napiVersion: v1\nkind: ConfigMap\n---\napiVersion: batch/v1\nkind: Job\nmetadata:\n  name: b\n';
  const KINDLESS = '{{- range .Values.jobs }}\n---\nkind: {{ .kind }}\nmetadata:\n  name: {{ .name }}\n{{- end }}\n';

  it.each([
    { name: 'the first Job', template: JOBS, rendered: { kind: 'Job', kindIndex: 0, index: 0 }, startLine: 1 },
    { name: 'the second Job, sorted after the ConfigMap by Helm', template: JOBS, rendered: { kind: 'Job', kindIndex: 1, index: 2 }, startLine: 10 },
    { name: 'the ConfigMap', template: JOBS, rendered: { kind: 'ConfigMap', kindIndex: 0, index: 0 }, startLine: 7 },
    { name: 'a kind written by an action: the documents with content, in order', template: KINDLESS, rendered: { kind: 'Job', kindIndex: 3, index: 3 }, startLine: 3 },
  ])('$name', ({ template, rendered, startLine }) => {
    expect(selectTemplateDocument(parseTemplate(template), rendered)?.startLine).toBe(startLine);
  });

  it('gives each document its first content line and literal kind', () => {
    expect(parseTemplate(JOBS).documents.map(({ startLine, endLine, kind, contentLine }) => ({ startLine, endLine, kind, contentLine }))).toEqual([
      { startLine: 1, endLine: 5, kind: 'Job', contentLine: 2 },
      { startLine: 7, endLine: 8, kind: 'ConfigMap', contentLine: 7 },
      { startLine: 10, endLine: 14, kind: 'Job', contentLine: 10 },
    ]);
  });
});

describe('blankTemplateActions', () => {
  it('blanks every action, keeping lengths and line breaks', () => {
    const text = 'a: "{{ .Values.a }}" # kyverno-lint-disable-next-line\n{{- /* x\n y */}}\nb: 1\n';
    const blanked = blankTemplateActions(text);
    expect(blanked).toBe('a: "               " # kyverno-lint-disable-next-line\n        \n       \nb: 1\n');
    expect(blanked.length).toBe(text.length);
  });
});

describe('hostile templates', () => {
  it.each([
    { name: 'a long line of spaces before a character', text: `a:\n${' '.repeat(200_000)}x\n` },
    { name: 'a long key without a colon', text: `a${' '.repeat(200_000)}b\n` },
    { name: 'an unterminated action', text: `a:\n  b: {{ "${'}'.repeat(100_000)}\n` },
    { name: 'an unterminated comment', text: `{{/* ${'x '.repeat(100_000)}\nkind: Pod\n` },
    { name: 'a deep nesting', text: Array.from({ length: 5_000 }, (_, depth) => `${' '.repeat(depth)}k${depth}:`).join('\n') },
  ])('$name: read in linear time', ({ text }) => {
    const started = performance.now();
    const parsed = parseTemplate(text);
    const found = locateInTemplate(parsed.documents[0]!, ['a', 'b', 0, 'c']);
    expect(found.line).toBeGreaterThanOrEqual(1);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
