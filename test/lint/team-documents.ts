/**
 * @file Test documents shared by the scan tests of hostile input: a policy requiring a `team` label on Pods,
 * and a Pod without it (one failure, at line 3 of the Pod's file).
 */

export const REQUIRE_TEAM_RULES = `spec:
  validationFailureAction: Enforce
  rules:
    - name: check-team
      match:
        any:
          - resources:
              kinds: [Pod]
      validate:
        message: team label required
        pattern:
          metadata:
            labels:
              team: "?*"
`;

export const REQUIRE_TEAM = `apiVersion: kyverno.io/v1
kind: ClusterPolicy
metadata:
  name: require-team
${REQUIRE_TEAM_RULES}`;

export const POD = `apiVersion: v1
kind: Pod
metadata:
  name: app
spec:
  containers:
    - name: app
      image: nginx:1.27
`;
