/**
 * @file The configuration of a repository scan (`.kyverno-lint.yaml`, merged with command-line flags):
 * which files are policies and manifests, the admission request to simulate, how rule results map to
 * severities, and which rules to ignore.
 */
import type { Severity } from '../report/types.js';

/** A severity setting: a report severity, or `off` (findings not reported, counted as suppressed). */
export type SeveritySetting = Severity | 'off';

export interface SeverityMapping {
  /** Severity of failures of rules whose effective failure action is Audit (default `warning`). */
  audit: SeveritySetting;
  /** Severity of failures of rules whose effective failure action is Enforce (default `error`). */
  enforce: SeveritySetting;
  /** Per policy name (overrides audit/enforce). */
  policies: Record<string, SeveritySetting>;
  /** Per `policy/rule` (overrides the policy entry). */
  rules: Record<string, SeveritySetting>;
}

export interface LintConfig {
  /** The config file this came from (absolute path), when one was found. */
  file?: string;
  /** Globs (relative to the config file's folder, or the working directory) selecting policy files; empty = classify every YAML file. */
  policies: string[];
  /** Globs selecting manifest files; empty = every YAML file. */
  manifests: string[];
  /** Globs excluded from discovery (in addition to `.gitignore`). */
  exclude: string[];
  /** A Kyverno CLI Values file (`cli.kyverno.io/v1alpha1` `Values`). */
  values?: string;
  /** A Kyverno CLI UserInfo file. */
  userinfo?: string;
  /** The requesting user, written in the configuration (`userInfo:`); not together with {@link userinfo}. */
  userInfo?: UserInfoSetting;
  /** A file of image metadata (`images: [...]` or a Kyverno CLI Context file) read instead of image registries. */
  imageData?: string;
  /** `request.operation` of the simulated admission request (default `CREATE`). */
  operation: string;
  /**
   * Evaluate each manifest as the API server's defaulters leave it before admission (default true): `imagePullPolicy`
   * by tag, `replicas`, `reclaimPolicy`, … for the built-in kinds of {@link LintConfig.kubernetesVersion}.
   */
  apiDefaults?: boolean;
  /** The Kubernetes minor version whose defaults apply (`1.31`; default: the newest kyverno-lint implements). */
  kubernetesVersion?: string;
  severity: SeverityMapping;
  /** Rule ids (`policy/rule`, `policy/*`, wildcards `*` and `?`) whose findings are not reported. */
  ignore: string[];
  /** Reporter name (`stylish`, `json`, `sarif`, `github`, `junit`). */
  format?: string;
  /** Exit 1 when there are more warnings than this. */
  maxWarnings?: number;
  /** Files larger than this many bytes are reported as `kyverno-lint/file-too-large`, not read (default 64 MiB). */
  maxFileSize?: number;
  /** Accept a scan that finds no policy or no manifest (a warning instead of exit code 2). */
  allowEmpty?: boolean;
  /** How Kustomize layouts are checked. */
  kustomize?: KustomizeSettings;
  /**
   * Where the policy names and rule ids of `severity` and `ignore` are written in the file, for the problems
   * found once the policies are loaded (an id that names no loaded policy or rule).
   */
  positions?: RuleIdPositions;
}

/**
 * The requesting user of the simulated admission request, as `userInfo:` writes it: the fields of Kubernetes'
 * `authentication/v1` UserInfo, and the roles and cluster roles Kyverno binds to it (`request.roles`,
 * `request.clusterRoles`).
 */
export interface UserInfoSetting {
  username?: string;
  uid?: string;
  groups?: string[];
  extra?: Record<string, string[]>;
  roles?: string[];
  clusterRoles?: string[];
}

export interface KustomizeSettings {
  /** Build the kustomizations found and check what they build (default true); false checks every file as it is. */
  build: boolean;
  /**
   * Globs of the kustomization folders to build as roots (relative to the configuration file's folder); empty: every
   * kustomization that no other one includes.
   */
  roots: string[];
}

/** A 1-based position in the configuration file. */
export interface ConfigPosition {
  line: number;
  column: number;
}

export interface RuleIdPositions {
  /** The keys of `severity.policies`. */
  severityPolicies: Record<string, ConfigPosition>;
  /** The keys of `severity.rules`. */
  severityRules: Record<string, ConfigPosition>;
  /** The items of `ignore`, by index. */
  ignore: ConfigPosition[];
}

export const DEFAULT_CONFIG: LintConfig = {
  policies: [],
  manifests: [],
  exclude: [],
  operation: 'CREATE',
  severity: { audit: 'warning', enforce: 'error', policies: {}, rules: {} },
  ignore: [],
};
