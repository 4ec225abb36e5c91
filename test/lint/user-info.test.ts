/**
 * The requesting user of the scan's simulated admission request: `userInfo:` in the configuration (or a UserInfo
 * file with `userinfo:` / `--userinfo`); without either, the Kyverno CLI's mock request carries no user info.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, type LintConfig, type UserInfoSetting } from '../../src/config/types.js';
import { lint } from '../../src/lint/lint.js';
import { LEGACY_POLICY, runCli, scratchFolder } from '../commands/helpers.js';

const scratch = scratchFolder('kyverno-lint-user-info-');

/** Requires a team label on Pods, except for the platform group and cluster admins. */
const EXCLUDING_POLICY = `apiVersion: kyverno.io/v1
kind: ClusterPolicy
metadata:
  name: require-team
spec:
  validationFailureAction: Enforce
  background: false
  rules:
    - name: team-label
      match:
        any:
          - resources:
              kinds: [Pod]
      exclude:
        any:
          - subjects:
              - kind: Group
                name: platform
          - clusterRoles: [cluster-admin]
      validate:
        message: the team label is required
        pattern:
          metadata:
            labels:
              team: "?*"
`;

/** Only the CI deployer may create Pods. */
const USERNAME_POLICY = `apiVersion: policies.kyverno.io/v1
kind: ValidatingPolicy
metadata:
  name: deployer-only
spec:
  validationActions: [Deny]
  matchConstraints:
    resourceRules:
      - apiGroups: [""]
        apiVersions: [v1]
        operations: [CREATE]
        resources: [pods]
  validations:
    - expression: "request.userInfo.username == 'system:serviceaccount:ci:deployer'"
      messageExpression: "'created by ' + request.userInfo.username + ', not by the deployer'"
`;

const POD = `apiVersion: v1
kind: Pod
metadata:
  name: web
  namespace: default
spec:
  containers: [{name: c, image: nginx}]
`;

async function scan(config: Partial<LintConfig>): Promise<string[]> {
  const result = await lint({ cwd: scratch.dir, paths: [scratch.dir], policyPaths: [], config: { ...DEFAULT_CONFIG, ignore: [LEGACY_POLICY], ...config } });
  expect(result.errors).toEqual([]);
  return result.report.findings.map((finding) => `${finding.ruleId} ${finding.status}: ${finding.message}`);
}

const TEAM_FAILS = 'require-team/team-label fail: validation error: the team label is required. rule team-label failed at path /metadata/labels/';

describe('userInfo: the requesting user of the scan', () => {
  it.each<[string, UserInfoSetting | undefined, string[]]>([
    // No user info (the Kyverno CLI's mock): exclude blocks naming subjects or roles exclude nothing.
    ['no user info', undefined, [TEAM_FAILS]],
    ['a user outside the group', { username: 'alice', groups: ['dev'] }, [TEAM_FAILS]],
    ['a member of the excluded group', { username: 'alice', groups: ['dev', 'platform'] }, []],
    ['a user bound to the excluded cluster role', { username: 'alice', clusterRoles: ['view', 'cluster-admin'] }, []],
    ['a user with other cluster roles', { username: 'alice', clusterRoles: ['view'], roles: ['default:admin'] }, [TEAM_FAILS]],
  ])('exclude by group or cluster role: %s', async (_, userInfo, findings) => {
    scratch.write('policy.yaml', EXCLUDING_POLICY);
    scratch.write('pod.yaml', POD);
    expect(await scan(userInfo === undefined ? {} : { userInfo })).toEqual(findings);
  });

  it.each<[string, UserInfoSetting | undefined, string[]]>([
    // Without user info, request.userInfo is empty: reading its username is an evaluation error.
    ['no user info', undefined, [expect.stringMatching(/^deployer-only error: rule could not be evaluated: error: no such key: username/) as unknown as string]],
    ['the deployer', { username: 'system:serviceaccount:ci:deployer' }, []],
    ['another user', { username: 'alice', uid: '42', extra: { scopes: ['all'] } }, ['deployer-only fail: created by alice, not by the deployer']],
  ])('CEL request.userInfo.username: %s', async (_, userInfo, findings) => {
    scratch.write('policy.yaml', USERNAME_POLICY);
    scratch.write('pod.yaml', POD);
    expect(await scan(userInfo === undefined ? {} : { userInfo })).toEqual(findings);
  });

  it('reads userInfo from the configuration file; --userinfo overrides it', async () => {
    scratch.write('policy.yaml', USERNAME_POLICY);
    scratch.write('pod.yaml', POD);
    scratch.write('.kyverno-lint.yaml', `ignore: [${LEGACY_POLICY}]\nuserInfo:\n  username: alice\n`);
    scratch.write('user.yaml', 'apiVersion: cli.kyverno.io/v1alpha1\nkind: UserInfo\nuserInfo:\n  username: system:serviceaccount:ci:deployer\n');
    const fromConfig = await runCli([], { cwd: scratch.dir });
    expect(fromConfig.code).toBe(1);
    expect(fromConfig.stdout).toContain('created by alice, not by the deployer');
    const overridden = await runCli(['--userinfo', 'user.yaml'], { cwd: scratch.dir });
    expect(overridden.stdout).not.toContain('created by');
    expect(overridden.code).toBe(0);
  });

  it('userinfo and userInfo together are a configuration error (exit 2)', async () => {
    scratch.write('policy.yaml', USERNAME_POLICY);
    scratch.write('pod.yaml', POD);
    scratch.write('.kyverno-lint.yaml', 'userinfo: user.yaml\nuserInfo:\n  username: alice\n');
    const run = await runCli([], { cwd: scratch.dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('.kyverno-lint.yaml:2:1: userinfo (a UserInfo file) and userInfo (the user written here) cannot both be set: keep one');
  });
});
