import { describe, expect, it } from 'vitest';
import { parseFieldSelector, parseLabelSelector, SelectorError } from '../../src/cluster/index.js';

const labels = { app: 'web', tier: 'frontend', replicas: '3', 'example.com/team': 'shop' };

describe('label selectors', () => {
  it.each<[string, boolean]>([
    ['', true],
    ['app', true],
    ['!app', false],
    ['!missing', true],
    ['app=web', true],
    ['app==web', true],
    ['app=api', false],
    ['app!=api', true],
    ['missing!=x', true],
    ['app in (web,api)', true],
    ['app in (api)', false],
    ['missing in (x)', false],
    ['app notin (api)', true],
    ['missing notin (x)', true],
    ['app=web,tier=frontend', true],
    ['app=web,tier=backend', false],
    [' app = web , tier ', true],
    ['replicas>2', true],
    ['replicas<3', false],
    ['app>1', false],
    ['example.com/team=shop', true],
    ['app in (, api)', false],
  ])('%j matches: %s', (selector, expected) => {
    expect(parseLabelSelector(selector)(labels)).toBe(expected);
  });

  it.each(['app in web', 'app=(web)', '=web', 'app=web,', 'app notin', 'replicas>x', 'app=-web', 'app web'])('rejects %j', (selector) => {
    expect(() => parseLabelSelector(selector)).toThrow(SelectorError);
  });
});

describe('field selectors', () => {
  const pod = { metadata: { name: 'runner', namespace: 'shop' }, spec: { nodeName: 'node-a', hostNetwork: true }, status: { phase: 'Running' } };

  it.each<[string, string, boolean]>([
    ['', 'pods', true],
    ['metadata.name=runner', 'pods', true],
    ['metadata.name==runner', 'pods', true],
    ['metadata.name!=runner', 'pods', false],
    ['metadata.namespace=shop,metadata.name=runner', 'pods', true],
    ['metadata.namespace=tools', 'pods', false],
    ['spec.nodeName=node-a', 'pods', true],
    ['spec.hostNetwork=true', 'pods', true],
    ['status.phase!=Pending', 'pods', true],
    ['spec.nodeName=', 'pods', false],
  ])('%j on %s matches: %s', (selector, plural, expected) => {
    expect(parseFieldSelector(selector, '', plural)(pod)).toBe(expected);
  });

  it('decodes escaped separators in values', () => {
    expect(parseFieldSelector('metadata.name=a\\,b', '', 'configmaps')({ metadata: { name: 'a,b' } })).toBe(true);
  });

  it.each([
    ['spec.nodeName=node-a', 'configmaps', 'field label not supported: spec.nodeName'],
    ['metadata.name', 'pods', "can't understand"],
    ['metadata.name=a\\b', 'pods', 'invalid escape sequence'],
  ])('rejects %j on %s', (selector, plural, message) => {
    expect(() => parseFieldSelector(selector, '', plural)).toThrow(message);
  });
});
