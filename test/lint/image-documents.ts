/**
 * @file Policies reading image metadata, Pods and an image data file, for the tests of image data given offline
 * (the scan's `--image-data` / `imageData:`, `apply --image-data`).
 */

export const DIGEST = `sha256:${'a'.repeat(64)}`;

/**
 * A ClusterPolicy with two rules reading an `imageRegistry` context entry: the image's user (`configData`) and its
 * size (`manifest`, through the entry's `jmesPath`).
 */
export const REGISTRY_POLICY = `apiVersion: kyverno.io/v1
kind: ClusterPolicy
metadata:
  name: image-checks
spec:
  validationFailureAction: Enforce
  rules:
    - name: non-root
      match:
        any:
          - resources:
              kinds: [Pod]
      validate:
        message: images must not run as root
        foreach:
          - list: request.object.spec.containers
            context:
              - name: imageData
                imageRegistry:
                  reference: "{{ element.image }}"
            deny:
              conditions:
                all:
                  - key: "{{ imageData.configData.config.User || '' }}"
                    operator: Equals
                    value: ""
    - name: small
      match:
        any:
          - resources:
              kinds: [Pod]
      validate:
        message: images must be 2Gi at most
        foreach:
          - list: request.object.spec.containers
            context:
              - name: imageSize
                imageRegistry:
                  reference: "{{ element.image }}"
                  jmesPath: to_string(sum(manifest.layers[*].size))
            deny:
              conditions:
                all:
                  - key: 2Gi
                    operator: LessThan
                    value: "{{ imageSize }}"
`;

/** A ValidatingPolicy reading the image's user with CEL `image.GetMetadata`. */
export const CEL_POLICY = `apiVersion: policies.kyverno.io/v1
kind: ValidatingPolicy
metadata:
  name: cel-non-root
spec:
  validationActions: [Deny]
  matchConstraints:
    resourceRules:
      - apiGroups: [""]
        apiVersions: [v1]
        operations: [CREATE]
        resources: [pods]
  validations:
    - expression: "object.spec.containers.all(c, image.GetMetadata(c.image).config.config.User != '')"
      message: images must not run as root
`;

/** A Pod running `image`. */
export function pod(name: string, image: string): string {
  return `apiVersion: v1
kind: Pod
metadata:
  name: ${name}
  namespace: default
spec:
  containers:
    - name: main
      image: ${image}
`;
}

/** The Pods: one whose image runs as a user and is small, one whose image runs as root and is large. */
export const PODS = `${pod('app', 'ghcr.io/acme/app:1.0')}---\n${pod('root', 'ghcr.io/acme/root:1.0')}`;

/** The image data of both Pods' images. */
export const IMAGES = `images:
  - image: ghcr.io/acme/app:1.0
    digest: ${DIGEST}
    config:
      config:
        User: app
    manifest:
      layers: [{size: 1000}, {size: 2000}]
  - image: ghcr.io/acme/root:1.0
    config:
      config:
        User: ''
    manifest:
      layers: [{size: 2000000000}, {size: 1000000000}]
`;
