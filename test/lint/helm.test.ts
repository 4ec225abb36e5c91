import { describe, expect, it } from 'vitest';
import { helmSources, templateLine } from '../../src/lint/helm.js';

const RENDERED = `---
# Source: shop/templates/service.yaml
apiVersion: v1
kind: Service
metadata:
  name: web
---
# Source: shop/templates/deployment.yaml
apiVersion: apps/v1
kind: Deployment
`;

describe('Helm # Source: comments', () => {
  it('lists the templates with the line of their comment', () => {
    expect(helmSources(RENDERED)).toEqual([
      { line: 2, template: 'shop/templates/service.yaml' },
      { line: 8, template: 'shop/templates/deployment.yaml' },
    ]);
  });

  it('maps a rendered line to the template line after the comment', () => {
    const sources = helmSources(RENDERED);
    expect(templateLine(sources, 3)).toEqual({ template: 'shop/templates/service.yaml', line: 1 });
    expect(templateLine(sources, 6)).toEqual({ template: 'shop/templates/service.yaml', line: 4 });
    expect(templateLine(sources, 10)).toEqual({ template: 'shop/templates/deployment.yaml', line: 2 });
    expect(templateLine(sources, 1)).toBeNull();
  });

  it('finds nothing in plain YAML', () => {
    expect(helmSources('apiVersion: v1\nkind: Pod\n# a comment\n')).toEqual([]);
  });
});
